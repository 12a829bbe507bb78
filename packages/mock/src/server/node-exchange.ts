// The pipeline's request and reply (core/exchange.ts) over node:http, for the server (serve-http.ts). Classes rather
// than object literals of closures: two are made per request, on the mock's hottest path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished, pipeline } from 'node:stream/promises';
import { declaresBody, type AnswerHeaders, type IncomingRequest, type Reply, type RequestHeaders } from '../core/exchange.js';

const EMPTY = new Uint8Array(0);

export class NodeRequest implements IncomingRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: RequestHeaders;
  readonly hasBody: boolean;

  constructor(private readonly req: IncomingMessage) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.target = req.url ?? '/';
    this.headers = req.headers;
    // HTTP/1.1: no Content-Length and no Transfer-Encoding means no body (most GETs).
    this.hasBody = declaresBody(req.headers);
  }

  readBody(limit: number): Promise<Uint8Array | 'too-large'> {
    if (!this.hasBody) {
      this.req.resume();
      return Promise.resolve(EMPTY);
    }
    return readBody(this.req, limit);
  }

  discardBody(): void {
    this.req.resume();
  }
}

export class NodeReply implements Reply {
  status = 0;
  private answered = false;
  /** Headers set before the answer is chosen (the request id, CORS, rate limits), sent with it. */
  private early: Record<string, string> | undefined = undefined;

  constructor(private readonly res: ServerResponse) {}

  setHeader(name: string, value: string): void {
    // Kept here rather than on the response: node:http's progressive headers (setHeader, then writeHead) cost about
    // 10 % of a static GET; every header in writeHead's one object takes its fast path.
    if (this.early === undefined) this.early = {};
    this.early[name.toLowerCase()] = value;
  }

  send(status: number, headers: AnswerHeaders, body: Uint8Array | string): void {
    if (headers['content-length'] !== undefined) {
      this.sendVerbatim(status, headers, body);
      return;
    }
    // A copy in any case: the answer's headers are often shared (the answer table's), never to be written to.
    const complete = this.withEarlyHeaders(headers);
    complete['content-length'] = String(byteLength(body));
    this.writeAndEnd(status, complete, body);
  }

  sendVerbatim(status: number, headers: AnswerHeaders, body: Uint8Array | string): void {
    this.writeAndEnd(status, this.outgoing(headers), body);
  }

  /** A failure past every stage's guard (serve-http.ts): a 500 if nothing was sent yet, else the connection drops. */
  fail(body: string): void {
    if (this.res.headersSent) {
      this.res.destroy();
      return;
    }
    this.send(500, { 'content-type': 'application/json' }, body);
  }

  async stream(status: number, headers: AnswerHeaders, head: readonly Uint8Array[], body: AsyncIterable<Uint8Array>): Promise<void> {
    this.status = status;
    this.answered = true;
    this.res.writeHead(status, this.outgoing(headers));
    for (const chunk of head) this.res.write(chunk);
    try {
      await pipeline(body, this.res);
    } catch {
      // The upstream broke off or the client went away mid-body: nothing more can be sent.
      this.res.destroy();
    }
  }

  reset(): void {
    this.answered = true;
    // Without an answer: the client sees the connection drop (ECONNRESET), as from a failing proxy.
    this.res.socket?.destroy();
    this.res.destroy();
  }

  async finished(): Promise<void> {
    try {
      await finished(this.res);
    } catch {
      // The client closed the connection first: the exchange is over all the same.
    }
  }

  get done(): boolean {
    return this.answered || this.res.headersSent;
  }

  private writeAndEnd(status: number, headers: AnswerHeaders, body: Uint8Array | string): void {
    this.status = status;
    this.answered = true;
    // Status line, headers and body leave in one write: end() with the body, never a write() before it.
    this.res.writeHead(status, headers);
    this.res.end(asBuffer(body));
  }

  /** What writeHead gets: the answer's own headers, with the early ones when any were set. */
  private outgoing(headers: AnswerHeaders): AnswerHeaders {
    return this.early === undefined ? headers : this.withEarlyHeaders(headers);
  }

  /**
   * A new object, filled property by property (an object spread here cost more than setHeader did); the answer's own
   * headers win over the early ones, as writeHead's did over setHeader's.
   */
  private withEarlyHeaders(headers: AnswerHeaders): AnswerHeaders {
    const complete: AnswerHeaders = {};
    for (const name in this.early) complete[name] = this.early[name]!;
    for (const name in headers) complete[name] = headers[name]!;
    return complete;
  }
}

/**
 * Node writes a Uint8Array that is not a Buffer through a new Buffer view of it, on every write. An answer's body
 * is mostly one made once and sent again and again (the answer table's examples, a stored record's JSON): it gets
 * its view once, kept as long as the body is.
 */
const bufferViews = new WeakMap<Uint8Array, Buffer>();

function asBuffer(body: Uint8Array | string): Buffer | string {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  let view = bufferViews.get(body);
  if (view === undefined) {
    view = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    bufferViews.set(body, view);
  }
  return view;
}

function byteLength(body: Uint8Array | string): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  return body.length;
}

/**
 * The body's bytes. A body that arrived in one chunk (most JSON bodies) is that chunk, not a copy: node:http hands
 * over a buffer sized to what the socket read, so keeping it (the journal does) keeps no more than the request.
 * A body in many chunks with a Content-Length is copied into one buffer of that length as it arrives, rather than
 * kept in pieces and joined at the end: a large body then costs one copy of itself, not two.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const hasLength = Number.isInteger(declared) && declared > 0 && declared <= limit;
    let chunks: Buffer[] = [];
    let whole: Buffer | undefined;
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks = [];
        whole = undefined;
        return;
      }
      if (tooLarge) return;
      const isFirstOfMany = whole === undefined && hasLength && chunks.length === 1 && size <= declared;
      if (isFirstOfMany) {
        whole = Buffer.allocUnsafe(declared);
        chunks[0]!.copy(whole, 0);
        chunks = [];
      }
      if (whole !== undefined && size <= declared) chunk.copy(whole, size - chunk.length);
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) resolve('too-large');
      else if (whole !== undefined && chunks.length === 0 && size === declared) resolve(whole);
      else if (whole !== undefined) resolve(Buffer.concat([whole.subarray(0, Math.min(size, declared)), ...chunks]));
      else if (chunks.length === 1) resolve(chunks[0]!);
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
