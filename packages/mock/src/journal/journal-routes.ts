// GET /_mock/requests (the journal, oldest first; ?operationId=, ?method= and ?requestId= narrow it) and DELETE
// /_mock/requests (empties it). In the sandbox both need a token and see only its tenant's requests.
// Like the sandbox's routes they answer CORS, so a browser test can read what its page sent.
import { applyCors, type CorsPolicy } from '../core/cors.js';
import type { IncomingRequest, Reply, RequestHeaders } from '../core/exchange.js';
import type { RequestTarget } from '../core/request-target.js';
import { sendJson } from '../core/response-writer.js';
import { refusedRoute, sendRouteAnswer, type RouteAnswer } from '../core/route-answer.js';
import type { AdmitVerdict, SandboxAuth } from '../pipeline/seams.js';
import type { JournalFilter, JournalRecorder } from './journal-recorder.js';

export const JOURNAL_PATH = '/_mock/requests';
const JOURNAL_METHODS = ['GET', 'DELETE'];

export interface JournalRouteDeps {
  journal: JournalRecorder | undefined;
  cors: CorsPolicy;
  /** the sandbox's caller check; undefined in the stateless mock, where the journal is the whole mock's */
  authenticate: ((headers: RequestHeaders) => Promise<SandboxAuth>) | undefined;
  /** a shared sandbox's rate limit: the journal's requests count against the caller's tenant */
  admit: ((tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>) | undefined;
  warn: (line: string) => void;
}

/** Answers /_mock/* requests; false for any other path. */
export function answerJournalRoute(request: IncomingRequest, reply: Reply, url: RequestTarget, deps: JournalRouteDeps): boolean {
  if (!url.pathname.startsWith('/_mock/')) return false;
  const isJournal = url.pathname === JOURNAL_PATH;
  const answeredPreflight = applyCors(deps.cors, request, reply, () => (isJournal ? JOURNAL_METHODS : []));
  if (answeredPreflight) return true;
  request.discardBody();
  if (!isJournal) {
    sendJson(reply, 404, { statusCode: 404, message: `No mock route ${url.pathname}; there is ${JOURNAL_PATH} (GET, DELETE)` });
    return true;
  }
  sendRouteAnswer(reply, answerJournal(request, url, deps), `${request.method} ${JOURNAL_PATH}`, deps.warn);
  return true;
}

async function answerJournal(request: IncomingRequest, url: RequestTarget, deps: JournalRouteDeps): Promise<RouteAnswer> {
  if (!JOURNAL_METHODS.includes(request.method)) {
    return { status: 405, body: { statusCode: 405, message: `${request.method} is not allowed; use GET or DELETE` }, headers: { allow: JOURNAL_METHODS.join(', ') } };
  }
  if (deps.journal === undefined) {
    return { status: 404, body: { statusCode: 404, message: 'The request journal is off (--journal-size 0)' } };
  }
  const scope = await scopeOf(request, deps);
  if (!scope.ok) return scope.answer;
  const verdict = scope.tenant === undefined ? undefined : await deps.admit?.(scope.tenant, request.method);
  if (verdict !== undefined && !verdict.admitted) return refusedRoute(verdict);
  const headers = verdict?.headers;
  if (request.method === 'DELETE') {
    await deps.journal.clear(scope.tenant);
    return { status: 200, body: { cleared: true }, ...(headers !== undefined && { headers }) };
  }
  const requests = await deps.journal.iterate(scope.tenant, journalFilterOfQuery(url.searchParams));
  return { status: 200, body: undefined, stream: journalJson(requests, deps.journal.size), ...(headers !== undefined && { headers }) };
}

const FILTER_KEYS = ['operationId', 'method', 'requestId'] as const;

/** `?operationId=`, `?method=` and `?requestId=` (an answer's `x-request-id`), each narrowing the list when given. */
function journalFilterOfQuery(query: URLSearchParams): JournalFilter {
  const filter: JournalFilter = {};
  for (const key of FILTER_KEYS) {
    const value = query.get(key);
    if (value !== null) filter[key] = value;
  }
  return filter;
}

/** About this much JSON is made between two turns of the event loop, so that other requests are served meanwhile. */
const PIECE_CHARACTERS = 16 * 1024;
const UTF8 = new TextEncoder();

/**
 * `{"requests":[...],"capacity":N}`, made one entry at a time and sent in pieces of about 16 kB, each after a turn of
 * the event loop: reading a full journal costs other tenants' requests a short wait at a time, never one long one.
 */
async function* journalJson(requests: Iterable<unknown>, capacity: number): AsyncGenerator<Uint8Array> {
  let piece = '{"requests":[';
  let first = true;
  for (const entry of requests) {
    piece += (first ? '' : ',') + JSON.stringify(entry);
    first = false;
    if (piece.length < PIECE_CHARACTERS) continue;
    yield UTF8.encode(piece);
    piece = '';
    await nextTurn();
  }
  yield UTF8.encode(`${piece}],"capacity":${capacity}}`);
}

/**
 * Lets the event loop serve what waits. A timer rather than setImmediate: it leaves a gap of about a millisecond
 * between pieces, so a tenant reading its journal without pause takes at most about half of the loop, and a request
 * of another tenant arriving meanwhile mostly finds the loop idle.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type Scope = { ok: true; tenant: string | undefined } | { ok: false; answer: RouteAnswer };

/** The stateless mock has one journal; the sandbox one per tenant, named by the caller's token. */
async function scopeOf(request: IncomingRequest, deps: JournalRouteDeps): Promise<Scope> {
  if (deps.authenticate === undefined) return { ok: true, tenant: undefined };
  const auth = await deps.authenticate(request.headers);
  if (!auth.ok) {
    return { ok: false, answer: { status: 401, body: { statusCode: 401, message: auth.error.message }, headers: { 'www-authenticate': 'Bearer' } } };
  }
  return { ok: true, tenant: auth.caller.tenant };
}
