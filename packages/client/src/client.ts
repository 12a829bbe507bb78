import { removeTrailingSlash, type Client, type HeadersOptions } from 'openapi-fetch';
import type { operations as Ops, paths } from '@vendor/api-types';
import { bodyWithResponse, callOperation, type CallSettings, type FetchFunction, type ResultForm } from './call.js';
import { fail } from './errors.js';
import { operations, type ControlPlanePath, type GatewayPath, type OperationId } from './generated/operations.js';
import type { PlatformOperations } from './generated/methods.js';
import { pagingOperations, type IteratorName, type PlatformIterators } from './generated/iterators.js';
import type { PlatformHooks } from './hooks.js';
import { createLog, type LogLevel, type Logger } from './log.js';
import type { MethodResult, PagedIterator, WithResponse, WithResponseForm } from './method-types.js';
import { createClient } from './openapi-fetch.js';
import { checkBaseUrl, readCount } from './options.js';
import { itemsOf, walkPages } from './pagination.js';
import { resolveProxyUrl } from './proxy.js';
import { abortableSleep, backoffDelay } from './retry.js';

export { isPlatformApiError } from './errors.js';
export type { FetchFunction } from './call.js';
export type { LogLevel, Logger } from './log.js';

/** Paths of the control plane (`baseUrl`); gateway paths are not in it, so using one does not compile. */
export type ControlPlanePaths = Pick<paths, ControlPlanePath>;
/** Paths of the gateway (`gatewayBaseUrl`). */
export type GatewayPaths = Pick<paths, GatewayPath>;

/** A bearer token, or a function returning one (sync or async). A function is called before every attempt. */
export type TokenProvider = string | (() => string | Promise<string>);

export interface PlatformClientOptions {
  /** Control-plane base URL, e.g. `https://api.vendor.example`. */
  baseUrl: string;
  /** Gateway base URL, e.g. `https://gateway.vendor.example`. Needed only for the gateway operations. */
  gatewayBaseUrl?: string;
  /** Bearer token or token provider (called for each request, so rotated tokens are picked up). */
  token: TokenProvider;
  /**
   * Custom fetch with the standard signature (default: `globalThis.fetch`, looked up at call time). The typed
   * methods call it as `fetch(url, init)`, where `init.signal` carries the attempt's timeout and the caller's
   * `signal`; the raw clients call it with a `Request`.
   */
  fetch?: FetchFunction;
  /** Retries of an idempotent operation after a retryable failure (default 2, i.e. up to 3 attempts). */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds (default 60000; `0` or `Infinity`: no limit). */
  timeoutMs?: number;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** What the client logs (default: the `VENDOR_LOG` environment variable, else `'warn'`). */
  logLevel?: LogLevel;
  /** Where the client logs (default: `console`). */
  logger?: Logger;
  /** Functions run around every attempt of the typed methods and iterators (see the README, "Response metadata and hooks"). */
  hooks?: PlatformHooks;
}

/** Each typed method, with its `withResponse` form. */
export type PlatformMethods = {
  [Id in keyof PlatformOperations]: PlatformOperations[Id] & WithResponseForm<Ops[Id & keyof Ops]>;
};

/** The operation an iterator pages through. */
type IteratedOperation<Name extends IteratorName> = Ops[(typeof pagingOperations)[Name]['operationId']];

/** The item type of an iterator, as the generated signature yields it. */
type IteratorItem<Name extends IteratorName> = ReturnType<PlatformIterators[Name]> extends AsyncIterableIterator<infer Item> ? Item : never;

/** Each iterator, whose result also walks the pages with their metadata (`.pages()`). */
export type PlatformPagedIterators = {
  [Name in keyof PlatformIterators]: (
    ...init: Parameters<PlatformIterators[Name]>
  ) => PagedIterator<IteratorItem<Name>, MethodResult<IteratedOperation<Name>>>;
};

export interface PlatformClient extends PlatformMethods, PlatformPagedIterators {
  /**
   * The underlying openapi-fetch clients (`{ data, error, response }` style, no retries or timeouts),
   * with the token and default headers applied.
   */
  readonly raw: {
    readonly controlPlane: Client<ControlPlanePaths, 'application/json'>;
    readonly gateway: Client<GatewayPaths, 'application/json'>;
  };
  /** `resolveProxyUrl(proxyUrl, gatewayBaseUrl)` with this client's `gatewayBaseUrl`. */
  resolveProxyUrl(proxyUrl: string): string;
  resolveProxyUrl(proxyUrl: string | null | undefined): string | null | undefined;
}

