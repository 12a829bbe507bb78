// A small upstream for the proxy's tests: answers each `METHOD path` with what the test says, and keeps every
// request it saw (method, target, headers, body), so a test can prove what reached it and what did not.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** path and query as received */
  target: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = (res: ServerResponse, request: SeenRequest) => void;

export interface UpstreamDouble {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** `routes` by `METHOD /path` (no query); anything else answers 599 so that a test notices. */
export async function startUpstreamDouble(routes: Record<string, Answer>): Promise<UpstreamDouble> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', target: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      const answer = routes[`${request.method} ${request.target.split('?')[0]}`];
      if (answer === undefined) return json(599, { unexpected: `${request.method} ${request.target}` })(res, request);
      answer(res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

/** A JSON answer sent in chunks, without content-length (as many servers stream JSON). */
export function chunkedJson(status: number, body: unknown): Answer {
  return (res) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' });
    const middle = Math.floor(text.length / 2);
    res.write(text.slice(0, middle));
    setImmediate(() => res.end(text.slice(middle)));
  };
}

export function text(status: number, body: string, contentType = 'text/plain'): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  };
}

/** A port nothing listens on: taken from the OS, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
