// One request and its answer, whatever carries them: node:http in the server (node-exchange.ts), a fetch
// Request in the in-process fetch (fetch/). The pipeline only ever sees these two interfaces, so it runs
// the same without a port, node:http or any Node built-in.

/** Request headers by lower-case name, as node:http gives them (a list only for repeated set-cookie). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

export interface IncomingRequest {
  /** upper case, e.g. GET */
  readonly method: string;
  /** the request target: path and query, e.g. /api/svc/v1/teams/t1?x=1 */
  readonly target: string;
  readonly headers: RequestHeaders;
  /** The body's bytes; 'too-large' past `limit` bytes (the rest is read and dropped). */
  readBody(limit: number): Promise<Uint8Array | 'too-large'>;
  /** Answered before the body was needed: let it drain, so the connection can serve the next request. */
  discardBody(): void;
}

export interface Reply {
  /** A header for whatever answer follows (CORS puts its headers here before the answer is chosen). */
  setHeader(name: string, value: string): void;
  /** Sends the answer; content-length is added when missing. */
  send(status: number, headers: Record<string, string>, body: Uint8Array | string): void;
  /** Ends the exchange without an answer, as a dropped connection does (Prefer: fault=reset). */
  reset(): void;
  /** Whether send() or reset() was called. */
  readonly done: boolean;
  /** The status sent, once done; 0 after a reset. */
  readonly status: number;
}

/** A header's one value: repeated headers joined as HTTP joins them (with ", "). */
export function headerValue(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value;
}