/** Test seams; not part of the public API. */
export interface ClientInternals {
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  backoffBaseMs?: number;
}

/** Creates the client. See the README for every option. */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  return createPlatformClientWith(options);
}

export function createPlatformClientWith(options: PlatformClientOptions, internals: ClientInternals = {}): PlatformClient {
  const { baseUrl, gatewayBaseUrl, token, headers } = options;
  checkBaseUrl(baseUrl, 'baseUrl');
  if (gatewayBaseUrl !== undefined) checkBaseUrl(gatewayBaseUrl, 'gatewayBaseUrl');
  if (!token) fail('token is required');
  const log = createLog(options.logLevel, options.logger);

  const tokenIsString = typeof token === 'string';
  const bearer = async (): Promise<string> => 'Bearer ' + (tokenIsString ? token : await token());
  // Looked up at call time, so that a fetch patched after creating the client is used. Called as a plain
  // function: browsers refuse `fetch` called as a method of another object.
  const fetchNow: FetchFunction = (input, init) => {
    const fetchFunction = options.fetch ?? globalThis.fetch;
    return fetchFunction(input, init);
  };
  // A string token goes into the default headers once; a token function is asked before every request.
  const defaultHeaders = tokenIsString ? { ...Object.fromEntries(new Headers(headers as HeadersInit)), authorization: 'Bearer ' + token } : headers;

  // The raw clients add the token unless the caller set Authorization.
  const rawFetch = async (request: Request): Promise<Response> => {
    if (!request.headers.has('authorization')) request.headers.set('authorization', await bearer());
    return fetchNow(request);
  };
  const raw = {
    controlPlane: createClient<ControlPlanePaths, 'application/json'>({ baseUrl, headers: defaultHeaders, fetch: rawFetch }),
    gateway: createClient<GatewayPaths, 'application/json'>({ baseUrl: gatewayBaseUrl, headers: defaultHeaders, fetch: rawFetch }),
  };
  const settings: CallSettings = {
    // The same base URLs and default headers as the raw clients.
    spaces: {
      controlPlane: { baseUrl: removeTrailingSlash(baseUrl), headers: defaultHeaders },
      gateway: gatewayBaseUrl === undefined ? undefined : { baseUrl: removeTrailingSlash(gatewayBaseUrl), headers: defaultHeaders },
    },
    staticToken: tokenIsString,
    bearer,
    fetch: fetchNow,
    maxRetries: readCount(options.maxRetries, 2, 'maxRetries'),
    timeoutMs: readCount(options.timeoutMs, 60_000, 'timeoutMs', true),
    sleep: internals.sleep ?? abortableSleep,
    backoff: (retry) => backoffDelay(retry, internals.random, internals.backoffBaseMs),
    log,
    hooks: options.hooks,
  };

  const call = (operationId: OperationId, init?: object, resultForm?: ResultForm) =>
    callOperation(settings, operationId, operations[operationId], init, resultForm);

  // Every page is one call of the operation with the caller's init, the query advanced by the walker. The items
  // and `.pages()` are two walks of their own, each started when first read.
  function iterate(iteratorName: IteratorName, init: any = {}) {
    const paging = pagingOperations[iteratorName];
    const fetchPage = (query: object) =>
      call(paging.operationId, { ...init, params: { ...init.params, query } }, bodyWithResponse) as Promise<WithResponse<unknown>>;
    const pages = () => walkPages(iteratorName, fetchPage, init.params?.query ?? {}, paging, init.signal, log);
    return Object.assign(itemsOf(pages(), init.signal), { pages });
  }

  const client: Record<string, unknown> = {
    raw,
    resolveProxyUrl: (proxyUrl: string | null | undefined) => resolveProxyUrl(proxyUrl, gatewayBaseUrl!),
  };
  for (const operationId of Object.keys(operations) as OperationId[]) {
    const method = (init?: object) => call(operationId, init);
    client[operationId] = Object.assign(method, { withResponse: (init?: object) => call(operationId, init, bodyWithResponse) });
  }
  for (const iteratorName of Object.keys(pagingOperations) as IteratorName[]) {
    client[iteratorName] = (init?: object) => iterate(iteratorName, init);
  }
  return client as unknown as PlatformClient;
}
