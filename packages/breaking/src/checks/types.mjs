// Type checks (kind changed-type): boolean schemas, the declared `type`, and `format`.
// A request type breaks when the server no longer accepts a value it did; a response type breaks
// when the server may send a value the caller did not expect.
import { enumValues } from '@vendor/spec-model';
import { acceptsType, declaredTypes, formatType } from '../declared-types.mjs';
import { flattenAllOf } from '../flatten-all-of.mjs';
import { isJsonObject } from '../json-values.mjs';
import { resolveRef } from '../resolve-ref.mjs';
import { COMPOSITION_KEYWORDS } from '../schema-keywords.mjs';

/**
 * `true` (anything) and `false` (nothing) schemas. Returns whether either schema is a boolean
 * (the pair is then compared in full).
 * @param {import('../schema-pair.mjs').SchemaPair} pair
 */
export function checkBooleanSchemas(pair) {
  const { oldSchema, newSchema } = pair;
  const eitherIsBoolean = typeof oldSchema === 'boolean' || typeof newSchema === 'boolean';
  if (!eitherIsBoolean) return false;
  if (pair.isRequest && newSchema === false && oldSchema !== false) pair.report('changed-type', [], 'schema no longer accepts any value');
  if (pair.isResponse && oldSchema === false && newSchema !== false) pair.report('changed-type', [], 'schema may now return values');
  return true;
}

/** The declared `type`: types lost in a request, gained in a response, or a type declared or dropped. */
export function checkDeclaredType(pair) {
  const oldTypes = declaredTypes(pair.oldSchema);
  const newTypes = declaredTypes(pair.newSchema);
  if (oldTypes && newTypes) {
    checkChangedTypes(pair, oldTypes, newTypes);
    return;
  }
  if (pair.isRequest && !oldTypes && newTypes) {
    checkNewlyDeclaredType(pair);
    return;
  }
  if (pair.isResponse && oldTypes && !newTypes) checkDroppedType(pair, oldTypes);
}

function checkChangedTypes(pair, oldTypes, newTypes) {
  const change = `type ${formatType(pair.oldSchema.type)} -> ${formatType(pair.newSchema.type)}`;
  if (pair.isRequest) {
    const lostTypes = [...oldTypes].filter((type) => !acceptsType(newTypes, type));
    if (lostTypes.length) pair.report('changed-type', ['type'], `${change}: no longer accepts ${lostTypes.join(', ')}`);
  } else {
    const gainedTypes = [...newTypes].filter((type) => !acceptsType(oldTypes, type));
    if (gainedTypes.length) pair.report('changed-type', ['type'], `${change}: may now return ${gainedTypes.join(', ')}`);
  }
}

/** A request schema without a type that now declares one (unless composition or an enum already restricted it). */
function checkNewlyDeclaredType(pair) {
  const oldSchema = pair.oldSchema;
  const restrictedWithoutType = hasComposition(oldSchema) || Boolean(enumValues(oldSchema));
  if (!restrictedWithoutType) pair.report('changed-type', ['type'], `type now restricted to ${formatType(pair.newSchema.type)}`);
}

/** A response schema that no longer declares its type: any value, or what its union's branches declare. */
function checkDroppedType(pair, oldTypes) {
  const newSchema = pair.newSchema;
  const restrictedWithoutType = hasComposition(newSchema) || Boolean(enumValues(newSchema));
  if (!restrictedWithoutType) {
    pair.report('changed-type', ['type'], `type ${formatType(pair.oldSchema.type)} no longer declared: any value may be returned`);
    return;
  }
  // A typed value replaced by a union: the union's branches say what may now be returned.
  const unionTypes = variantTypes(pair.newDocument, newSchema);
  if (!unionTypes) return;
  const gainedTypes = [...unionTypes].filter((type) => !acceptsType(oldTypes, type));
  if (gainedTypes.length) {
    pair.report('changed-type', [], `type ${formatType(pair.oldSchema.type)} -> one of ${[...unionTypes].join(', ')}: may now return ${gainedTypes.join(', ')}`);
  }
}

/** `format`: a request format that is new or different, a response format that changed or was dropped. */
export function checkFormat(pair) {
  const oldFormat = pair.oldSchema.format;
  const newFormat = pair.newSchema.format;
  if (pair.isRequest && newFormat !== undefined && newFormat !== oldFormat) {
    pair.report('changed-type', ['format'], `format ${oldFormat ?? '(none)'} -> ${newFormat}`);
  }
  if (pair.isResponse && oldFormat !== undefined && newFormat !== oldFormat) {
    pair.report('changed-type', ['format'], `format ${oldFormat} -> ${newFormat ?? '(none)'}`);
  }
}

function hasComposition(schema) {
  return COMPOSITION_KEYWORDS.some((keyword) => keyword in schema);
}

/** The JSON types a oneOf/anyOf may produce, when every branch declares its type; otherwise undefined. */
function variantTypes(document, schema) {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  if (branches.length === 0) return undefined;
  const types = new Set();
  for (const rawBranch of branches) {
    const branch = flattenAllOf(document, resolveRef(document, rawBranch).node);
    const branchTypes = isJsonObject(branch) ? declaredTypes(branch) : null;
    if (!branchTypes) return undefined;
    for (const type of branchTypes) types.add(type);
  }
  return types;
}
