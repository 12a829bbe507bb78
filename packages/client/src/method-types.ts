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
