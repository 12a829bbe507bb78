// Validates a request against its operation: path, query and header parameters, then the JSON body.
// Returns every violation (never the values themselves), sorted path, query, header, body. Shared by the
// stateless mock and anything built on it: validateRequest(validators, op, request) is a plain function.
import { MAX_JSON_DEPTH, type ParsedBody } from '../core/request-body.js';
import { PARAMETER_PLACES, type MockOperation, type MockParameter, type ParameterPlace } from '../spec/operation-table.js';
import type { Violation } from '../types.js';
import { summarize, type MockError } from '../core/error-shapes.js';
import { parameterValue, type ParameterSource } from './parameter-values.js';
import type { SchemaValidators, ValidateFunction } from './runtime-validators.js';
import { violationsFromSchemaErrors } from './schema-violations.js';
import { bodyKey, parameterProperty, parametersKey } from './validator-keys.js';

/** The rule a body nested past MAX_JSON_DEPTH breaks (the metrics count it apart: reason max_depth). */
export const MAX_DEPTH_RULE = 'maxDepth';

/** A request as validation reads it; the pipeline's RequestContext is one. */
export interface MockRequest extends ParameterSource {
  method: string;
  body: ParsedBody;
}

const PLACE_ORDER = ['path', 'query', 'header', 'body'];

export function validateRequest(validators: SchemaValidators, op: MockOperation, request: MockRequest): Violation[] {
  const checks = checksOf(validators, op);
  let violations: Violation[] = NONE;
  for (const check of checks.parameters) {
    const found = validateParameters(check, request);
    if (found.length > 0) violations = [...violations, ...found];
  }
  const bodyViolations = validateBody(checks.body, op, request.body);
  if (bodyViolations.length > 0) violations = [...violations, ...bodyViolations];
  if (violations.length === 0) return [];
  return sortByPlace(violations);
}

const NONE: Violation[] = [];

/** What one operation's request is checked with, looked up once rather than by key on every request. */
interface OperationChecks {
  parameters: ParameterCheck[];
  body: ValidateFunction | undefined;
}

interface ParameterCheck {
  place: ParameterPlace;
  validate: ValidateFunction;
  parameters: MockParameter[];
}

const checksByValidators = new WeakMap<SchemaValidators, WeakMap<MockOperation, OperationChecks>>();

function checksOf(validators: SchemaValidators, op: MockOperation): OperationChecks {
  let byOperation = checksByValidators.get(validators);
  if (byOperation === undefined) {
    byOperation = new WeakMap();
    checksByValidators.set(validators, byOperation);
  }
  let checks = byOperation.get(op);
  if (checks === undefined) {
    checks = readChecks(validators, op);
    byOperation.set(op, checks);
  }
  return checks;
}

function readChecks(validators: SchemaValidators, op: MockOperation): OperationChecks {
  const parameters: ParameterCheck[] = [];
  for (const place of PARAMETER_PLACES) {
    const validate = validators.get(parametersKey(op, place));
    if (validate === undefined) continue;
    parameters.push({ place, validate, parameters: op.parameters.filter((param) => param.in === place) });
  }
  const body = op.bodySchemaPointer ? validators.get(bodyKey(op)) : undefined;
  return { parameters, body };
}

/** The error a request with these violations gets: the operation's invalid-input status, every violation listed. */
export function invalidRequestError(op: MockOperation, violations: Violation[]): MockError {
  const sorted = sortByPlace(violations);
  return { status: op.invalidInputStatus, kind: 'invalid', message: summarize(sorted), violations: sorted };
}

export function sortByPlace(violations: Violation[]): Violation[] {
  return [...violations].sort((a, b) => PLACE_ORDER.indexOf(a.location[0]!) - PLACE_ORDER.indexOf(b.location[0]!));
}

function validateParameters(check: ParameterCheck, request: MockRequest): Violation[] {
  const values: Record<string, unknown> = {};
  for (const param of check.parameters) {
    const value = parameterValue(param, request);
    if (value !== undefined) values[parameterProperty(param.name, check.place)] = value;
  }
  if (check.validate(values)) return NONE;
  return violationsFromSchemaErrors([check.place], check.validate.errors);
}

function validateBody(validate: ValidateFunction | undefined, op: MockOperation, body: ParsedBody): Violation[] {
  if (!op.bodySchemaPointer) return NONE;
  switch (body.kind) {
    case 'malformed':
      return [{ location: ['body'], rule: 'json', message: 'body is not valid JSON' }];
    case 'not-json':
      return [{ location: ['header', 'content-type'], rule: 'media_type', message: `header.content-type must be application/json (got ${body.mediaType})` }];
    case 'none':
      return op.bodyRequired ? [{ location: ['body'], rule: 'required', message: 'body is required' }] : NONE;
    case 'too-large':
      return [{ location: ['body'], rule: 'maxSize', message: 'body is larger than the mock accepts (10 MB)' }];
    case 'too-deep':
      return [{ location: ['body'], rule: MAX_DEPTH_RULE, message: `body nests objects and arrays deeper than the mock accepts (${MAX_JSON_DEPTH} levels)` }];
    case 'json': {
      if (!validate || validate(body.value)) return NONE;
      return violationsFromSchemaErrors(['body'], validate.errors);
    }
  }
}
