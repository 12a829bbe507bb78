// Subschemas compared in turn: array items, tuple items (prefixItems) and the schema of unknown
// properties (additionalProperties / unevaluatedProperties as a schema). Reports nothing itself.
import { isJsonObject } from '../json-values.mjs';
import { UNKNOWN_PROPERTIES_KEYWORDS } from '../schema-keywords.mjs';

/** @param {import('../schema-pair.mjs').SchemaPair} pair */
export function checkNestedSchemas(pair) {
  const { oldSchema, newSchema } = pair;
  if (oldSchema.items !== undefined && newSchema.items !== undefined) pair.compareNested(oldSchema.items, newSchema.items, 'items');
  for (const keyword of UNKNOWN_PROPERTIES_KEYWORDS) {
    if (isJsonObject(oldSchema[keyword]) && isJsonObject(newSchema[keyword])) pair.compareNested(oldSchema[keyword], newSchema[keyword], keyword);
  }
  if (Array.isArray(oldSchema.prefixItems) && Array.isArray(newSchema.prefixItems)) {
    // Positions past the end of the new tuple have nothing to be compared with.
    oldSchema.prefixItems.forEach((oldItem, index) => {
      if (index < newSchema.prefixItems.length) pair.compareNested(oldItem, newSchema.prefixItems[index], 'prefixItems', index);
    });
  }
}
