// The flags of every command that serves (the mock, the sandbox, the proxy) for what a platform team watches it by:
// metrics on a port of their own, JSON logs, and the drain of a rolling restart. Traces need no flag: the
// OpenTelemetry variables (OTEL_EXPORTER_OTLP_ENDPOINT) turn them on, as every OpenTelemetry SDK reads them.
import type { FlagTable } from './flag-reader.js';
import { readDrainDelay, readLogFormat, readLogLevel, readLimit, readPort } from './flag-values.js';

export const OBSERVE_FLAGS = {
  metricsPort: { flag: '--metrics-port', takes: 'value', read: readPort },
  metricsHost: { flag: '--metrics-host', takes: 'value' },
  metricsTenantLabel: { flag: '--metrics-tenant-label', takes: 'value', read: readLimit },
  logFormat: { flag: '--log-format', takes: 'value', read: readLogFormat },
  logLevel: { flag: '--log-level', takes: 'value', read: readLogLevel },
  drainDelay: { flag: '--drain-delay', takes: 'value', read: readDrainDelay },
} satisfies FlagTable;

export const OBSERVE_USAGE = `  watching it (every mode):
       [--metrics-port 9464 [--metrics-host 127.0.0.1] [--metrics-tenant-label N]] [--log-format text|json]
       [--log-level info] [--drain-delay 5s]`;

export const OBSERVE_HELP = `--metrics-port N serves Prometheus metrics (GET /metrics) and the probes GET /livez and GET /readyz on a
port of their own, on 127.0.0.1 unless --metrics-host; the serving port answers /livez and /readyz too, never
/metrics. --metrics-tenant-label N labels the N busiest tenants by name (the rest "other"). --log-format json
writes one JSON object per line (a line per request, and start, drain, database and refusal events) at
--log-level (trace, debug, info, warn, error; default info). With OTEL_EXPORTER_OTLP_ENDPOINT set each request is
exported as an OpenTelemetry span over OTLP/HTTP. On SIGTERM /readyz answers 503 for --drain-delay (default 5s
with --shared, else 0) while requests are still served, then the port closes after the requests in flight.`;

export interface ObserveCliOptions {
  metricsPort?: number;
  metricsHost?: string;
  metricsTenantLabel?: number;
  logFormat?: 'text' | 'json';
  logLevel?: string;
  /** milliseconds */
  drainDelay?: number;
}

/** The rules between these flags: the metrics' companions need the port. */
export function checkObserveOptions(given: ObserveCliOptions): void {
  const needsPort = [given.metricsHost !== undefined && '--metrics-host', given.metricsTenantLabel !== undefined && '--metrics-tenant-label'].filter(Boolean);
  if (needsPort.length > 0 && given.metricsPort === undefined) throw new Error(`${needsPort.join(', ')} need --metrics-port N (the metrics' own port)`);
}
