// The Prometheus metrics of a running mock, sandbox or proxy (--metrics-port), through prom-client, which is loaded
// only here and only when metrics are asked for. Names follow OpenTelemetry's HTTP semantic conventions as Prometheus
// spells them; labels are bounded: the route is the spec's path template, a tenant label only with --metrics-tenant-label.
import type { RefusalReason } from '../core/refusal.js';
import type { PoolStats, StoreObserver } from '../sandbox/store/store-observer.js';
import { importOptional } from '../sandbox/store/optional-import.js';
import type { SummaryObserver } from './exchange-observers.js';
import { createDurationHistogram } from './duration-histogram.js';
import { childOf } from './nested-maps.js';
import { createTenantLabels, OTHER_TENANTS, type TenantLabels } from './tenant-labels.js';

export interface MetricsOptions {
  /** label the N busiest tenants by name (the rest `other`); 0: no tenant label */
  tenantLabel: number;
}

/** What the gauges read on each scrape; each is set once its part has started. */
export interface MetricSources {
  /** the journal's bytes, all tenants together */
  journalBytes?: () => number;
  /** the tenants the sandbox's store holds */
  tenantCount?: () => Promise<number>;
  /** tells the observers of the exchanges still queued (exchange-observers.ts), so a scrape counts every answer */
  settle?: () => void;
}

export interface Metrics {
  /** counts every exchange of the pipeline */
  observer: SummaryObserver;
  /** for the store: the Postgres pool's gauges */
  storeObserver: StoreObserver;
  /** a refusal the pipeline never sees (a slow client cut off by the server) */
  refused(reason: RefusalReason): void;
  track(sources: MetricSources): void;
  /** the scrape, in the Prometheus text format */
  scrape(): Promise<string>;
  contentType: string;
  close(): void;
}

/** OpenTelemetry's recommended boundaries for http.server.request.duration, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

type Labels = Record<string, string>;

export async function createMetrics(options: MetricsOptions): Promise<Metrics> {
  const loaded = await importOptional('prom-client', () => import('prom-client'), 'Metrics (--metrics-port)');
  const prom = loaded.default ?? loaded;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  const sources: MetricSources = {};
  const withTenant = options.tenantLabel > 0;
  const tenantLabelNames = withTenant ? ['tenant'] : [];

  const duration = createDurationHistogram(
    'http_server_request_duration_seconds',
    'Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by the spec operation that answered',
    DURATION_BUCKETS,
  );
  // The registry reads any metric by its name, type and get(): this one is counted in place (duration-histogram.ts).
  registry.registerMetric(duration.metric as unknown as Parameters<typeof registry.registerMetric>[0]);
  const refusals = new prom.Counter({
    name: 'vendor_mock_refusals_total',
    help: 'Requests refused by a limit or a check, by reason',
    labelNames: ['reason', ...tenantLabelNames],
    registers: [registry],
  });
  new prom.Gauge({
    name: 'vendor_mock_tenants',
    help: 'Tenants the sandbox store holds',
    registers: [registry],
    async collect() {
      if (sources.tenantCount === undefined) return;
      this.set(await sources.tenantCount());
    },
  });
  new prom.Gauge({
    name: 'vendor_mock_journal_bytes',
    help: 'Bytes the request journal holds, all tenants together',
    registers: [registry],
    collect() {
      this.set(sources.journalBytes?.() ?? 0);
    },
  });
  let poolStats: (() => PoolStats) | undefined;
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new prom.Gauge({
      name,
      help,
      registers: [],
      collect() {
        if (poolStats !== undefined) this.set(read(poolStats()));
      },
    });
  const poolGauges = [
    poolGauge('vendor_mock_db_pool_clients', 'Clients the Postgres pool holds open', (stats) => stats.total),
    poolGauge('vendor_mock_db_pool_idle_clients', 'Open Postgres clients that are idle', (stats) => stats.idle),
    poolGauge('vendor_mock_db_pool_waiting_requests', 'Queries waiting for a Postgres client', (stats) => stats.waiting),
  ];

  // The refusal series of each labelled tenant, so that a tenant leaving the top N takes its series with it.
  const refusalsOf = new Map<string, Map<string, Labels>>();
  const tenants: TenantLabels | undefined = withTenant
    ? createTenantLabels(options.tenantLabel, (tenant) => {
        duration.removeTenant(tenant);
        for (const labels of refusalsOf.get(tenant)?.values() ?? []) refusals.remove(labels);
        refusalsOf.delete(tenant);
      })
    : undefined;
  /** `label`: the request's tenant label ('' for none), when tenants are labelled */
  const refusalLabels = (reason: RefusalReason, label: string): Labels => {
    if (tenants === undefined) return { reason };
    const labels = { reason, tenant: label };
    const isNamed = label !== '' && label !== OTHER_TENANTS;
    if (isNamed) {
      childOf(refusalsOf, label, () => new Map<string, Labels>()).set(reason, labels);
    }
    return labels;
  };

  const observer: SummaryObserver = {
    record(summary) {
      const tenant = tenants === undefined ? '' : tenants.labelOf(summary.tenant);
      const series = duration.series(summary.operationId, summary.route, summary.method, summary.status, tenant);
      duration.observe(series, summary.durationMs / 1000);
      if (summary.refusal !== undefined) refusals.inc(refusalLabels(summary.refusal, tenant));
    },
  };

  return {
    observer,
    storeObserver: {
      watchPool(stats) {
        poolStats = stats;
        for (const gauge of poolGauges) registry.registerMetric(gauge);
      },
    },
    refused: (reason) => refusals.inc(refusalLabels(reason, '')),
    track: (more) => Object.assign(sources, more),
    scrape: () => {
      sources.settle?.();
      return registry.metrics();
    },
    contentType: registry.contentType,
    close: () => tenants?.close(),
  };
}
