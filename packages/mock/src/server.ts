// startMock(): the mock server in this process (Prism's libraries, no child process).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyValidator } from './body-validator.js';
import { createHandler } from './handler.js';
import { accessLine } from './log.js';
import { readOperations } from './operations.js';
import { createPrismEngine } from './prism-engine.js';
import { createRouter } from './router.js';
import { loadSpec, type SpecSource } from './spec.js';

export interface StartMockOptions {
  /** default 0 (any free port) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** a JSON bundle path or a parsed document; default: the bundle of @vendor/api-types */
  spec?: SpecSource;
  /** called with one line per request (method, path, status, duration); default: no access log */
  onRequest?: (line: string) => void;
  /** called when the mock is wrong (a response that violates its schema); default: console.error */
  onWarning?: (line: string) => void;
}

export interface RunningMock {
  /** e.g. http://127.0.0.1:4010; use it as both baseUrl and gatewayBaseUrl */
  url: string;
  close(): Promise<void>;
}

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const { port = 0, host = '127.0.0.1', onRequest, onWarning = (line) => console.error(`[api-mock] ${line}`) } = options;
  const doc = await loadSpec(options.spec);
  const operations = readOperations(doc);
  const bodies = new BodyValidator(doc);
  bodies.precompile(operations);
  const handle = createHandler({
    route: createRouter(operations),
    bodies,
    prism: await createPrismEngine(doc),
    warn: onWarning,
  });

  const server = createServer((req, res) => {
    const started = performance.now();
    if (onRequest) {
      res.on('finish', () => onRequest(accessLine(req.method ?? 'GET', req.url ?? '/', res.statusCode, performance.now() - started)));
    }
    void handle(req, res);
  });
  server.keepAliveTimeout = 5_000;
  await listen(server, port, host);
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: () => close(server),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
