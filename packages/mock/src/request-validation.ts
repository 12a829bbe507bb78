// Validates a request against its operation: path, query and header parameters, then the JSON body.
// Returns every violation (never the values themselves), sorted path, query, header, body. Shared by the
// stateless mock and anything built on it: validateRequest(validators, op, request) is a plain function.
import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedBody } from './body.js';
import { summarize, type MockError } from './error-shapes.js';
import { PARAMETER_PLACES, type MockOperation, type MockParameter, type ParameterPlace } from './operations.js';
import type { SchemaValidators } from './schema-validators.js';
import type { Violation } from './types.js';
import { bodyKey, parameterProperty, parametersKey } from './validator-schemas.js';
import { violationsFromSchemaErrors } from './violations.js';

export interface MockRequest {
  method: string;
  /** path parameters as the router matched them (percent-encoded), by template name */
  pathParams: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: ParsedBody;
}

const PLACE_ORDER = ['path', 'query', 'header', 'body'];

export function validateRequest(validators: SchemaValidators, op: MockOperation, request: MockRequest): Violation[] {
  const violations: Violation[] = [];
  for (const place of PARAMETER_PLACES) violations.push(...validateParameters(validators, op, place, request));
  violations.push(...validateBody(validators, op, request.body));
  return sortByPlace(violations);
}

/** The error a request with these violations gets: the operation's invalid-input status, every violation listed. */
export function invalidRequestError(op: MockOperation, violations: Violation[]): MockError {
  const sorted = sortByPlace(violations);
  return { status: op.invalidInputStatus, kind: 'invalid', message: summarize(sorted), violations: sorted };
}

export function sortByPlace(violations: Violation[]): Violation[] {
  return [...violations].sort((a, b) => PLACE_ORDER.indexOf(a.location[0]!) - PLACE_ORDER.indexOf(b.location[0]!));
}

function validateParameters(validators: SchemaValidators, op: MockOperation, place: ParameterPlace, request: MockRequest): Violation[] {
  const validate = validators.get(parametersKey(op, place));
  if (!validate) return [];
  const values: Record<string, unknown> = {};
  for (const param of op.parameters) {
    if (param.in !== place) continue;
    const value = parameterValue(param, request);
    if (value !== undefined) values[parameterProperty(param.name, place)] = value;
  }
  if (validate(values)) return [];
  return violationsFromSchemaErrors([place], validate.errors);
}

/** The raw value(s) of one parameter, split or collected as its style says; undefined when absent. */
function parameterValue(param: MockParameter, request: MockRequest): unknown {
  if (param.in === 'path') {
    const raw = request.pathParams[param.name];
    if (raw === undefined) return undefined;
    const value = decodePathSegment(raw);
    return param.array ? value.split(',') : value;
  }
  if (param.in === 'header') {
    const raw = request.headers[param.name.toLowerCase()];
    if (raw === undefined) return undefined;
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
    return param.array ? value.split(',').map((v) => v.trim()) : value;
  }
  const all = request.query.getAll(param.name);
  if (all.length === 0) return undefined;
  if (!param.array) return all.length === 1 ? all[0] : all;
  if (param.explode) return all;
  const separator = param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ',';
  return all[0]!.split(separator);
}

function decodePathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a stray % is still a value to validate, not a crash
  }
}

function validateBody(validators: SchemaValidators, op: MockOperation, body: ParsedBody): Violation[] {
  if (!op.bodySchemaPointer) return [];
  switch (body.kind) {
    case 'malformed':
      return [{ location: ['body'], rule: 'json', message: 'body is not valid JSON' }];
    case 'not-json':
      return [{ location: ['header', 'content-type'], rule: 'media_type', message: `header.content-type must be application/json (got ${body.mediaType})` }];
    case 'none':
      return op.bodyRequired ? [{ location: ['body'], rule: 'required', message: 'body is required' }] : [];
    case 'too-large':
      return [{ location: ['body'], rule: 'maxSize', message: 'body is larger than the mock accepts (10 MB)' }];
    case 'json': {
      const validate = validators.get(bodyKey(op));
      if (!validate || validate(body.value)) return [];
      return violationsFromSchemaErrors(['body'], validate.errors);
    }
  }
}
