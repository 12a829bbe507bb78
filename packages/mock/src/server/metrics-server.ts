// The metrics port (--metrics-port): GET /metrics in the Prometheus text format, and /livez and /readyz for probes
// that must not share the partners' port. Its own listener, on 127.0.0.1 unless --metrics-host says otherwise,
// because a scrape shows every tenant's traffic: partners never reach it through the serving port.
import { createServer, type Server } from 'node:http';
import { answerHealthRoute, type Health } from '../observe/health.js';
import type { Metrics } from '../observe/metrics.js';
import { listen, serverUrl } from './listen.js';
import { NodeReply, NodeRequest } from './node-exchange.js';

export const METRICS_PATH = '/metrics';

export interface MetricsServing {
  /** e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(metrics: Metrics, health: Health, port: number, host: string, warn: (line: string) => void): Promise<MetricsServing> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (answerHealthRoute(new NodeRequest(req), new NodeReply(res), path, health, warn)) return;
    req.resume();
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: this port answers GET ${METRICS_PATH}, /livez and /readyz\n`);
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) => {
        warn(`metrics: the scrape failed: ${(error as Error)?.message ?? String(error)}`);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The scrape failed; see the log\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  await listen(server, port, host);
  return {
    url: serverUrl(server),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
