// The errors the proxy answers itself, in the error shape of the request's operation (renderError). They name an
// upstream by its host only and never carry a request's or an answer's values.
import type { RouteResult } from '../pipeline/seams.js';
import type { ErrorShape, Violation } from '../types.js';
import { SHAPE_WITHOUT_OPERATION, type MockError } from '../core/error-shapes.js';
import type { Finding } from '../conformance/checking/checked-exchange.js';

/** The error shape a request's answer takes: its operation's, else that of the operation nearest its path. */
export function errorShapeOf(route: RouteResult): ErrorShape {
  if (route.kind === 'found') return route.operation.errorShape;
  if (route.kind === 'no-method') return route.operations[0]?.errorShape ?? SHAPE_WITHOUT_OPERATION;
  return route.nearest?.errorShape ?? SHAPE_WITHOUT_OPERATION;
}

export function unreachableError(host: string, reason: string): MockError {
  return { status: 502, kind: 'unavailable', message: `The upstream ${host} could not be reached: ${reason}` };
}

/** The upstream sent its status and headers, then broke off before the body's end. */
export function brokenAnswerError(host: string): MockError {
  return { status: 502, kind: 'unavailable', message: `The upstream ${host} broke off its answer before the end` };
}

/** The proxy itself failed (a bug): the client learns that much, the log the rest. */
export function proxyFailureError(): MockError {
  return { status: 500, kind: 'server-error', message: 'The validation proxy failed while handling this request; see its log' };
}

export function requestTooLargeError(limitBytes: number): MockError {
  return { status: 413, kind: 'invalid', message: `Request body is larger than the proxy reads (${Math.round(limitBytes / (1024 * 1024))} MB)` };
}

/** Strict mode: the upstream's answer broke the contract; the client gets this 502 listing how. */
export function invalidResponseError(operationId: string, status: number, findings: readonly Finding[]): MockError {
  const noun = findings.length === 1 ? 'finding' : 'findings';
  const list = findings.map((finding) => finding.message).join('; ');
  return {
    status: 502,
    kind: 'response-invalid',
    message: `The upstream's ${status} answer to ${operationId} breaks the contract (${findings.length} ${noun}): ${list}`,
    violations: findings.map(violationOf),
  };
}

/** A response finding as a violation of the error shapes: located under `response`, as the mock's own are. */
function violationOf(finding: Finding): Violation {
  return { location: ['response', finding.path], rule: finding.rule, message: finding.message };
}
