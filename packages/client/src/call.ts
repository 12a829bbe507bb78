// The secret-key rule is shared with the mock's request journal; tsup bundles it in (a devDependency).
import { collectSecrets } from '@vendor/spec-model';
import { createFinalURL, createQuerySerializer, defaultPathSerializer, mergeHeaders, type HeadersOptions } from 'openapi-fetch';
import type { OperationDescriptor } from './descriptor.js';
import {
  PlatformConnectionError,
  PlatformError,
  PlatformTimeoutError,
  apiErrorFromResponse,
  fail,
  redact,
  type RequestFacts,
} from './errors.js';
import { hooksOfCall, type PlatformHooks, type RunHook } from './hooks.js';
import type { Log } from './log.js';
import { readCount } from './options.js';
import { RETRYABLE_STATUSES, retryDelay } from './retry.js';

/** The standard fetch signature. */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What every call of one client shares. */
export interface CallSettings {
  /** Where each address space is and what it sends with every request (no gateway without its URL). */
  spaces: { controlPlane: AddressSpace; gateway?: AddressSpace };
  /** A string token is in the default headers already; a token function is asked before every attempt. */
  staticToken: boolean;
  bearer: () => Promise<string>;
  fetch: FetchFunction;
  maxRetries: number;
  timeoutMs: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  backoff: (retry: number) => number;
  log: Log;
  /** `undefined` without hooks: the calls then skip them at the cost of one check each. */
  hooks: PlatformHooks | undefined;
}

/** The argument of a typed method: openapi-fetch's `params`, `body` and `headers`, and the per-call options. */
export interface CallInit {
  params?: object;
  body?: unknown;
  headers?: object;
  signal?: AbortSignal;
  maxRetries?: number;
  timeoutMs?: number;
}

/** One address space of the API: its base URL (no trailing slash) and the headers every request carries. */
export interface AddressSpace {
  baseUrl: string;
  headers: HeadersOptions | undefined;
}

/** A 2xx attempt: its body and the response that carried it. */
export interface AttemptSuccess {
  ok: true;
  status: number;
  data: unknown;
  response: Response;
}

/** What one attempt came to: the 2xx body, or the failure and what the retry decision needs. */
type AttemptOutcome =
  | AttemptSuccess
  | { ok: false; status: number | string; failure: PlatformError; retryable: boolean; retryAfter: string | null; response?: Response };

/** What a call resolves to, made from its successful attempt: the body, or `withResponse`'s body and metadata. */
export type ResultForm = (success: AttemptSuccess) => unknown;

/** The plain call: the 2xx body. */
export const bodyOnly: ResultForm = (success) => success.data;

/** `withResponse`: the body, the final attempt's response (body read) and its request id. */
export const bodyWithResponse: ResultForm = ({ data, response }) => ({ data, response, requestId: requestIdOf(response) });

// Where servers and the gateways in front of them put the id of a request, in the order they are read.
// `x-request-id` first: the API's own, and the one errors carry. `cf-ray` is not read: it names a hop of
// Cloudflare's edge, not a request the API logged.
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-amzn-requestid'];

/** The response's request id: the first of REQUEST_ID_HEADERS present and not empty, else `null`. */
export function requestIdOf(response: Response): string | null {
  for (const name of REQUEST_ID_HEADERS) {
    const value = response.headers.get(name);
    if (value) return value;
  }
  return null;
}

// setTimeout cannot wait longer than 2^31-1 ms (Node would fire at once); a longer limit, like 0 or Infinity,
// means "no limit".
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * One call of a typed method: attempts, retries and waits, until a 2xx body, a final error or an abort. The plain
 * method and its `withResponse` form both run here; `resultForm` only shapes what the call resolves to.
 */
