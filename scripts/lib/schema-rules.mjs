// Shapes of the "requests strict, responses liberal" rule (docs/ARCHITECTURE.md), recognised in one place
// so the types generator and the conformance tests agree on what an open enumeration or a nullable is.

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords that constrain a value; a branch carrying none of them (besides `type`) accepts any value of its type. */
const CONSTRAINTS = ['enum', 'const', 'pattern', 'format', 'minLength', 'maxLength', 'allOf', 'anyOf', 'oneOf', 'not', '$ref'];

/** `{type: 'null'}`: the branch that makes a union nullable. */
export function isNullBranch(schema) {
  return isObject(schema) && schema.type === 'null' && !('enum' in schema) && !('const' in schema);
}

/** `{type: 'string', enum: [...]}` with string values only: the known values of an open enumeration. */
export function isKnownValuesBranch(schema) {
  const isStringEnum = isObject(schema) && Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string');
  return isStringEnum && schema.type === 'string';
}

/** `{type: 'string'}` with no constraint: the "any other value" branch of an open enumeration. */
export function isAnyStringBranch(schema) {
  if (!isObject(schema) || schema.type !== 'string') return false;
  return !CONSTRAINTS.some((keyword) => keyword in schema);
}

/**
 * An open enumeration: `anyOf: [{type: string, enum: [..known..]}, {type: string}]`, optionally with a
 * `{type: 'null'}` branch. The known values stay visible (docs, autocomplete); any other string is valid.
 */
export function isOpenEnum(schema) {
  if (!isObject(schema) || !Array.isArray(schema.anyOf)) return false;
  const branches = schema.anyOf;
  const known = branches.filter(isKnownValuesBranch);
  const anyString = branches.filter(isAnyStringBranch);
  const nulls = branches.filter(isNullBranch);
  const onlyThoseBranches = known.length + anyString.length + nulls.length === branches.length;
  return known.length === 1 && anyString.length === 1 && nulls.length <= 1 && onlyThoseBranches;
}

/** The known values of an open enumeration (empty when `schema` is not one). */
export function openEnumValues(schema) {
  if (!isOpenEnum(schema)) return [];
  return schema.anyOf.find(isKnownValuesBranch).enum;
}
