// Sends one case to the implementation and reads its answer. The token goes only into the Authorization header;
// a failure to answer is kept as the case's answer (a finding), never thrown.
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
}

/** The failure of a case cut short because the run stopped: not an answer of the target, never a finding. */
export const STOPPED = 'the run stopped';

/**
 * The Authorization header of a `malformed` case: the Bearer scheme with no token after it. Every implementation
 * can tell it from a token (a stateless mock that accepts any token included), and none may let it through.
 */
export const MALFORMED_AUTHORIZATION = 'Bearer';

export async function sendCase(target: Target, op: MockOperation, requestCase: RequestCase): Promise<CaseAnswer> {
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
  try {
    const response = await target.fetch(caseUrl(target, op, requestCase), init);
    return await readAnswer(response);
  } catch (error) {
    if (target.stop?.aborted === true) return { status: 0, mediaType: undefined, headers: {}, body: { kind: 'none' }, failure: STOPPED };
    const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
    const detail = typeof code === 'string' ? ` (${code})` : '';
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${target.timeoutMs} ms` : `no answer: ${(error as Error).message}${detail}`;
    return { status: 0, mediaType: undefined, headers: {}, body: { kind: 'none' }, failure: reason };
  }
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