export async function callOperation(
  settings: CallSettings,
  operationId: string,
  operation: OperationDescriptor,
  init: CallInit = {},
  resultForm: ResultForm = bodyOnly,
): Promise<unknown> {
  const space = settings.spaces[operation.space];
  if (space === undefined) fail(`${operationId} is a gateway operation: pass gatewayBaseUrl`);
  // Only operations that are safe to repeat are retried, whatever maxRetries says.
  const maxRetries = operation.idempotent ? readCount(init.maxRetries, settings.maxRetries, 'maxRetries') : 0;
  const timeoutMs = readCount(init.timeoutMs, settings.timeoutMs, 'timeoutMs', true);
  // Built once: a retry sends the same URL, headers and body (only the token and the signal are per attempt).
  const request = prepareRequest(space!, operation, init);
  const info = { operationId, method: request.init.method, url: request.url };
  let facts: RequestFacts | undefined;
  // Made only when the client has hooks: without them, each hook point below is one `undefined` check.
  let runHook: RunHook | undefined;
  let callStartedAt = 0;
  if (settings.hooks !== undefined) {
    runHook = hooksOfCall(settings.hooks, info, request.init.headers, () => facts?.secrets() ?? []);
    callStartedAt = performance.now();
  }

  let attempt = 0;
  try {
    for (; ; attempt += 1) {
      init.signal?.throwIfAborted();
      // Asked again before every attempt, so that a rotated token is picked up by the retry.
      const bearer = await settings.bearer();
      let secrets: string[] | undefined;
      facts = {
        info,
        errorShape: operation.errorShape,
        // Only a failure needs them: walking the body on every successful call would cost every call.
        secrets: () => (secrets ??= collectSecrets(init.body, [bearer, bearer.slice('Bearer '.length)])),
      };
      // Before onRequest, so that a hook setting Authorization wins, whichever kind the token is.
      if (!settings.staticToken) request.init.headers.set('authorization', bearer);
      if (runHook) await runHook('onRequest', attempt, callStartedAt);
      const startedAt = performance.now();
      const outcome = await sendAttempt(settings, request, init.signal, facts, timeoutMs);
      if (runHook && outcome.response) await runHook('onResponse', attempt, startedAt, { response: outcome.response });
      if (outcome.ok) {
        logAttempt(settings.log, facts, outcome.status, startedAt);
        return resultForm(outcome);
      }
      const delayMs = outcome.retryable ? retryDelay(attempt, maxRetries, outcome.retryAfter, settings.backoff) : undefined;
      logAttempt(settings.log, facts, outcome.status, startedAt, outcome.failure, delayMs);
      if (delayMs === undefined) {
        // A retryable failure that is not retried any more: say so, it is easy to miss behind the thrown error.
        const gaveUp = outcome.retryable && maxRetries > 0;
        if (gaveUp) settings.log('warn')?.(`${operationId} gave up after ${attempt + 1} attempts: ${outcome.failure.message}`);
        throw outcome.failure;
      }
      if (runHook) await runHook('onRetry', attempt, startedAt, { status: outcome.response?.status, error: outcome.failure, delayMs });
      await settings.sleep(delayMs, init.signal);
    }
  } catch (error) {
    if (runHook) await runHook('onError', attempt, callStartedAt, { error });
    throw error;
  }
}

/** openapi-fetch's `params`, as far as building the request needs them. */
type RequestParams = { query?: Record<string, unknown>; path?: Record<string, unknown>; header?: HeadersOptions };

/** A request ready for `fetch(url, init)`. */
interface PreparedRequest {
  url: string;
  init: RequestInit & { method: string; headers: Headers };
}

// openapi-fetch's default query style (form, exploded; deepObject for objects), built once instead of per call.
// Marked pure so that bundles importing only the error classes leave openapi-fetch out.
const serializeQuery = /* @__PURE__ */ createQuerySerializer();

/**
 * The URL, headers and JSON body as openapi-fetch's client builds them, with its own serializers, but handed to
 * fetch as `(url, init)`: undici copies the body of a `Request` once more when it sends one (a PUT then costs ~1.4x).
 * Throws when a parameter cannot be serialised, before anything is sent.
 */
function prepareRequest(space: AddressSpace, operation: OperationDescriptor, init: CallInit): PreparedRequest {
  const params: RequestParams = init.params ?? {};
  const url = createFinalURL(operation.path, { baseUrl: space.baseUrl, params, querySerializer: serializeQuery, pathSerializer: defaultPathSerializer });
  const hasBody = init.body !== undefined;
  const body = hasBody ? JSON.stringify(init.body) : undefined;
  const contentType = hasBody ? { 'Content-Type': 'application/json' } : {};
  const headers = mergeHeaders(contentType, space.headers, init.headers as HeadersOptions, params.header);
  return { url, init: { method: operation.method.toUpperCase(), headers, body } };
}

