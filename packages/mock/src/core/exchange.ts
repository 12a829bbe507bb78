// One request and its answer, whatever carries them: node:http in the server (server/node-exchange.ts), a fetch
// Request in the in-process fetch (fetch/). The pipeline and every stage only ever see these two interfaces, so
// they run the same without a port, node:http or any Node built-in.

/** Request headers by lower-case name, as node:http gives them (a list only for repeated set-cookie). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Answer headers by lower-case name; a list sends the header once per value (set-cookie). */
export type AnswerHeaders = Record<string, string | string[]>;

export interface IncomingRequest {
  /** upper case, e.g. GET */
  readonly method: string;
  /** the request target: path and query, e.g. /api/svc/v1/teams/t1?x=1 */
  readonly target: string;
  readonly headers: RequestHeaders;
  /** Whether a body follows the headers (even an empty one); without one there is nothing to read or wait for. */
  readonly hasBody: boolean;
  /** The body's bytes; 'too-large' past `limit` bytes (the rest is read and dropped). */
  readBody(limit: number): Promise<Uint8Array | 'too-large'>;
  /** Answered before the body was needed: let it drain, so the connection can serve the next request. */
  discardBody(): void;
}

export interface Reply {
  /** A header for whatever answer follows (CORS puts its headers here before the answer is chosen). */
  setHeader(name: string, value: string): void;
  /** Sends the answer; content-length is added when missing. */
  send(status: number, headers: AnswerHeaders, body: Uint8Array | string): void;
  /** Sends the answer with exactly these headers (a proxied answer: no content-length is added). */
  sendVerbatim(status: number, headers: AnswerHeaders, body: Uint8Array): void;
  /**
   * Sends the status and headers now, then `head` and the rest of `body` as they arrive (a proxied answer that is
   * not read whole). Resolves when the body has gone out or could not: the upstream broke off or the client left.
   */
  stream(status: number, headers: AnswerHeaders, head: readonly Uint8Array[], body: AsyncIterable<Uint8Array>): Promise<void>;
  /** Ends the exchange without an answer, as a dropped connection does (Prefer: fault=reset). */
  reset(): void;
  /** Resolves once the answer has gone out, or the client went away. */
  finished(): Promise<void>;
  /** Whether an answer was started (send, sendVerbatim, stream) or the exchange reset. */
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

/** Whether the request says it has a body (Content-Length or Transfer-Encoding), even an empty one. */
export function declaresBody(headers: RequestHeaders): boolean {
  return headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
}
