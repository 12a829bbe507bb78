import type { HeadersOptions, ParamsOption, RequestBodyOption } from 'openapi-fetch';

/** Per-call options accepted by every operation method, next to `params` and `body`. */
export interface CallOptions {
  /** Cancels the call (including any retry wait). The method then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Retries for this call (default: the client's `maxRetries`). Only operations marked `x-idempotent` retry. */
  maxRetries?: number;
  /** Time limit of each attempt in milliseconds (default: the client's `timeoutMs`; `0` or `Infinity`: no limit). */
  timeoutMs?: number;
  /** Extra request headers for this call. */
  headers?: HeadersOptions;
}

/** The argument of an operation method: openapi-fetch's typed `params` / `body`, plus {@link CallOptions}. */
export type MethodInit<Op> = ParamsOption<Op> & RequestBodyOption<Op> & CallOptions;

/** The argument list of an operation method: optional when the operation requires no input. */
export type MethodArgs<Op> = {} extends MethodInit<Op> ? [init?: MethodInit<Op>] : [init: MethodInit<Op>];

type OkStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | '2XX';
type JsonBody<R> = R extends { content: { 'application/json': infer B } }
  ? B
  : R extends { content: { [type: `application/${string}json`]: infer B } }
    ? B
    : undefined;

/** What an operation method resolves to: the 2xx JSON body exactly as the spec types it. */
export type MethodResult<Op> = Op extends { responses: infer R }
  ? { [S in keyof R & OkStatus]: JsonBody<R[S]> }[keyof R & OkStatus]
  : never;

/**
 * What `withResponse` resolves to: the body the plain call resolves to, the final attempt's `Response` (its body
 * already read) and its request id (`x-request-id`, else `request-id`, else `x-amzn-requestid`; `null` if none).
 */
export interface WithResponse<Data> {
  data: Data;
  response: Response;
  requestId: string | null;
}

/** The `withResponse` form of an operation method: the same call, resolving to the body and its response. */
export interface WithResponseForm<Op> {
  withResponse(...init: MethodArgs<Op>): Promise<WithResponse<MethodResult<Op>>>;
}

/** One page of an iterator's walk: its body, the items the iterator yields from it, and its response. */
export interface PageWithResponse<Body, Item> extends WithResponse<Body> {
  /** The page's items not yielded before (each item once, by `id`): what iterating the items yields for this page. */
  items: Item[];
}

/** What an iterator returns: its items, one by one, and `pages()`, a walk of the pages with their metadata. */
export interface PagedIterator<Item, Body> extends AsyncIterableIterator<Item> {
  /** Walks the pages (a walk of its own, from the first page): the first page always, then each page that brings new items. */
  pages(): AsyncIterableIterator<PageWithResponse<Body, Item>>;
}
