// Validates a request against its operation: path, query and header parameters, then the JSON body.
// Returns every violation (never the values themselves), sorted path, query, header, body. Shared by the
// stateless mock and anything built on it: validateRequest(validators, op, request) is a plain function.
import type { ParsedBody } from '../http/request-body.js';
import { PARAMETER_PLACES, type MockOperation, type ParameterPlace } from '../spec/operation-table.js';
import type { Violation } from '../types.js';
import { summarize, type MockError } from './error-shapes.js';
import { parameterValue, type ParameterSource } from './parameter-values.js';
import type { SchemaValidators } from './runtime-validators.js';
import { violationsFromSchemaErrors } from './schema-violations.js';
import { bodyKey, parameterProperty, parametersKey } from './validator-keys.js';

/** A request as validation reads it; the pipeline's RequestContext is one. */
export interface MockRequest extends ParameterSource {
  method: string;
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