/**
 * One attempt, within its time limit (which covers reading the body too). Throws what is not a failure of the
 * request: the caller's abort, a 2xx body that is not JSON.
 */
async function sendAttempt(
  settings: CallSettings,
  request: PreparedRequest,
  callerSignal: AbortSignal | undefined,
  facts: RequestFacts,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const deadline = startDeadline(timeoutMs, callerSignal);
  request.init.signal = deadline.signal;
  try {
    const response = await settings.fetch(request.url, request.init);
    const body = await readBody(response);
    const { status } = response;
    if (response.ok) return { ok: true, status, data: body, response };
    return {
      ok: false,
      status,
      failure: apiErrorFromResponse(response, body, facts),
      retryable: RETRYABLE_STATUSES.includes(status),
      retryAfter: response.headers.get('retry-after'),
      response,
    };
  } catch (cause) {
    callerSignal?.throwIfAborted();
    // A 2xx body that is not JSON: repeating would not help, and it is no network problem.
    if (cause instanceof SyntaxError) throw cause;
    const failure = networkFailure(cause, facts, deadline.timedOut(), timeoutMs);
    return { ok: false, status: failure.name, failure, retryable: true, retryAfter: null };
  } finally {
    deadline.clear();
  }
}

/**
 * The body, read as openapi-fetch reads it: nothing when empty (204), JSON for a 2xx (a SyntaxError when it is not
 * JSON), and for an error its JSON, else its text (an HTML page from a proxy, say).
 */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (response.ok) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error of an attempt that got no HTTP response: it timed out, or the connection failed. */
function networkFailure(cause: any, facts: RequestFacts, timedOut: boolean, timeoutMs: number): PlatformError {
  const { operationId, method, url } = facts.info;
  const where = ` (${method} ${url})`;
  if (timedOut) return new PlatformTimeoutError(`${operationId} timed out after ${timeoutMs} ms${where}`, { ...facts.info, timeoutMs });
  // undici puts the system error code (ECONNREFUSED, ...) on `cause`; other runtimes only have a message.
  const reason = cause?.cause?.code ?? cause?.message;
  const message = `${operationId} could not reach the server${where}${reason ? ': ' + reason : ''}`;
  return new PlatformConnectionError(redact(message, facts.secrets()), facts.info, { cause });
}

/** The signal of one attempt, whether its time limit passed, and how to stop watching it. */
interface AttemptDeadline {
  signal: AbortSignal | undefined;
  timedOut: () => boolean;
  clear: () => void;
}

/**
 * Aborts the attempt's signal when its time limit passes or when the caller's signal aborts. The timer is cleared
 * as soon as the attempt ends: `AbortSignal.timeout` would keep one pending timer per call for the whole limit
 * (+36 MB of heap after 100,000 calls with the default 60 s). Without a time limit the signal is the caller's own.
 */
function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): AttemptDeadline {
  const hasTimeLimit = timeoutMs > 0 && timeoutMs <= LONGEST_TIMER_MS;
  if (!hasTimeLimit) return { signal: callerSignal, timedOut: () => false, clear: () => {} };
  const controller = new AbortController();
  let timedOut = false;
  const timer: any = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  // A pending time limit must not keep a Node process alive.
  timer.unref?.();
  const forwardAbort = () => controller.abort(callerSignal!.reason);
  // The caller may have aborted while the token was being fetched: an 'abort' listener would never hear of it.
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    },
  };
}

/**
 * `debug`: each attempt, with its method, URL, status, duration and, when it is retried, why. `info`: each retry.
 * The messages are the errors' own, built from redacted bodies, so no secret reaches the logger.
 */
function logAttempt(log: Log, facts: RequestFacts, status: number | string, startedAt: number, failure?: PlatformError, retryInMs?: number): void {
  const { operationId, method, url } = facts.info;
  const retryNote = retryInMs === undefined ? '' : `retry in ${retryInMs} ms: ${failure!.message}`;
  const debug = log('debug');
  if (debug) {
    const durationMs = Math.round(performance.now() - startedAt);
    debug(`${operationId}: ${method} ${url} -> ${status} in ${durationMs} ms${retryNote && '; ' + retryNote}`);
  }
  if (retryNote) log('info')?.(`${operationId}: ${retryNote}`);
}
