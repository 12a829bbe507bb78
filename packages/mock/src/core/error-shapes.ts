// Renders an error in an operation's own error shape (MlError, ControlPlaneError, GatewayError).
import type { ErrorShape, Violation } from '../types.js';

/**
 * The shape of an error that no operation can lend its own: a path the spec does not have and no operation's path
 * resembles, or a spec without operations.
 */
export const SHAPE_WITHOUT_OPERATION: ErrorShape = 'control-plane';

/** Why the mock answers with an error; decides the ML `type`, gateway `type`/`code`. */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'not-found'
  | 'method-not-allowed'
  | 'response-invalid'
  | 'mock-error'
  | 'unavailable'
  /** the faults a test asks for (Prefer: fault=429 / 500) */
  | 'rate-limited'
  | 'server-error'
  /** a shared sandbox's quota (--max-records, --max-tenant-bytes) refuses a write */
  | 'quota-exceeded'
  /** a valid token of a tenant the sandbox does not serve now (suspended, or not provisioned) */
  | 'forbidden';

export interface MockError {
  status: number;
  kind: ErrorKind;
  message: string;
  violations?: Violation[];
}

const ML_TYPE: Record<ErrorKind, string> = {
  invalid: 'value_error',
  unauthorized: 'unauthorized',
  'not-found': 'not_found',
  'method-not-allowed': 'method_not_allowed',
  'response-invalid': 'response_validation_error',
  'mock-error': 'mock_error',
  unavailable: 'service_unavailable',
  'rate-limited': 'rate_limit_exceeded',
  'server-error': 'internal_server_error',
  'quota-exceeded': 'quota_exceeded',
  forbidden: 'forbidden',
};

const GATEWAY_TYPE: Record<ErrorKind, string> = {
  invalid: 'invalid_request_error',
  unauthorized: 'authentication_error',
  'not-found': 'not_found_error',
  'method-not-allowed': 'invalid_request_error',
  'response-invalid': 'server_error',
  'mock-error': 'invalid_request_error',
  unavailable: 'server_error',
  'rate-limited': 'rate_limit_error',
  'server-error': 'server_error',
  'quota-exceeded': 'invalid_request_error',
  forbidden: 'permission_error',
};

const GATEWAY_CODE: Record<ErrorKind, string> = {
  invalid: 'invalid_value',
  unauthorized: 'unauthorized',
  'not-found': 'not_found',
  'method-not-allowed': 'method_not_allowed',
  'response-invalid': 'response_validation_failed',
  'mock-error': 'mock_error',
  unavailable: 'service_unavailable',
  'rate-limited': 'rate_limit_exceeded',
  'server-error': 'internal_error',
  'quota-exceeded': 'quota_exceeded',
  forbidden: 'forbidden',
};

const ML_LOC: Record<ErrorKind, string[]> = {
  invalid: ['body'],
  unauthorized: ['header', 'authorization'],
  'not-found': ['path'],
  'method-not-allowed': ['method'],
  'response-invalid': ['response'],
  'mock-error': ['header', 'prefer'],
  unavailable: ['server'],
  'rate-limited': ['server'],
  'server-error': ['server'],
  'quota-exceeded': ['body'],
  forbidden: ['header', 'authorization'],
};

export function renderError(shape: ErrorShape, error: MockError): Record<string, unknown> {
  const violations = error.violations ?? [];
  switch (shape) {
    case 'ml':
      return {
        detail:
          violations.length > 0
            ? violations.map((v) => ({ loc: v.location, msg: v.message, type: v.rule }))
            : [{ loc: ML_LOC[error.kind], msg: error.message, type: ML_TYPE[error.kind] }],
      };
    case 'control-plane':
      return {
        statusCode: error.status,
        message: error.message,
        code: error.status,
        ...(violations.length > 0 && {
          details: violations.map((v) => ({ path: v.location.join('.'), rule: v.rule, message: v.message })),
        }),
      };
    case 'gateway': {
      const first = violations[0];
      const param = first ? gatewayParam(first) : error.kind === 'unauthorized' ? 'authorization' : undefined;
      return {
        error: {
          message: error.message,
          type: GATEWAY_TYPE[error.kind],
          code: first ? first.rule : GATEWAY_CODE[error.kind],
          ...(param !== undefined && { param }),
        },
      };
    }
  }
}

/** The gateway's `param`: the field without its place, e.g. "limit" for query.limit. */
function gatewayParam(v: Violation): string {
  return v.location.length > 1 ? v.location.slice(1).join('.') : v.location.join('.');
}

/** One line summarising violations, for `message` fields. */
export function summarize(violations: Violation[]): string {
  const noun = violations.length === 1 ? 'violation' : 'violations';
  return `Invalid request (${violations.length} ${noun}): ${violations.map((v) => v.message).join('; ')}`;
}
