// Shapes of the "requests strict, responses liberal" rule (docs/ARCHITECTURE.md), recognised in one place: the
// types generator, the conformance tests, the breaking-change gate and the validation proxy's provenance check
// agree on what a null branch, a nullable wrapper, an open enumeration or a list of values is.
//
// A rule that looks into branches takes `resolve`, the reader's way of following a branch's `$ref` (the
// comparer lays sibling keywords over the target, the proxy tolerates a broken reference); without it a
// `$ref` branch is taken as written, as the types generator sees schemas.
import type { JsonObject } from './types.js';

/** How a reader follows a `$ref` (of a branch); the identity by default. */
export type ResolveSchema = (schema: unknown) => unknown;
const asWritten: ResolveSchema = (schema) => schema;

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords that only annotate a schema; a schema that has nothing else beside its `type` states only that type. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/** Keywords that constrain a value; a branch carrying none of them (besides `type`) accepts any value of its type. */
const CONSTRAINTS = ['enum', 'const', 'pattern', 'format', 'minLength', 'maxLength', 'allOf', 'anyOf', 'oneOf', 'not', '$ref'];

/** The keywords of a union: a value matches one (`oneOf`) or some (`anyOf`) of their branches. */
const UNION_KEYWORDS = ['anyOf', 'oneOf'] as const;

const isAnnotation = (keyword: string) => ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith('x-');

/** `{type: 'null'}`, with nothing but annotations (and `x-` extensions) beside it: the branch that makes a union nullable. */
export function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema) || schema.type !== 'null') return false;
  return Object.keys(schema).every((keyword) => keyword === 'type' || isAnnotation(keyword));
}

/**
 * A nullable wrapper `anyOf: [X, {type: 'null'}]` (or `oneOf`), with nothing but annotations beside it: the spec's
 * spelling of "X or null" for a `$ref`'d or composed X. Returns the keyword, the index of X and X as written;
 * `undefined` for any other schema (a union of two nulls included).
 */
export function nullableWrapper(schema: unknown, resolve: ResolveSchema = asWritten): { keyword: 'anyOf' | 'oneOf'; index: number; inner: unknown } | undefined {
  if (!isObject(schema)) return undefined;
  const keywords = UNION_KEYWORDS.filter((keyword) => Array.isArray(schema[keyword]));
  if (keywords.length !== 1) return undefined;
  const keyword = keywords[0]!;
  const branches: unknown[] = schema[keyword];
  const onlyAnnotationsBeside = Object.keys(schema).every((key) => key === keyword || isAnnotation(key));
  if (!onlyAnnotationsBeside || branches.length !== 2) return undefined;
  const nullIndex = branches.findIndex((branch) => isNullSchema(resolve(branch)));
  if (nullIndex === -1) return undefined;
  const index = 1 - nullIndex;
  if (isNullSchema(resolve(branches[index]))) return undefined;
  return { keyword, index, inner: branches[index] };
}

/**
 * Whether the schema accepts `null` by any spelling (`type: 'null'` or a type list with it, `nullable: true`,
 * `null` among its `enum` values, `const: null`), itself or through one of its direct `anyOf`/`oneOf` branches.
 */
export function allowsNull(schema: unknown, resolve: ResolveSchema = asWritten): boolean {
  if (allowsNullItself(schema)) return true;
  return directBranches(schema, resolve).some(allowsNullItself);
}

function allowsNullItself(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true;
  if (schema.nullable === true) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  return schema.const === null;
}

/** Whether the schema lists its values: `enum` on itself or on one of its direct `anyOf`/`oneOf` branches (an open enumeration is one). */
export function isEnumLike(schema: unknown, resolve: ResolveSchema = asWritten): boolean {
  if (isObject(schema) && Array.isArray(schema.enum)) return true;
  return directBranches(schema, resolve).some((branch) => isObject(branch) && Array.isArray(branch.enum));
}

/** The values a schema is restricted to: its `enum`, or its `const` as a list of one; `undefined` when it is neither. */
export function enumValues(schema: unknown): unknown[] | undefined {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return undefined;
}

/** `{type: 'string', enum: [...]}` with string values only: the known values of an open enumeration. */
export function isKnownValuesBranch(schema: unknown): boolean {
  const isStringEnum = isObject(schema) && Array.isArray(schema.enum) && schema.enum.every((value: unknown) => typeof value === 'string');
  return isStringEnum && schema.type === 'string';
}

/** `{type: 'string'}` with no constraint: the "any other value" branch of an open enumeration. */
export function isAnyStringBranch(schema: unknown): boolean {
  if (!isObject(schema) || schema.type !== 'string') return false;
  return !CONSTRAINTS.some((keyword) => keyword in schema);
}

/**
 * The index of the known-values branch when the schema is an open enumeration:
 * `anyOf: [{type: string, enum: [..known..]}, {type: string}]`, optionally with a `{type: 'null'}` branch.
 * The known values stay visible (docs, autocomplete); any other string is valid. `undefined` otherwise.
 */
export function openEnumKnownIndex(schema: unknown, resolve: ResolveSchema = asWritten): number | undefined {
  if (!isObject(schema) || !Array.isArray(schema.anyOf)) return undefined;
  const branches: unknown[] = schema.anyOf.map((branch: unknown) => resolve(branch));
  const known = branches.filter(isKnownValuesBranch);
  const anyString = branches.filter(isAnyStringBranch);
  const nulls = branches.filter(isNullSchema);
  const onlyThoseBranches = known.length + anyString.length + nulls.length === branches.length;
  const isOpen = known.length === 1 && anyString.length === 1 && nulls.length <= 1 && onlyThoseBranches;
  return isOpen ? branches.findIndex(isKnownValuesBranch) : undefined;
}

/** Whether the schema is an open enumeration (see `openEnumKnownIndex`). */
export function isOpenEnum(schema: unknown, resolve: ResolveSchema = asWritten): boolean {
  return openEnumKnownIndex(schema, resolve) !== undefined;
}

/** The known values of an open enumeration (empty when `schema` is not one). */
export function openEnumValues(schema: unknown, resolve: ResolveSchema = asWritten): unknown[] {
  const index = openEnumKnownIndex(schema, resolve);
  if (index === undefined) return [];
  return (resolve((schema as JsonObject).anyOf[index]) as JsonObject).enum;
}

/** The `anyOf`/`oneOf` branches of a schema, each resolved (one level: what the schema itself offers). */
function directBranches(schema: unknown, resolve: ResolveSchema): unknown[] {
  if (!isObject(schema)) return [];
  return UNION_KEYWORDS.flatMap((keyword) => (Array.isArray(schema[keyword]) ? schema[keyword].map((branch: unknown) => resolve(branch)) : []));
}
