// `x-pagination`: how a list operation pages, so that no reader guesses it from parameter names.
//
//   x-pagination:                              x-pagination:
//     style: page-token                          style: offset
//     tokenParameter: page_token                 offsetParameter: offset
//     limitParameter: limit                      limitParameter: limit
//     nextTokenAt: pagination.next_page_token    totalAt: pagination.total
//     itemsAt: data                              itemsAt: data
//
// `...Parameter` fields name query parameters of the operation (`limitParameter`: the page size); `...At` fields
// are dotted property paths in the JSON body of its success response. Both are checked against the operation,
// so a typo fails here.
import { jsonContentOf } from './content.js';
import { SpecModelError } from './errors.js';
import { resolveRef } from './resolve.js';
import type { JsonObject, OpenApiDocument, Pagination, SpecParameter, SpecResponse } from './types.js';

type Style = Pagination['style'];

/** The fields of each style besides `style`; all are required. */
const FIELDS: Record<Style, readonly string[]> = {
  'page-token': ['tokenParameter', 'limitParameter', 'nextTokenAt', 'itemsAt'],
  offset: ['offsetParameter', 'limitParameter', 'totalAt', 'itemsAt'],
};
const STYLES = /* @__PURE__ */ Object.keys(FIELDS) as Style[];

interface OperationFacts {
  operationId: string;
  label: string;
  parameters: SpecParameter[];
  successResponse: SpecResponse | undefined;
}

/** The operation's `x-pagination`, checked; `undefined` when it has none. */
export function readPagination(document: OpenApiDocument, extension: unknown, operation: OperationFacts): Pagination | undefined {
  if (extension === undefined) return undefined;
  const fail = (problem: string): never => {
    throw new SpecModelError(`${operation.label} x-pagination${problem}`);
  };
  const isObject = extension !== null && typeof extension === 'object' && !Array.isArray(extension);
  if (!isObject) return fail(` must be an object with a style (${STYLES.join('|')})`);
  const fields = extension as JsonObject;
  const style = fields.style as Style;
  if (!STYLES.includes(style)) return fail(`.style must be ${STYLES.join('|')}, got ${JSON.stringify(fields.style)}`);
  checkFieldNames(fields, style, fail);

  const body = successBodySchema(operation, fail);
  const parameter = (field: string) => queryParameter(fields, field, operation.parameters, fail);
  const path = (field: string) => propertyPath(document, fields, field, body, fail);
  const itemsAt = path('itemsAt');
  const itemsSchema = schemaAt(document, body, itemsAt);
  if (!isArraySchema(document, itemsSchema)) fail(`.itemsAt: ${fields.itemsAt} is not an array in the success response body`);
  const shared = {
    itemsAt,
    limitParameter: parameter('limitParameter'),
    iteratorName: iteratorNameOf(operation.operationId),
  };
  if (style === 'page-token') {
    return { style, tokenParameter: parameter('tokenParameter'), nextTokenAt: path('nextTokenAt'), ...shared };
  }
  return { style, offsetParameter: parameter('offsetParameter'), totalAt: path('totalAt'), ...shared };
}

/** `listAgentSessionTurns` -> `iterateAgentSessionTurns`; an operationId without `list` keeps all of itself. */
export function iteratorNameOf(operationId: string): string {
  const startsWithList = /^list[A-Z_$]/.test(operationId);
  const rest = startsWithList ? operationId.slice('list'.length) : operationId;
  return `iterate${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

function checkFieldNames(fields: JsonObject, style: Style, fail: (problem: string) => never): void {
  const required = FIELDS[style];
  const unknown = Object.keys(fields).find((key) => key !== 'style' && !required.includes(key));
  if (unknown !== undefined) fail(`.${unknown} is not a field of style ${style} (fields: ${required.join(', ')})`);
  const missing = required.find((key) => fields[key] === undefined);
  if (missing !== undefined) fail(`.${missing} is required for style ${style}`);
}

function queryParameter(fields: JsonObject, field: string, parameters: SpecParameter[], fail: (problem: string) => never): string {
  const name = fields[field];
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  if (typeof name !== 'string' || !queryNames.includes(name)) {
    fail(`.${field}: ${JSON.stringify(name)} is not a query parameter of the operation (its query parameters: ${queryNames.join(', ') || 'none'})`);
  }
  return name;
}

/** A dotted path (`pagination.total`) that names a property of the success response body. */
function propertyPath(document: OpenApiDocument, fields: JsonObject, field: string, body: JsonObject, fail: (problem: string) => never): string[] {
  const text = fields[field];
  const isDottedPath = typeof text === 'string' && /^[^.]+(\.[^.]+)*$/.test(text);
  if (!isDottedPath) fail(`.${field} must be a dotted property path such as data or pagination.total, got ${JSON.stringify(text)}`);
  const path = (text as string).split('.');
  if (schemaAt(document, body, path) === undefined) fail(`.${field}: the success response body has no property ${text}`);
  return path;
}

function successBodySchema(operation: OperationFacts, fail: (problem: string) => never): JsonObject {
  const json = operation.successResponse && jsonContentOf(operation.successResponse.content);
  if (!json) return fail(' needs a 2xx response with a JSON body, where the pages are read from');
  return json.schema;
}

/** The schema of the property at `path`, looking through `$ref`s and the parts of `allOf`/`anyOf`/`oneOf`. */
function schemaAt(document: OpenApiDocument, schema: unknown, path: readonly string[]): JsonObject | undefined {
  let current: unknown = schema;
  for (const name of path) {
    current = propertyOf(document, current, name, new Set());
    if (current === undefined) return undefined;
  }
  return resolveRef(document, current);
}

function propertyOf(document: OpenApiDocument, schema: unknown, name: string, seen: Set<unknown>): unknown {
  const resolved = resolveRef(document, schema);
  if (resolved === null || typeof resolved !== 'object' || seen.has(resolved)) return undefined;
  seen.add(resolved);
  const own = resolved.properties?.[name];
  if (own !== undefined) return own;
  for (const part of partsOf(resolved)) {
    const found = propertyOf(document, part, name, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isArraySchema(document: OpenApiDocument, schema: unknown): boolean {
  const resolved = resolveRef(document, schema);
  if (resolved === null || typeof resolved !== 'object') return false;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (types.includes('array')) return true;
  return partsOf(resolved).some((part) => isArraySchema(document, part));
}

const partsOf = (schema: JsonObject): unknown[] => [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
