// Sends one case to the implementation and reads its answer. The token goes only into the Authorization header;
// a failure to answer is kept as the case's answer (a finding), never thrown.
import { isSafeMethod } from '@vendor/spec-model';
import { mediaTypeOf } from '../../core/media-type.js';
import type { MockOperation } from '../../spec/operation-table.js';
import type { CaseAnswer, RequestCase } from '../verify-types.js';

export interface Target {
  baseUrl: string;
  gatewayBaseUrl: string;
  token: string;
  fetch: typeof fetch;
  /** milliseconds before a request counts as unanswered */
  timeoutMs: number;
  /** aborted when the run stops (Ctrl+C, a target that stopped answering): requests in flight end at once */
  stop?: AbortSignal;
  /** told each time a case is sent again because its connection closed before any answer */
  onResend?: () => void;
}

/** The failure of a case cut short because the run stopped: not an answer of the target, never a finding. */
export const STOPPED = 'the run stopped';

/**
 * The Authorization header of a `malformed` case: the Bearer scheme with no token after it. Every implementation
 * can tell it from a token (a stateless mock that accepts any token included), and none may let it through.
 */
export const MALFORMED_AUTHORIZATION = 'Bearer';

/**
 * How fetch names a connection the target closed before any answer came. A keep-alive connection the target has
 * just closed as idle fails the next request sent on it this way, and Node's fetch does not send it again
 * (nodejs/undici#3492): behind a balancer, or on a busy host, that is a race, not an answer of the target.
 */
const CLOSED_BEFORE_ANSWER: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * Sends the case, and once more when its connection closed before any answer and the operation may be sent twice
 * (a safe method, or `x-idempotent`). A second failure is the answer; a create is never sent twice.
 */
export async function sendCase(target: Target, op: MockOperation, requestCase: RequestCase): Promise<CaseAnswer> {
  const first = await sendOnce(target, op, requestCase);
  const mayResend = isSafeMethod(op.method) || op.idempotent;
  if (!first.closedBeforeAnswer || !mayResend || target.stop?.aborted === true) return first.answer;
  target.onResend?.();
  return (await sendOnce(target, op, requestCase)).answer;
}

interface Attempt {
  answer: CaseAnswer;
  /** fetch failed before the answer's status and headers came, with one of CLOSED_BEFORE_ANSWER */
  closedBeforeAnswer: boolean;
}

async function sendOnce(target: Target, op: MockOperation, requestCase: RequestCase): Promise<Attempt> {
  const headers = new Headers(requestCase.headers);
  if (requestCase.auth === 'token') headers.set('authorization', `Bearer ${target.token}`);
  if (requestCase.auth === 'malformed') headers.set('authorization', MALFORMED_AUTHORIZATION);
  const timeout = AbortSignal.timeout(target.timeoutMs);
  const signal = target.stop === undefined ? timeout : AbortSignal.any([timeout, target.stop]);
  const init: RequestInit = { method: op.method.toUpperCase(), headers, signal };
  if (requestCase.body !== undefined) {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(requestCase.body);
  }
  let response: Response;
  try {
    response = await target.fetch(caseUrl(target, op, requestCase), init);
  } catch (error) {
    return { answer: noAnswer(target, error as Error), closedBeforeAnswer: CLOSED_BEFORE_ANSWER.has(errorCode(error as Error) ?? '') };
  }
  try {
    return { answer: await readAnswer(response), closedBeforeAnswer: false };
  } catch (error) {
    return { answer: noAnswer(target, error as Error), closedBeforeAnswer: false };
  }
}

/** The case's answer when none came: the run's stop, the timeout, or the network error with its code. */
function noAnswer(target: Target, error: Error): CaseAnswer {
  const none = { status: 0, mediaType: undefined, headers: {}, body: { kind: 'none' as const } };
  if (target.stop?.aborted === true) return { ...none, failure: STOPPED };
  const code = errorCode(error);
  const detail = code === undefined ? '' : ` (${code})`;
  const reason = error.name === 'TimeoutError' ? `no answer within ${target.timeoutMs} ms` : `no answer: ${error.message}${detail}`;
  return { ...none, failure: reason };
}

/** The network error's code (`ECONNRESET`), which fetch keeps on the error's cause. */
function errorCode(error: Error): string | undefined {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The case's URL: the operation's base URL (control plane or gateway), its path with the values filled in, the query. */
export function caseUrl(target: Pick<Target, 'baseUrl' | 'gatewayBaseUrl'>, op: MockOperation, requestCase: RequestCase): string {
  const base = op.addressSpace === 'gateway' ? target.gatewayBaseUrl : target.baseUrl;
  let path = op.path;
  for (const [name, value] of Object.entries(requestCase.path)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(requestCase.query).toString();
  return `${base.replace(/\/+$/, '')}${path}${query === '' ? '' : `?${query}`}`;
}

async function readAnswer(response: Response): Promise<CaseAnswer> {
  const contentType = response.headers.get('content-type') ?? undefined;
  const mediaType = mediaTypeOf(contentType);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const text = await response.text();
  const answer: CaseAnswer = { status: response.status, mediaType, headers, body: { kind: 'none' } };
  if (text === '') return answer;
  const looksJson = mediaType === undefined || mediaType === 'application/json' || mediaType.endsWith('+json');
  if (!looksJson) return { ...answer, body: { kind: 'text', bytes: text.length } };
  try {
    return { ...answer, body: { kind: 'json', value: JSON.parse(text) } };
  } catch {
    return { ...answer, body: { kind: 'malformed' } };
  }
}
