// The one HTTP server of the package: the mock, the sandbox and the proxy all serve their pipeline through it.
// It turns node:http's request and response into the pipeline's (node-exchange.ts), writes the access log when
// asked, and closes either at once (the stateless mock: nothing to lose) or after draining the requests in flight.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ANSWERED, type HandleRequest } from '../pipeline/pipeline.js';
import { accessLine } from './access-log.js';
import { listen, serverUrl } from './listen.js';
import { NodeReply, NodeRequest } from './node-exchange.js';

export interface ServeOptions {
  port: number;
  host: string;
  /**
   * On close, let the requests in flight finish (up to 30 s) before the connections are cut: the sandbox's may be
   * writing to its store, the proxy's waiting for an upstream. Off for the stateless mock, which then tracks nothing.
   */
  drain: boolean;
  /** called with one line per request (method, path, status, duration); default: no access log */
  onRequest?: (line: string) => void;
  /** called with one line when handling a request failed past every stage's own guard; default: console.error */
  onError?: (line: string) => void;
  /** a hosted sandbox's limits on slow clients (0: Node's defaults, no cap) */
  connections?: { headersTimeoutMs: number; requestTimeoutMs: number; maxConnections: number };
  /**
   * True once the instance drains (a SIGTERM, before the port closes): every answer then closes its connection, so
   * a balancer holds no idle connection to it when it stops accepting. Default: never.
   */
  draining?: () => boolean;
  /** a client cut off by the slow-client limits (headers or request too slow, or past --max-connections): metrics and logs count it */
  onSlowClient?: () => void;
}

export interface HttpServing {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  /** stops accepting; resolves once every connection is closed */
  close(): Promise<void>;
}

/** A request still running this long after close() is cut off (a client that never finishes its body, a silent upstream). */
const DRAIN_LIMIT_MS = 30_000;

export async function serveHttp(handle: HandleRequest, options: ServeOptions): Promise<HttpServing> {
  const inFlight = new Set<Promise<void>>();
  const onRequest = options.onRequest;
  const onError = options.onError ?? ((line: string) => console.error(`[api-mock] ${line}`));
  const connections = options.connections;
  // Node checks the timeouts of open connections every 30 s by default: too late to matter for a 10 s limit.
  const checkEvery = connections !== undefined && (connections.headersTimeoutMs > 0 || connections.requestTimeoutMs > 0) ? { connectionsCheckingInterval: 1_000 } : {};
  const draining = options.draining;
  const server = createServer(checkEvery, (req, res) => {
    if (draining !== undefined && draining()) res.setHeader('connection', 'close');
    if (onRequest !== undefined) {
      const started = performance.now();
      res.on('finish', () => onRequest(accessLine(req.method ?? 'GET', req.url ?? '/', res.statusCode, performance.now() - started)));
    }
    // Handled in the check phase of the loop turn that read it, not inside node:http's parser: the answers to all the
    // connections read in one turn then leave one after another, and a client woken by the first finds the rest.
    // Under concurrent load that serves about 40 % more requests per second than answering at once (bench/README.md).
    if (!options.drain) {
      setImmediate(dispatch, req, res);
      return;
    }
    // Tracked from now, so that a close() before the check phase still waits for this request.
    const handled = new Promise<void>((resolve) => setImmediate(() => resolve(dispatch(req, res))));
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });

  /** Runs the pipeline on one request: its end when it is still running, else undefined. */
  function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
    const reply = new NodeReply(res);
    const handling = handle(new NodeRequest(req), reply);
    // Answered without waiting (a plain stateless request): nothing can fail later, nothing is in flight.
    if (handling === ANSWERED) return undefined;
    // A failure past every stage's guard is answered 500 here: never an unhandled rejection, which would end the
    // process (and the service of every tenant) for one request.
    return handling.catch((error: unknown) => answerFailure(error, reply, onError));
  }
  server.keepAliveTimeout = 5_000;
  if (connections !== undefined) applyConnectionLimits(server, connections);
  if (options.onSlowClient !== undefined) countSlowClients(server, options.onSlowClient);
  await listen(server, options.port, options.host);

  const closeAtOnce = () => closeServer(server, { idleOnly: false });
  // Drain: stop accepting, let the requests in flight finish, then cut what is left.
  const closeDrained = async () => {
    const closed = closeServer(server, { idleOnly: true });
    await Promise.race([Promise.allSettled([...inFlight]), delay(DRAIN_LIMIT_MS)]);
    server.closeAllConnections();
    await closed;
  };
  return { url: serverUrl(server), close: options.drain ? closeDrained : closeAtOnce };
}

/** headersTimeout must not exceed requestTimeout (Node's rule), so a request limit shorter than Node's header default lowers both. */
function applyConnectionLimits(server: Server, limits: NonNullable<ServeOptions['connections']>): void {
  if (limits.requestTimeoutMs > 0) server.requestTimeout = limits.requestTimeoutMs;
  if (limits.headersTimeoutMs > 0) server.headersTimeout = limits.headersTimeoutMs;
  if (server.requestTimeout > 0 && server.headersTimeout > server.requestTimeout) server.headersTimeout = server.requestTimeout;
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
}

/**
 * Node cuts a client whose headers or request take too long (answering 408) and drops connections past
 * maxConnections; both are refusals of a slow client. Listening for clientError replaces Node's own answer, so
 * it is given here as Node gives it.
 */
function countSlowClients(server: Server, onSlowClient: () => void): void {
  server.on('drop', () => onSlowClient());
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const isTimeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (isTimeout) onSlowClient();
    const canAnswer = socket.writable && (socket as Duplex & { bytesWritten?: number }).bytesWritten === 0;
    if (canAnswer) socket.write(NODE_CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    socket.destroy(error);
  });
}

const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const NODE_CLIENT_ERROR_ANSWERS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
};

function answerFailure(error: unknown, reply: NodeReply, onError: (line: string) => void): void {
  onError(`a request failed: ${(error as Error)?.message ?? String(error)}`);
  reply.fail(JSON.stringify({ statusCode: 500, message: 'The mock failed while handling this request; see its log' }));
}

/** Stops accepting; idle keep-alive connections close now, and busy ones too unless `idleOnly`. */
function closeServer(server: Server, { idleOnly }: { idleOnly: boolean }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    if (idleOnly) server.closeIdleConnections();
    else server.closeAllConnections();
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
