// The pipeline's request and reply (core/exchange.ts) over the Fetch API, for the in-process fetch: a
// standard Request in, a standard Response (or the TypeError of a network failure) out. Web APIs only.
import type { AnswerHeaders, IncomingRequest, Reply, RequestHeaders } from '../core/exchange.js';
import { statusTextOf } from '../core/status-text.js';

/** Statuses whose Response must not have a body (the Response constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function fetchRequest(request: Request, url: URL): IncomingRequest {
  return {
    method: request.method.toUpperCase(),
    target: url.pathname + url.search,
    headers: headersOf(request.headers),
    hasBody: request.body !== null,
    readBody: (limit) => readBody(request, limit),
    discardBody: () => undefined,
  };
}

/** Settles one fetch call: `answer` with the Response, `fail` with the error fetch would reject with. */
export function fetchReply(answer: (response: Response) => void, fail: (error: Error) => void): Reply {
  const headers = new Headers();
  let status = 0;
  let done = false;
  const respond = (answerStatus: number, answerHeaders: AnswerHeaders, body: BodyInit | null) => {
    status = answerStatus;
    done = true;
    for (const [name, value] of Object.entries(answerHeaders)) setAnswerHeader(headers, name, value);
    // What Node's server adds to every answer: the client and a test see the same headers and status text both ways.
    if (!headers.has('date')) headers.set('date', new Date().toUTCString());
    const hasNoBody = NULL_BODY_STATUSES.has(answerStatus);
    answer(new Response(hasNoBody ? null : body, { status: answerStatus, statusText: statusTextOf(answerStatus), headers }));
  };
  return {
    setHeader: (name, value) => headers.set(name, value),
    send(answerStatus, answerHeaders, body) {
      if (done) return;
      // As the server's reply does (core/exchange.ts): content-length is added when missing.
      const hasLength = answerHeaders['content-length'] !== undefined;
      const headersSent = hasLength ? answerHeaders : { ...answerHeaders, 'content-length': String(byteLength(body)) };
      respond(answerStatus, headersSent, body as BodyInit);
    },
    sendVerbatim(answerStatus, answerHeaders, body) {
      if (done) return;
      respond(answerStatus, answerHeaders, body as BodyInit);
    },
    async stream(answerStatus, answerHeaders, head, body) {
      if (done) return;
      respond(answerStatus, answerHeaders, streamOf(head, body));
    },
    reset() {
      if (done) return;
      done = true;
      // What fetch rejects with when the connection drops: a TypeError (undici and browsers alike).
      fail(new TypeError('fetch failed: the mock reset the connection (Prefer: fault=reset)'));
    },
    // The Response is handed over whole (or as a stream its reader pulls): nothing is left to wait for.
    finished: () => Promise.resolve(),
    get done() {
      return done;
    },
    get status() {
      return status;
    },
  };
}

const UTF8 = new TextEncoder();

function byteLength(body: Uint8Array | string): number {
  if (typeof body === 'string') return UTF8.encode(body).length;
  return body.length;
}

function setAnswerHeader(headers: Headers, name: string, value: string | string[]): void {
  if (!Array.isArray(value)) return headers.set(name, value);
  headers.delete(name);
  for (const one of value) headers.append(name, one);
}

/** `head`, then `body` as its reader pulls it. */
function streamOf(head: readonly Uint8Array[], body: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = body[Symbol.asyncIterator]();
  let headIndex = 0;
  return new ReadableStream({
    async pull(controller) {
      if (headIndex < head.length) {
        controller.enqueue(head[headIndex]!);
        headIndex += 1;
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

function headersOf(headers: Headers): RequestHeaders {
  const record: RequestHeaders = {};
  // Headers iterates lower-case names, repeated values already joined with ", ".
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

async function readBody(request: Request, limit: number): Promise<Uint8Array | 'too-large'> {
  if (request.body === null) return new Uint8Array(0);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > limit) return 'too-large';
  return bytes;
}
