// What a platform team watches a running mock, sandbox or proxy by, assembled from its options: metrics on a port of
// their own, JSON logs, traces over OTLP, and the health that probes read. Each part is loaded only when asked for
// (prom-client, pino, the OpenTelemetry SDK are optional peers); with none asked for nothing is loaded and the
// pipeline gets no observer at all.
import { combineObservers } from '../observe/exchange-observers.js';
import { createHealth, type Health } from '../observe/health.js';
import { createJsonLog, type JsonLog, type JsonLogOptions } from '../observe/json-log.js';
import { createMetrics, type Metrics } from '../observe/metrics.js';
import { createTracing, type Tracing, type TracingOptions } from '../observe/tracing.js';
import type { ExchangeObserver } from '../pipeline/seams.js';
import type { StoreObserver } from '../sandbox/store/store-observer.js';

export interface MetricsServerOptions {
  /** the metrics port (0: any free one) */
  port: number;
  /** default 127.0.0.1: a scrape shows every tenant's traffic */
  host?: string;
  /** label the N busiest tenants by name (the rest `other`); default 0, no tenant label */
  tenantLabel?: number;
}

export interface ObservabilityOptions {
  /** Prometheus metrics on a port of their own, with /livez and /readyz beside them */
  metrics?: MetricsServerOptions;
  /** JSON logs (pino): a line per request, and the service's events */
  jsonLog?: JsonLogOptions;
  /** traces over OTLP/HTTP; default: on when OTEL_EXPORTER_OTLP_ENDPOINT (or _TRACES_ENDPOINT) is set; false: off */
  tracing?: TracingOptions | false;
}

export interface Observability {
  observer: ExchangeObserver | undefined;
  storeObserver: StoreObserver | undefined;
  health: Health;
  metrics: Metrics | undefined;
  log: JsonLog | undefined;
  tracing: Tracing | undefined;
  close(): Promise<void>;
}

export function tracingAsked(options: ObservabilityOptions, env: NodeJS.ProcessEnv = process.env): TracingOptions | undefined {
  if (options.tracing === false) return undefined;
  if (options.tracing !== undefined) return options.tracing;
  const fromEnvironment = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  return fromEnvironment ? {} : undefined;
}

export async function createObservability(options: ObservabilityOptions, warn: (line: string) => void): Promise<Observability> {
  const metrics = options.metrics === undefined ? undefined : await createMetrics({ tenantLabel: options.metrics.tenantLabel ?? 0 });
  const log = options.jsonLog === undefined ? undefined : await createJsonLog(options.jsonLog);
  const tracingOptions = tracingAsked(options);
  const tracing = tracingOptions === undefined ? undefined : await createTracing(tracingOptions);
  const health = createHealth({
    onDatabaseChange: (up, reason) => {
      if (up) log?.info('database up', { event: 'database' });
      else log?.error('database down', { event: 'database', reason });
    },
  });
  const storeObserver = combineStoreObservers(metrics?.storeObserver, tracing?.storeObserver);
  const observer = combineObservers([metrics?.observer, log?.observer, tracing?.observer], warn);
  if (observer !== undefined) {
    // The observers are told in batches: a scrape and the log's events first tell what still waits.
    metrics?.track({ settle: observer.flush });
    log?.settleFirst(observer.flush);
  }
  return {
    observer,
    storeObserver,
    health,
    metrics,
    log,
    tracing,
    async close() {
      // The exchanges still queued are counted, logged and traced before the parts that take them close.
      observer?.flush();
      metrics?.close();
      await tracing?.close().catch((error: Error) => warn(`traces: the last export failed: ${error.message}`));
      log?.flush();
    },
  };
}

function combineStoreObservers(metrics: StoreObserver | undefined, tracing: StoreObserver | undefined): StoreObserver | undefined {
  if (metrics === undefined && tracing === undefined) return undefined;
  const combined: StoreObserver = {};
  if (metrics?.watchPool !== undefined) combined.watchPool = metrics.watchPool.bind(metrics);
  if (tracing?.traceQuery !== undefined) combined.traceQuery = tracing.traceQuery.bind(tracing);
  return combined;
}
