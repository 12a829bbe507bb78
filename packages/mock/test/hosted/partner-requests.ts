// Requests through the balancer, as a partner's code sends them. @vendor/api-client cannot be used here: its
// tests depend on this package, so a dependency back would be a cycle. A GET is therefore retried by a small
// copy of the client's policy for idempotent operations (2 retries after a network error, 429, 502, 503 or 504,
// waiting 0.5 s then 1 s, or what Retry-After asks); nothing else is retried. Every answer from an instance
// (JSON) is checked against the spec; haproxy's own error pages are not JSON and are never taken for one.
import { expectMatchesSpec, operation } from '../sandbox/helpers.js';

const MAX_RETRIES = 2;
const FIRST_WAIT_MS = 500;
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export interface RequestOptions {
  token: string;
  path?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer (from an instance, or haproxy's own error page), or no answer at all (connection closed, reset). */
export type Attempt =
  | { answered: true; status: number; body: any; headers: Headers; fromInstance: boolean }
  | { answered: false; error: string };

/** What an outcome was, for a failure message: the status and who answered, or why there was no answer. */
export function describeAttempt(outcome: Attempt): string {
  if (!outcome.answered) return `no answer (${outcome.error})`;
  const source = outcome.fromInstance ? 'an instance' : 'haproxy';
  return `${outcome.status} from ${source}`;
}

/** One request, never retried; a network error is an outcome, not an exception. */
export async function attempt(base: string, operationId: string, options: RequestOptions): Promise<Attempt> {
  const entry = operation(operationId);
  let path = entry.path;
  for (const [name, value] of Object.entries(options.path ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([name, value]) => [name, String(value)]));
  const headers: Record<string, string> = { ...options.headers, authorization: `Bearer ${options.token}` };
  const init: RequestInit = { method: entry.method.toUpperCase(), headers };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const queryString = query.toString();
  const url = queryString === '' ? `${base}${path}` : `${base}${path}?${queryString}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, init);
    text = await res.text();
  } catch (error) {
    // fetch's TypeError ('fetch failed') names the real cause (ECONNRESET, socket closed) in `cause`.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { answered: false, error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
  const fromInstance = (res.headers.get('content-type') ?? '').includes('json');
  if (!fromInstance) return { answered: true, status: res.status, body: text, headers: res.headers, fromInstance };
  const body = text === '' ? undefined : JSON.parse(text);
  expectMatchesSpec(entry, res.status, body);
  return { answered: true, status: res.status, body, headers: res.headers, fromInstance };
}

export interface RetriedGet {
  /** the last attempt's outcome */
  last: Attempt;
  /** attempts made: 1 when the first one was final (a success, or an answer not worth retrying) */
  attempts: number;
}

/** A GET, retried like the client retries an idempotent operation. */
export async function getWithRetry(base: string, operationId: string, options: RequestOptions): Promise<RetriedGet> {
  const entry = operation(operationId);
  const isIdempotentGet = entry.method === 'get' && entry.idempotent;
  if (!isIdempotentGet) throw new Error(`${operationId} is not an idempotent GET: only those are retried here`);
  let attempts = 0;
  for (;;) {
    const last = await attempt(base, operationId, options);
    attempts += 1;
    const retriesLeft = attempts <= MAX_RETRIES;
    const isFinal = !isRetryable(last) || !retriesLeft;
    if (isFinal) return { last, attempts };
    await delay(waitBeforeRetry(last, attempts - 1));
  }
}

function isRetryable(outcome: Attempt): boolean {
  if (!outcome.answered) return true;
  return RETRYABLE_STATUSES.has(outcome.status);
}

/** Retry-After (seconds) when the answer gives it, else 0.5 s doubling. */
function waitBeforeRetry(outcome: Attempt, retry: number): number {
  const retryAfter = outcome.answered ? outcome.headers.get('retry-after') : null;
  const asksForSeconds = retryAfter !== null && /^\d+$/.test(retryAfter);
  if (asksForSeconds) return Number(retryAfter) * 1000;
  return FIRST_WAIT_MS * 2 ** retry;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
