import type { Client, HeadersOptions } from 'openapi-fetch';
import { createClient } from './openapi-fetch.js';
import type { operations as Ops, paths } from '@vendor/api-types';
import { PlatformApiError, PlatformConnectionError, PlatformTimeoutError, type PlatformError, collectSecrets, errorDetail, fail, redact } from './errors.js';
import { operations, type ControlPlanePath, type GatewayPath, type OperationId } from './generated/operations.js';
import type { OperationErrorBodies, PlatformOperations } from './generated/methods.js';
import type { MethodArgs, MethodInit, MethodResult } from './method-types.js';
import { resolveProxyUrl } from './proxy.js';
import { RETRYABLE_STATUSES, abortableSleep, backoffDelay, parseRetryAfter } from './retry.js';

/** Paths of the control plane (`baseUrl`); gateway paths are not in it, so using one does not compile. */
export type ControlPlanePaths = Pick<paths, ControlPlanePath>;
/** Paths of the gateway (`gatewayBaseUrl`). */
export type GatewayPaths = Pick<paths, GatewayPath>;

/** A bearer token, or a function returning one (sync or async). A function is called before every attempt. */
export type TokenProvider = string | (() => string | Promise<string>);

export interface PlatformClientOptions {
  /** Control-plane base URL, e.g. `https://platform.example.com`. */
  baseUrl: string;
  /** Gateway base URL, e.g. `https://gateway.example.com`. Needed only for the gateway operations. */
  gatewayBaseUrl?: string;
  /** Bearer token or token provider (called for each request, so rotated tokens are picked up). */
  token: TokenProvider;
  /**
   * Custom fetch (default: `globalThis.fetch`, looked up at call time). Called as `fetch(request, init)`; pass
   * `init` on (it carries the `signal` of the attempt's timeout and of the caller's `signal`).
   */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /** Retries of an idempotent operation after a retryable failure (default 2, i.e. up to 3 attempts). */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds (default 60000; `0` or `Infinity`: no limit). */
  timeoutMs?: number;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
}

type Item<T> = T extends readonly (infer I)[] ? I : never;

/** One turn of an agent session (an item of `listAgentSessionTurns`). */
export type AgentSessionTurn = Item<MethodResult<Ops['listAgentSessionTurns']>['data']>;
/** One agent skill version (an item of `listAgentSkillVersions`). */
export type AgentSkillVersionItem = Item<MethodResult<Ops['listAgentSkillVersions']>['data']>;

export interface PlatformClient extends PlatformOperations {
  /**
   * The underlying openapi-fetch clients (`{ data, error, response }` style, no retries or timeouts),
   * with the token and default headers applied.
   */
  readonly raw: {
    readonly controlPlane: Client<ControlPlanePaths, 'application/json'>;
    readonly gateway: Client<GatewayPaths, 'application/json'>;
  };
  /** All turns of an agent session, newest first, following `next_page_token` across pages. */
  iterateAgentSessionTurns(...init: MethodArgs<Ops['listAgentSessionTurns']>): AsyncIterableIterator<AgentSessionTurn>;
  /** All agent skill versions matching the filters, walking `offset`/`limit` until `total`. */
  iterateAgentSkillVersions(...init: MethodArgs<Ops['listAgentSkillVersions']>): AsyncIterableIterator<AgentSkillVersionItem>;
  /** `resolveProxyUrl(proxyUrl, gatewayBaseUrl)` with this client's `gatewayBaseUrl`. */
  resolveProxyUrl(proxyUrl: string): string;
}

/** Test seams; not part of the public API. */
export interface ClientInternals {
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  backoffBaseMs?: number;
}

const INFINITY = 1 / 0;

/**
 * The fetch init of one attempt. Its `signal` (aborted on timeout and by the caller's signal) is created only when
 * fetch reads it, and reaches fetch directly rather than the Request openapi-fetch builds (which fetch would copy).
 */
class AttemptInit {
  c = new AbortController();
  t?: 1;
  get signal() {
    return this.c.signal;
  }
}

