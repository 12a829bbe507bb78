// Nullability (kind changed-type): a nullable wrapper `anyOf: [X, {type: 'null'}]` compares as X plus
// null, so wrapping a schema reports one "may now return null" instead of every field of X as removed.
import { nullableWrapper } from '@vendor/spec-model';
import { declaredTypes } from '../declared-types.mjs';
import { schemaResolver } from '../resolve-ref.mjs';

/**
 * Returns whether either schema is a nullable wrapper (the pair is then compared in full: null
 * here, the wrapped schema through a nested comparison).
 * @param {import('../schema-pair.mjs').SchemaPair} pair
 */
export function checkNullableWrappers(pair) {
  // The spec model's rule: `anyOf` (or `oneOf`) of exactly one schema and `{type: 'null'}`, nothing but annotations beside it.
  const oldWrapper = nullableWrapper(pair.oldSchema, schemaResolver(pair.oldDocument));
  const newWrapper = nullableWrapper(pair.newSchema, schemaResolver(pair.newDocument));
  if (!oldWrapper && !newWrapper) return false;
  const oldAcceptsNull = Boolean(oldWrapper) || declaredTypes(pair.oldSchema)?.has('null') === true;
  const newAcceptsNull = Boolean(newWrapper) || declaredTypes(pair.newSchema)?.has('null') === true;
  const nullPath = newWrapper ? [newWrapper.keyword] : ['type'];
  if (pair.isResponse && newAcceptsNull && !oldAcceptsNull) pair.report('changed-type', nullPath, 'may now return null');
  if (pair.isRequest && oldAcceptsNull && !newAcceptsNull) pair.report('changed-type', nullPath, 'no longer accepts null');
  // The other side is `type: [X, 'null']` or a schema without null: compared without its null.
  const oldInner = oldWrapper ? oldWrapper.inner : withoutNullType(pair.oldSchema);
  const newInner = newWrapper ? newWrapper.inner : withoutNullType(pair.newSchema);
  const innerPath = newWrapper ? [newWrapper.keyword, newWrapper.index] : [];
  pair.compareNested(oldInner, newInner, ...innerPath);
  return true;
}

/** The schema without `null` in its `type` list (the wrapper's other side carries the null). */
function withoutNullType(schema) {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const types = schema.type.filter((type) => type !== 'null');
  return { ...schema, type: types.length === 1 ? types[0] : types };
}
