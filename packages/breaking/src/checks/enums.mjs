// Enumeration checks: removed enum (or const) values, a request newly restricted to a list, and
// open enumerations (`anyOf: [{type: string, enum}, {type: string}]`) that were opened or closed.
import { enumValues, openEnumKnownIndex } from '@vendor/spec-model';
import { isJsonObject, isSameJson } from '../json-values.mjs';
import { schemaResolver } from '../resolve-ref.mjs';

/**
 * Open enumerations. A response that may now carry values outside the old list is a break for
 * callers that handle every known value; the known values are compared like any enum. Returns
 * whether the pair was compared here (the remaining checks then do not apply).
 * @param {import('../schema-pair.mjs').SchemaPair} pair
 */
export function checkOpenEnumerations(pair) {
  const oldKnownValues = knownValuesBranch(pair.oldDocument, pair.oldSchema);
  const newKnownValues = knownValuesBranch(pair.newDocument, pair.newSchema);
  const opened = Boolean(newKnownValues) && !oldKnownValues;
  const staysOpen = Boolean(oldKnownValues) && Boolean(newKnownValues);
  const closed = Boolean(oldKnownValues) && !newKnownValues;
  if (opened) {
    if (pair.isResponse) pair.report('changed-type', ['anyOf'], 'enumeration opened: may now return values outside the known list');
    pair.compareNested(pair.oldSchema, newKnownValues.branch, 'anyOf', newKnownValues.index);
    return true;
  }
  if (staysOpen) {
    pair.compareNested(oldKnownValues.branch, newKnownValues.branch, 'anyOf', newKnownValues.index);
    return true;
  }
  // Closing a response enumeration is no break (the server sends fewer values); the other checks follow.
  if (closed && pair.isRequest) {
    pair.report('narrowed-limit', [], 'enumeration closed: values outside the known list are no longer accepted');
    return true;
  }
  return false;
}

/**
 * The known-values branch of an open enumeration (the spec model's rule) with its index, the branch unresolved;
 * undefined for any other schema. Only the two-branch form without a `type` beside it: a nullable open
 * enumeration (three branches) is compared branch by branch instead (checkVariants).
 */
function knownValuesBranch(document, schema) {
  const isTwoBranchAnyOf = isJsonObject(schema) && Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && !('type' in schema);
  if (!isTwoBranchAnyOf) return undefined;
  const index = openEnumKnownIndex(schema, schemaResolver(document));
  if (index === undefined) return undefined;
  return { branch: schema.anyOf[index], index };
}

/** Enum and const values: any value removed is a break; a request newly restricted to a list is a narrowed limit. */
export function checkEnumValues(pair) {
  const oldValues = enumValues(pair.oldSchema);
  const newValues = enumValues(pair.newSchema);
  // The keyword the new schema restricts with (`enum` also when it restricts with neither).
  const newKeyword = 'enum' in pair.newSchema || !('const' in pair.newSchema) ? 'enum' : 'const';
  if (oldValues && newValues) {
    const removedValues = oldValues.filter((value) => !newValues.some((newValue) => isSameJson(value, newValue)));
    if (removedValues.length) {
      const plural = removedValues.length > 1 ? 's' : '';
      pair.report('removed-enum-value', [newKeyword], `enum value${plural} ${listValues(removedValues)} removed`);
    }
    const addedValues = newValues.filter((value) => !oldValues.some((oldValue) => isSameJson(value, oldValue)));
    if (addedValues.length) {
      const plural = addedValues.length > 1 ? 's' : '';
      pair.note('addition', 'added-enum-value', [newKeyword], `new value${plural} ${listValues(addedValues)}`);
    }
    return;
  }
  if (pair.isRequest && !oldValues && newValues) pair.report('narrowed-limit', [newKeyword], `now restricted to ${listValues(newValues)}`);
}

function listValues(values) {
  return values.map((value) => JSON.stringify(value)).join(', ');
}