/** Validates a count option: a non-negative number (`Infinity` only where `infinite`); `undefined` keeps the default. */
const count = (value: any, fallback: number, name: string, infinite?: 1): number =>
  value === undefined
    ? fallback
    : value >= 0 && typeof value == 'number' && (infinite || value < INFINITY)
      ? value
      : fail(name + ' must be a non-negative number');

// fetch refuses URLs with credentials, and its error would repeat them: refuse them here, without repeating them.
const checkUrl = (value: unknown, name: string) =>
  /^https?:\/\/[^/?#@]+([/?#]|$)/i.test(value as string) || fail(name + ' must be an absolute http(s) URL without credentials');

/** Creates the client. See the README for every option. */
export const createPlatformClient: (options: PlatformClientOptions) => PlatformClient = (options) => createPlatformClientWith(options);

export function createPlatformClientWith(options: PlatformClientOptions, internals: ClientInternals = {}): PlatformClient {
  const { baseUrl, gatewayBaseUrl, token, headers } = options;
  checkUrl(baseUrl, 'baseUrl');
  gatewayBaseUrl === undefined || checkUrl(gatewayBaseUrl, 'gatewayBaseUrl');
  token || fail('token is required');
  const maxRetriesDefault = count(options.maxRetries, 2, 'maxRetries');
  const timeoutDefault = count(options.timeoutMs, 6e4, 'timeoutMs', 1);
  const { sleep = abortableSleep, random, backoffBaseMs } = internals;
  const isStatic = typeof token == 'string';
  const tokenOf = async (): Promise<string> => (isStatic ? token : (token as () => string)());
  const baseFetch = (req: Request, init?: RequestInit): Promise<Response> => (options.fetch ?? fetch)(req, init);
  // A string token goes into the default headers once; a token function is asked before every request. The raw
  // clients add it unless the caller set Authorization.
  const rawFetch = async (req: Request): Promise<Response> => {
    req.headers.has('authorization') || req.headers.set('authorization', 'Bearer ' + (await tokenOf()));
    return baseFetch(req);
  };
  const defaults = isStatic ? { ...Object.fromEntries(new Headers(headers as HeadersInit)), authorization: 'Bearer ' + token } : headers;
  const raw: Record<string, any> = {
    controlPlane: createClient({ baseUrl, headers: defaults, fetch: rawFetch }),
    gateway: createClient({ baseUrl: gatewayBaseUrl, headers: defaults, fetch: rawFetch }),
  };

  async function call(operationId: OperationId, init: any = {}): Promise<unknown> {
    const { method, path, space, idempotent, errorShape } = operations[operationId];
    const { signal, body } = init;
    const info = { operationId, method: method.toUpperCase(), url: '' };
    space == 'gateway' && !gatewayBaseUrl && fail(operationId + ' is a gateway operation: pass gatewayBaseUrl');
    const retries = idempotent ? count(init.maxRetries, maxRetriesDefault, 'maxRetries') : 0;
    const limit = count(init.timeoutMs, timeoutDefault, 'timeoutMs', 1);
    // Timeouts of 0, Infinity or beyond what setTimeout can wait (2^31-1 ms) mean "no timeout".
    const timed = limit > 0 && limit < 2 ** 31;

    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const bearer = 'Bearer ' + (await tokenOf());
      const secrets = () => collectSecrets(body, [bearer, bearer.slice(7)]);
      const ext = (timed || signal) && new AttemptInit();
      const onAbort = () => ext && ext.c.abort(signal.reason);
      const timer: any = timed && setTimeout(() => ext && ((ext.t = 1), ext.c.abort()), limit);
      let failure: PlatformError;
      let retryAfter: string | null = null;
      timer.unref?.();
      signal?.addEventListener('abort', onAbort);
      info.url = '';
      try {
        const { data, error, response } = await raw[space][info.method](path, {
          params: init.params,
          body,
          headers: init.headers,
          fetch(req: Request) {
            info.url = req.url;
            isStatic || req.headers.set('authorization', bearer);
            return baseFetch(req, ext || undefined);
          },
        });
        if (response.ok) return data;
        const { status, statusText, headers: responseHeaders } = response;
        const errorBody = redact(error, secrets());
        const requestId = responseHeaders.get('x-request-id') ?? undefined;
        const detail = errorDetail(errorBody);
        const text = typeof errorBody == 'string';
        // The message is built from the redacted body.
        failure = new PlatformApiError(
          `${operationId} failed with status ${status}${statusText && ' ' + statusText}${detail ? ': ' + detail : ''}${requestId ? ` (request id ${requestId})` : ''}`,
          { ...info, status, body: text ? undefined : errorBody, rawBody: text ? errorBody : undefined, requestId, errorShape },
        );
        if (!RETRYABLE_STATUSES.includes(status)) throw failure;
        retryAfter = responseHeaders.get('retry-after');
      } catch (cause: any) {
        signal?.throwIfAborted();
        // A PlatformApiError; or a failure before anything was sent (e.g. an invalid parameter), or a 2xx body that is
        // not JSON: not a network problem, not worth a retry.
        if (cause == failure! || !info.url || cause instanceof SyntaxError) throw cause;
        const where = ` (${info.method} ${info.url})`;
        const reason = cause?.cause?.code ?? cause?.message;
        failure =
          ext && ext.t
            ? new PlatformTimeoutError(`${operationId} timed out after ${limit} ms${where}`, { ...info, timeoutMs: limit })
            : new PlatformConnectionError(redact(`${operationId} could not reach the server${where}${reason ? ': ' + reason : ''}`, secrets()), { ...info }, { cause });
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      if (attempt >= retries) throw failure;
      const asked = parseRetryAfter(retryAfter);
      // A server asking for a longer pause than we are willing to wait (60 s): give up now rather than hammer it.
      if (asked! > 6e4) throw failure;
      await sleep(asked ?? backoffDelay(attempt, random, backoffBaseMs), signal);
    }
  }

  /**
   * Pages through an operation, yielding each item once (by `id`). Stops when `next` returns nothing, or when a page
   * brings no item not yet yielded (a server repeating a page, or ignoring the offset): it never loops forever.
   */
  async function* paginate(operationId: OperationId, init: any = {}, next: (pagination: any, query: any, items: unknown[]) => object | false | undefined) {
    const seen = new Set<unknown>();
    for (let query = init.params?.query ?? {}, more: any; query; query = more && { ...query, ...more }) {
      const page: any = await call(operationId, { ...init, params: { ...init.params, query } });
      const items: any[] = page?.data ?? [];
      more = 0;
      for (const item of items) {
        const key = item?.id ?? JSON.stringify(item);
        if (!seen.has(key)) {
          seen.add(key);
          more = 1;
          yield item;
          init.signal?.throwIfAborted();
        }
      }
      more &&= next(page.pagination ?? {}, query, items);
    }
  }

  const client: Record<string, unknown> = {
    raw,
    resolveProxyUrl: (proxyUrl: string) => resolveProxyUrl(proxyUrl, gatewayBaseUrl!),
    // Never follows a token twice (a server repeating itself).
    iterateAgentSessionTurns: (init?: MethodInit<Ops['listAgentSessionTurns']>) => {
      const tokens = new Set([init?.params?.query?.page_token]);
      return paginate('listAgentSessionTurns', init, ({ next_page_token: token }) => token && !tokens.has(token) && tokens.add(token) && { page_token: token });
    },
    iterateAgentSkillVersions: (init?: MethodInit<Ops['listAgentSkillVersions']>) =>
      paginate('listAgentSkillVersions', init, ({ total = INFINITY }, { offset = 0 }, items) => (offset += items.length) < total && { offset }),
  };
  for (const operationId in operations) client[operationId] = (init?: object) => call(operationId as OperationId, init);
  return client as unknown as PlatformClient;
}

/** Narrows an unknown error to a `PlatformApiError` of `operationId`, typing `body` as that operation's error schema. */
export const isPlatformApiError = <Id extends OperationId>(
  error: unknown,
  operationId?: Id,
): error is PlatformApiError<OperationErrorBodies[Id]> =>
  error instanceof PlatformApiError && (!operationId || error.operationId == operationId);
