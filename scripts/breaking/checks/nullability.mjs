// Nullability (kind changed-type): a nullable wrapper `anyOf: [X, {type: 'null'}]` compares as X plus
// null, so wrapping a schema reports one "may now return null" instead of every field of X as removed.
import { declaredTypes } from '../declared-types.mjs';
import { isJsonObject } from '../json-values.mjs';
import { resolveRef } from '../resolve-ref.mjs';
import { ANNOTATION_KEYWORDS, VARIANT_KEYWORDS } from '../schema-keywords.mjs';

/**
 * Returns whether either schema is a nullable wrapper (the pair is then compared in full: null
 * here, the wrapped schema through a nested comparison).
 * @param {import('../schema-pair.mjs').SchemaPair} pair
 */
export function checkNullableWrappers(pair) {
  const oldWrapper = nullableWrapper(pair.oldDocument, pair.oldSchema);
  const newWrapper = nullableWrapper(pair.newDocument, pair.newSchema);
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

/**
 * `anyOf` (or `oneOf`) of exactly one schema and `{type: 'null'}`, with nothing but annotations beside it.
 * @returns {{ keyword: string, index: number, inner: any } | null} inner: the non-null branch, unresolved
 */
function nullableWrapper(document, schema) {
  const keywords = VARIANT_KEYWORDS.filter((keyword) => Array.isArray(schema[keyword]));
  if (keywords.length !== 1) return null;
  const [keyword] = keywords;
  const otherKeywords = Object.keys(schema).filter((key) => key !== keyword && !ANNOTATION_KEYWORDS.has(key) && !key.startsWith('x-'));
  if (otherKeywords.length > 0 || schema[keyword].length !== 2) return null;
  const nullIndex = schema[keyword].findIndex((branch) => isNullSchema(resolveRef(document, branch).node));
  if (nullIndex === -1) return null;
  const index = 1 - nullIndex;
  const bothBranchesAreNull = isNullSchema(resolveRef(document, schema[keyword][index]).node);
  if (bothBranchesAreNull) return null;
  return { keyword, index, inner: schema[keyword][index] };
}

/** `{type: 'null'}`, with nothing but annotations beside it. */
function isNullSchema(schema) {
  return isJsonObject(schema) && schema.type === 'null' && Object.keys(schema).every((key) => key === 'type' || ANNOTATION_KEYWORDS.has(key));
}

/** The schema without `null` in its `type` list (the wrapper's other side carries the null). */
function withoutNullType(schema) {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const types = schema.type.filter((type) => type !== 'null');
  return { ...schema, type: types.length === 1 ? types[0] : types };
}
