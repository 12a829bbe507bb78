// Checks both ways of one exchange against the spec and says what broke as findings: the request against its
// operation's request rules (the mock's own validateRequest), the answer against the response documented for its
// status. Findings never carry the offending values, only where and which rule.
import { answerableStatuses, responseFor } from '@vendor/spec-model';
import { headerValue, type RequestHeaders } from '../../core/exchange.js';
import type { MockOperation, MockResponse } from '../../spec/operation-table.js';
import type { Violation } from '../../types.js';
import { validateRequest, type MockRequest } from '../../validation/request-validation.js';
import type { SchemaValidators } from '../../validation/runtime-validators.js';
import { violationsFromSchemaErrors } from '../../validation/schema-violations.js';
import { responseHeadersKey, responseKey } from '../../validation/validator-keys.js';
import type { Direction, Finding } from './checked-exchange.js';

export interface RequestCheck {
  /** as validation reports them: strict mode answers them in the operation's invalid-input error */
  violations: Violation[];
  findings: Finding[];
}

export function checkRequest(validators: SchemaValidators, op: MockOperation, request: MockRequest): RequestCheck {
  const violations = validateRequest(validators, op, request);
  return { violations, findings: violations.map((violation) => findingOf(op, 'request', violation)) };
}

/** A request no operation of the spec matches (no such path, or not that method on it). */
export function unknownOperationFinding(method: string, pathname: string): Finding {
  return {
    operationId: null,
    direction: 'request',
    path: pathname,
    rule: 'unknown-operation',
    message: `${method} ${pathname} is not an operation of the spec`,
  };
}

/** A request body larger than the proxy reads: it can be neither checked nor forwarded. */
export function tooLargeFinding(op: MockOperation | undefined, limitBytes: number): Finding {
  const limit = `${Math.round(limitBytes / (1024 * 1024))} MB`;
  return { operationId: op?.operationId ?? null, direction: 'request', path: 'body', rule: 'maxSize', message: `body is larger than the proxy reads (${limit})` };
}

/**
 * The answer as the proxy saw it. `body`: `none` when the answer has no body by HTTP's rules (HEAD, 204, 304);
 * `unread` when it was streamed on unchecked; otherwise the JSON value, or `malformed`/`undecodable`.
 */
export interface SeenAnswer {
  status: number;
  /** by lower-case name, as node:http and fetch give them */
  headers: RequestHeaders;
  /** the content-type's media type, lower case without parameters; undefined without the header */
  mediaType: string | undefined;
  body: { kind: 'none' } | { kind: 'unread' } | { kind: 'json'; value: unknown } | { kind: 'malformed' } | { kind: 'undecodable'; encoding: string };
}

export function checkResponse(validators: SchemaValidators, op: MockOperation, answer: SeenAnswer): Finding[] {
  const documented = responseFor(op, answer.status);
  if (documented === undefined) return [undocumentedStatus(op, answer.status)];
  const headerFindings = checkHeaders(validators, op, documented, answer.headers);
  if (answer.body.kind === 'none') return headerFindings;
  const mediaTypeFinding = checkMediaType(op, documented, answer.mediaType);
  if (mediaTypeFinding !== undefined) return [...headerFindings, mediaTypeFinding];
  return [...headerFindings, ...checkBody(validators, op, documented, answer.body)];
}

/** The headers the documented response names: the required ones present, each value as its schema says. */
function checkHeaders(validators: SchemaValidators, op: MockOperation, documented: MockResponse, headers: RequestHeaders): Finding[] {
  if (documented.headers.length === 0) return [];
  const validate = validators.get(responseHeadersKey(op, documented.status));
  if (validate === undefined) return [];
  const values: Record<string, string> = {};
  for (const header of documented.headers) {
    const value = headerValue(headers, header.name);
    if (value !== undefined) values[header.name] = value;
  }
  if (validate(values)) return [];
  return violationsFromSchemaErrors(['header'], validate.errors).map((violation) => findingOf(op, 'response', violation));
}

function undocumentedStatus(op: MockOperation, status: number): Finding {
  const documented = answerableStatuses(op).join(', ');
  return { operationId: op.operationId, direction: 'response', path: 'status', rule: 'undocumented-status', message: `status ${status} is not documented (documented: ${documented})` };
}

/** The answer's media type must be one the documented response names (when it names any). */
function checkMediaType(op: MockOperation, documented: MockResponse, mediaType: string | undefined): Finding | undefined {
  const allowed = documentedMediaTypes(documented);
  if (allowed.length === 0) return undefined;
  const matches = allowed.some((candidate) => mediaTypeMatches(candidate, mediaType ?? ''));
  if (matches) return undefined;
  return {
    operationId: op.operationId,
    direction: 'response',
    path: 'header.content-type',
    rule: 'media_type',
    message: `header.content-type must be ${allowed.join(' or ')} (got ${mediaType ?? 'none'})`,
  };
}

function documentedMediaTypes(documented: MockResponse): string[] {
  const types = [...documented.otherMediaTypes];
  if (documented.jsonMediaType !== undefined) types.unshift(documented.jsonMediaType);
  return types.map((type) => type.toLowerCase());
}

/** `text/*` and `*\/*` in the spec match any subtype. */
function mediaTypeMatches(documented: string, actual: string): boolean {
  if (documented === actual) return true;
  if (documented === '*/*') return actual !== '';
  if (documented.endsWith('/*')) return actual.startsWith(documented.slice(0, -1));
  return false;
}

function checkBody(validators: SchemaValidators, op: MockOperation, documented: MockResponse, body: SeenAnswer['body']): Finding[] {
  // Without a schema the spec says nothing about the body; a streamed body was not read.
  const validate = documented.schemaPointer === undefined ? undefined : validators.get(responseKey(op, documented.status));
  if (validate === undefined) return [];
  switch (body.kind) {
    case 'malformed':
      return [bodyFinding(op, 'json', 'body is not valid JSON')];
    case 'undecodable':
      return [bodyFinding(op, 'json', `body could not be decoded from its content-encoding ${body.encoding}`)];
    case 'json':
      if (validate(body.value)) return [];
      return violationsFromSchemaErrors(['body'], validate.errors).map((violation) => findingOf(op, 'response', violation));
    default:
      return [];
  }
}

function bodyFinding(op: MockOperation, rule: string, message: string): Finding {
  return { operationId: op.operationId, direction: 'response', path: 'body', rule, message };
}

function findingOf(op: MockOperation, direction: Direction, violation: Violation): Finding {
  return { operationId: op.operationId, direction, path: findingPath(violation.location), rule: violation.rule, message: violation.message };
}

/** A violation's location as a path: array indexes in brackets, e.g. ['body', 'data', '0', 'id'] -> body.data[0].id. */
export function findingPath(location: readonly string[]): string {
  let path = '';
  for (const segment of location) {
    const isIndex = /^\d+$/.test(segment);
    if (isIndex && path !== '') path += `[${segment}]`;
    else if (path === '') path = segment;
    else path += `.${segment}`;
  }
  return path;
}
