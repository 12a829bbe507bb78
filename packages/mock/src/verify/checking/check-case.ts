// Checks one answer, labelled from the answer first: any 5xx is `not_a_server_error` and nothing else, whatever the
// request was. A 2xx or 4xx is checked as the validation proxy checks every answer (documented status, media type,
// body schema and error shape: conformance/checking, shared with the proxy), then against what this case must get: a valid request no
// invalid-input error, an invalid one the operation's invalid-input status, an unauthenticated one 401.
import { responseFor } from '@vendor/spec-model';
import { checkResponse, type SeenAnswer } from '../../conformance/checking/check-exchange.js';
import type { Finding } from '../../conformance/checking/checked-exchange.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { SchemaValidators } from '../../validation/runtime-validators.js';
import type { CaseAnswer, CaseFinding, CheckName, RequestCase } from '../verify-types.js';
import { isStateRefusal, namesConflict, serverMessageOf } from './server-message.js';

const UNAUTHENTICATED = 401;

export function checkCase(validators: SchemaValidators, op: MockOperation, requestCase: RequestCase, answer: CaseAnswer): CaseFinding[] {
  if (answer.failure !== undefined) return [finding(op, 'not_a_server_error', 'no-answer', 'status', answer.failure)];
  // A server error says nothing of what the request's kind expects: labelling it so would name the wrong fault.
  const isServerError = answer.status >= 500;
  if (isServerError) return withServerMessage([finding(op, 'not_a_server_error', 'server-error', 'status', `status ${answer.status} for a ${describeCase(requestCase)}`)], answer);
  const findings: CaseFinding[] = [];
  findings.push(...expectationFindings(op, requestCase, answer));
  findings.push(...conformanceFindings(validators, op, answer));
  return withServerMessage(findings, answer);
}

/** Each finding with what the server said beside its status, so that the report names the real fault. */
function withServerMessage(findings: CaseFinding[], answer: CaseAnswer): CaseFinding[] {
  const serverMessage = serverMessageOf(answer);
  if (serverMessage === undefined) return findings;
  return findings.map((found) => ({ ...found, serverMessage }));
}

/**
 * The proxy's checks of the answer, each named as the check it belongs to. A 401 on an operation that does not list
 * it is checked against the response every secured operation can answer in its error shape (the spec model's
 * `x-secured-responses`, which `responseFor` finds).
 */
function conformanceFindings(validators: SchemaValidators, op: MockOperation, answer: CaseAnswer): CaseFinding[] {
  return checkResponse(validators, op, seenAnswer(answer)).map((found) => fromProxyFinding(op, found));
}

function expectationFindings(op: MockOperation, requestCase: RequestCase, answer: CaseAnswer): CaseFinding[] {
  const { status } = answer;
  if (requestCase.kind === 'auth') {
    if (status === UNAUTHENTICATED) return [];
    const sent = requestCase.auth === 'none' ? 'no token' : 'a malformed Authorization header (no token)';
    // Only a success lets the request through; another refusal is the wrong status, not an ignored credential.
    if (isSuccess(status)) return [finding(op, 'ignored_auth', 'unauthenticated-accepted', 'status', `a request with ${sent} got ${status}, not 401`)];
    return [finding(op, 'status_code_conformance', 'unauthenticated-not-401', 'status', `a request with ${sent} got ${status}, not 401`)];
  }
  if (requestCase.kind === 'invalid') {
    if (status === op.invalidInputStatus) return [];
    const { rule, at } = requestCase.breaks!;
    const message = `a request that breaks ${rule} at ${at} got ${status}, not ${op.invalidInputStatus}`;
    if (isSuccess(status)) return [finding(op, 'negative_data_rejection', `invalid-accepted:${rule}`, at, message)];
    return [finding(op, 'status_code_conformance', `invalid-wrong-status:${rule}`, at, message)];
  }
  // A documented example must be taken. A generated request may name what does not exist (an id, a repo, a page
  // token): the operation's documented invalid-input error is then an error the request could cause. A refusal the
  // target's state explains (a record gone, or one already there) says nothing of the request's form, unless the
  // case made its unique values unique for this run: then a conflict is the implementation's.
  const madeUnique = (requestCase.madeUnique ?? []).length > 0;
  const conflictDespiteUnique = madeUnique && namesConflict(answer);
  const explainedByState = isStateRefusal(answer) && !conflictDespiteUnique;
  const refusedInput = status === op.invalidInputStatus && (requestCase.kind !== 'valid' || responseFor(op, status) === undefined) && !explainedByState;
  const refused = refusedInput || status === UNAUTHENTICATED || conflictDespiteUnique;
  if (!refused) return [];
  const why = conflictDespiteUnique ? `a request whose unique values (${requestCase.madeUnique!.join(', ')}) were made unique for this run` : 'a request that keeps every request rule';
  return [finding(op, 'positive_data_acceptance', 'valid-refused', 'status', `${why} got ${status}`)];
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function seenAnswer(answer: CaseAnswer): SeenAnswer {
  const body: SeenAnswer['body'] = answer.body.kind === 'text' ? { kind: 'unread' } : answer.body;
  return { status: answer.status, headers: answer.headers, mediaType: answer.mediaType, body };
}

function fromProxyFinding(op: MockOperation, found: Finding): CaseFinding {
  return { operationId: op.operationId, check: checkOfProxyRule(found), rule: found.rule, path: found.path, message: found.message };
}

function checkOfProxyRule(found: Finding): CheckName {
  if (found.rule === 'undocumented-status') return 'status_code_conformance';
  if (found.rule === 'media_type') return 'content_type_conformance';
  return 'response_schema_conformance';
}

export function finding(op: MockOperation, check: CheckName, rule: string, path: string, message: string): CaseFinding {
  return { operationId: op.operationId, check, rule, path, message };
}

function describeCase(requestCase: RequestCase): string {
  if (requestCase.kind === 'invalid') return `request that breaks ${requestCase.breaks!.rule} at ${requestCase.breaks!.at}`;
  if (requestCase.kind === 'auth') return 'request without a valid token';
  return 'valid request';
}
