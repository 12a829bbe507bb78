// The pipeline's request and reply (http/exchange.ts) over the Fetch API, for the in-process fetch: a
// standard Request in, a standard Response (or the TypeError of a network failure) out. Web APIs only.
import type { IncomingRequest, Reply, RequestHeaders } from '../http/exchange.js';

/** Statuses whose Response must not have a body (the Response constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function fetchRequest(request: Request, url: URL): IncomingRequest {
  return {
    method: request.method.toUpperCase(),
    target: url.pathname + url.search,
    headers: headersOf(request.headers),
    readBody: (limit) => readBody(request, limit),
    discardBody: () => undefined,
  };
}

/** Settles one fetch call: `answer` with the Response, `fail` with the error fetch would reject with. */
export function fetchReply(answer: (response: Response) => void, fail: (error: Error) => void): Reply {
  const headers = new Headers();
  let status = 0;
  let done = false;
  return {
    setHeader: (name, value) => headers.set(name, value),
    send(answerStatus, answerHeaders, body) {
      if (done) return;
      status = answerStatus;
      done = true;
      for (const [name, value] of Object.entries(answerHeaders)) headers.set(name, value);
      const hasNoBody = NULL_BODY_STATUSES.has(answerStatus);
      answer(new Response(hasNoBody ? null : (body as BodyInit), { status: answerStatus, headers }));
    },
    reset() {
      if (done) return;
      done = true;
      // What fetch rejects with when the connection drops: a TypeError (undici and browsers alike).
      fail(new TypeError('fetch failed: the mock reset the connection (Prefer: fault=reset)'));
    },
    get done() {
      return done;
    },
    get status() {
      return status;
    },
  };
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
