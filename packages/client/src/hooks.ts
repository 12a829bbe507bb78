// Hooks: the caller's functions that the typed methods (and every page of an iterator) run around each attempt.
// They see what a log line sees (operation, method, URL, status, timing) and never the token: the request's
// headers can be set, not read.
import { PlatformError, redact } from './errors.js';
import type { OperationId } from './generated/operations.js';

/** The request's headers, as a hook may touch them: it can add or replace one, not read any (Authorization). */
export interface HookHeaders {
  set(name: string, value: string): void;
}

/** The call's request, the same object in every hook of one call: a WeakMap key for state from onRequest on. */
export interface HookRequest {
  readonly headers: HookHeaders;
}

/** What every hook is told. */
export interface HookContext {
  readonly operationId: OperationId;
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Request URL (never with credentials). */
  readonly url: string;
  /** 1 for the first attempt, 2 for the first retry, and so on. */
  readonly attempt: number;
  readonly request: HookRequest;
  /** onRequest, onError: time since the call started. onResponse, onRetry: the attempt's time, body read included. */
  readonly durationMs: number;
}

/** onRequest: an attempt is about to be sent. */
export type RequestHookContext = HookContext;

/** onResponse: an attempt got an HTTP response, 2xx or not. Its body has been read already. */
export interface ResponseHookContext extends HookContext {
  readonly response: Response;
}

/** onRetry: attempt `attempt` failed and the call tries again after `delayMs`. */
export interface RetryHookContext extends HookContext {
  /** The failed attempt's HTTP status; `undefined` when it got no response (connection error, timeout). */
  readonly status: number | undefined;
  /** Why it failed: a PlatformApiError, PlatformConnectionError or PlatformTimeoutError. */
  readonly error: PlatformError;
  readonly delayMs: number;
}

/** onError: the call failed, with `error`: what it rejects with (a PlatformError, or on abort the signal's reason). */
export interface ErrorHookContext extends HookContext {
  readonly error: unknown;
}

/** What a hook returns is awaited, then ignored: a hook may be async, or return whatever its last call did. */
type HookResult = unknown;

/** `createPlatformClient({ hooks })`: each is optional, may be async (awaited), and fails the call if it throws. */
export interface PlatformHooks {
  /** Before each attempt is sent; may add headers (`request.headers.set('traceparent', ...)`). */
  onRequest?: (context: RequestHookContext) => HookResult;
  /** After each attempt that got an HTTP response, 2xx or not, once its body is read. */
  onResponse?: (context: ResponseHookContext) => HookResult;
  /** Before the wait that precedes a retry. */
  onRetry?: (context: RetryHookContext) => HookResult;
  /** Once, when the call fails: the error it rejects with. */
  onError?: (context: ErrorHookContext) => HookResult;
}

export type HookName = keyof PlatformHooks;

/** A hook threw or rejected: the call fails at once, without a retry. `cause` is what the hook threw. */
export class PlatformHookError extends PlatformError {
  override name = 'PlatformHookError';
  /** The hook that failed, e.g. `onRequest`. */
  declare readonly hook: HookName;
}

/** Runs one hook of a call, if it is set, with the call's context, the time since `since`, and `fields`. */
export type RunHook = (hook: HookName, attempt: number, since: number, fields?: object) => Promise<void>;

/**
 * The hook runner of one call. Made only when the client has hooks, so that a call without them allocates
 * nothing for them. `secrets` are redacted from a failing hook's message, in case it quotes the token.
 */
export function hooksOfCall(
  hooks: PlatformHooks,
  info: { operationId: string; method: string; url: string },
  headers: Headers,
  secrets: () => readonly string[],
): RunHook {
  const request: HookRequest = { headers: { set: (name, value) => headers.set(name, value) } };
  return async (hook, attempt, since, fields) => {
    const run = hooks[hook] as ((context: object) => HookResult) | undefined;
    if (run === undefined) return;
    try {
      await run({ ...info, attempt: attempt + 1, request, durationMs: performance.now() - since, ...fields });
    } catch (cause: any) {
      const message = redact(`${info.operationId}: the ${hook} hook failed: ${cause?.message ?? cause}`, secrets());
      throw new PlatformHookError(message, { ...info, hook }, { cause });
    }
  };
}
