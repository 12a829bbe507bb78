// Merges `allOf` members into one schema, so that moving properties into an allOf (or out of one)
// is not reported as a change.
import { isJsonObject, isSameJson } from './json-values.mjs';
import { resolveRef } from './resolve-ref.mjs';
import { LOWER_LIMIT_KEYWORDS, UNKNOWN_PROPERTIES_KEYWORDS, UPPER_LIMIT_KEYWORDS } from './schema-keywords.mjs';

/** Deeper allOf nesting than this is left as it is (a guard against pathological documents). */
const MAX_ALL_OF_DEPTH = 32;

/** The schema with its allOf members (resolved, flattened in turn) merged into it; other schemas as they are. */
export function flattenAllOf(document, schema, depth = 0) {
  if (!isJsonObject(schema) || !Array.isArray(schema.allOf) || depth > MAX_ALL_OF_DEPTH) return schema;
  const { allOf, ...ownKeywords } = schema;
  let merged = { ...ownKeywords };
  for (const member of allOf) {
    const flatMember = flattenAllOf(document, resolveRef(document, member).node, depth + 1);
    if (!isJsonObject(flatMember)) continue;
    merged = mergeSchemas(merged, flatMember);
  }
  return merged;
}

/** Keywords that both members may set and that merge into one value; for any other, the first definition wins. */
const MERGED_KEYWORDS = new Set(['properties', 'required', 'enum', 'type', ...UPPER_LIMIT_KEYWORDS, ...LOWER_LIMIT_KEYWORDS, ...UNKNOWN_PROPERTIES_KEYWORDS]);

/** Both schemas at once: properties and required add up, enum and type intersect, the stricter limit wins. */
function mergeSchemas(first, second) {
  const merged = { ...first };
  for (const [keyword, secondValue] of Object.entries(second)) {
    if (!(keyword in merged)) merged[keyword] = secondValue;
    else if (MERGED_KEYWORDS.has(keyword)) merged[keyword] = mergeKeyword(keyword, merged[keyword], secondValue);
  }
  return merged;
}

function mergeKeyword(keyword, firstValue, secondValue) {
  if (keyword === 'properties') return mergeProperties(firstValue, secondValue);
  if (keyword === 'required') return [...new Set([...firstValue, ...secondValue])];
  if (keyword === 'enum') return firstValue.filter((value) => secondValue.some((other) => isSameJson(value, other)));
  if (keyword === 'type') return intersectTypes(firstValue, secondValue);
  if (UPPER_LIMIT_KEYWORDS.includes(keyword)) return Math.min(firstValue, secondValue);
  if (LOWER_LIMIT_KEYWORDS.includes(keyword)) return Math.max(firstValue, secondValue);
  // additionalProperties, unevaluatedProperties: closed if either member closes the object.
  return firstValue === false || secondValue === false ? false : firstValue;
}

/** A property defined by both becomes an allOf of both definitions. */
function mergeProperties(firstProperties, secondProperties) {
  const merged = { ...firstProperties };
  for (const [name, schema] of Object.entries(secondProperties)) {
    merged[name] = name in merged ? { allOf: [merged[name], schema] } : schema;
  }
  return merged;
}

/** The types both allow (an integer is also a number); one type prints as a name, several as a list. */
function intersectTypes(firstType, secondType) {
  const firstTypes = [].concat(firstType);
  const secondTypes = [].concat(secondType);
  const common = firstTypes.filter((type) => secondTypes.includes(type) || (type === 'integer' && secondTypes.includes('number')));
  return common.length === 1 ? common[0] : common;
}
