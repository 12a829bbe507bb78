// The pipeline's request and reply (exchange.ts) over node:http, for the server (server.ts). Classes rather than
// object literals of closures: two are made per request, on the mock's hottest path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IncomingRequest, Reply, RequestHeaders } from './exchange.js';

const EMPTY = new Uint8Array(0);

export class NodeRequest implements IncomingRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: RequestHeaders;

  constructor(private readonly req: IncomingMessage) {
    this.method = (req.method ?? 'GET').toUpperCase();
    this.target = req.url ?? '/';
    this.headers = req.headers;
  }

  readBody(limit: number): Promise<Uint8Array | 'too-large'> {
    return readBody(this.req, limit);
  }

  discardBody(): void {
    this.req.resume();
  }
}

export class NodeReply implements Reply {
  status = 0;
  private answered = false;

  constructor(private readonly res: ServerResponse) {}

  setHeader(name: string, value: string): void {
    this.res.setHeader(name, value);
  }

  send(status: number, headers: Record<string, string>, body: Uint8Array | string): void {
    this.status = status;
    this.answered = true;
    if (headers['content-length'] === undefined) {
      this.res.writeHead(status, { ...headers, 'content-length': String(byteLength(body)) });
    } else {
      this.res.writeHead(status, headers);
    }
    this.res.end(body);
  }

  reset(): void {
    this.answered = true;
    // Without an answer: the client sees the connection drop (ECONNRESET), as from a failing proxy.
    this.res.socket?.destroy();
    this.res.destroy();
  }

  get done(): boolean {
    return this.answered || this.res.headersSent;
  }
}

function byteLength(body: Uint8Array | string): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  return body.length;
}

function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large'> {
  // HTTP/1.1: no Content-Length and no Transfer-Encoding means no body (most GETs); nothing to wait for.
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.resume();
    return Promise.resolve(EMPTY);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
