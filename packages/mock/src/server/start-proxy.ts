// startProxy(): the validation proxy in this process. Loads the contract once (contract/: operations, validators), then
// serves each request through the pipeline with the proxy's steps (proxy/proxy-stages.ts). close() stops accepting,
// lets the exchanges in flight finish, and writes the report to `report` when given.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createRouter } from '../pipeline/router.js';
import { createPipeline } from '../pipeline/pipeline.js';
import { serveHttp } from './serve-http.js';
import { serveMetrics } from './metrics-server.js';
import { createObservability, type ObservabilityOptions } from './observability.js';
import { loadContract } from '../contract/load-contract.js';
import type { SpecSource } from '../spec/load-spec.js';
import type { CheckedExchange } from '../conformance/checking/checked-exchange.js';
import { createUpstreamAgents } from '../proxy/forwarding/forward-request.js';
import { createProxyStages } from '../proxy/proxy-stages.js';
import { createExchangeRecorder, type ExchangeRecorder } from '../proxy/recording/exchange-recorder.js';
import { createProxyReport, type ProxyReport, type ProxyReportBuilder } from '../proxy/reporting/proxy-report.js';
import { createUpstreams } from '../proxy/forwarding/upstreams.js';

export interface StartProxyOptions extends ObservabilityOptions {
  /** where control-plane operations (and paths the spec does not have) go, e.g. https://api.vendor.example */
  upstream: string;
  /** where gateway operations go; default `upstream` */
  gatewayUpstream?: string;
  /** refuse invalid requests (the operation's invalid-input error) and replace answers with findings by a 502 */
  strict?: boolean;
  /** a directory to record exchanges into (--record DIR); carried for the recorder, which reads it from here */
  record?: string;
  /** a file the report is written to, as JSON, on close() */
  report?: string;
  /** default 0 (any free port) */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** a JSON bundle path or a parsed document; default: the bundle of @vendor/api-types */
  spec?: SpecSource;
  /** called once per exchange, after its answer is sent; an exception it throws is logged, never the proxy's end */
  onExchange?: (exchange: CheckedExchange) => void;
  /** one line when the proxy or a hook fails; default: console.error */
  onWarning?: (line: string) => void;
  /** on close(), answer /readyz 503 for this long while still serving (a balancer's grace); default 0 */
  drainDelayMs?: number;
}

export interface RunningProxy {
  /** e.g. http://127.0.0.1:4010; use it as both baseUrl and gatewayBaseUrl */
  url: string;
  /** the report as GET /_proxy/report answers it */
  report(): ProxyReport;
  /** the report's summary in Markdown (the CLI prints it on exit) */
  markdown(): string;
  /** the metrics port's URL (GET /metrics, /livez, /readyz), when `metrics` was asked for */
  metricsUrl: string | undefined;
  /** drains (drainDelayMs), stops accepting, lets exchanges in flight finish, writes the report file when `report` was given */
  close(): Promise<void>;
}

export async function startProxy(options: StartProxyOptions): Promise<RunningProxy> {
  const { port = 0, host = '127.0.0.1' } = options;
  const observability = await createObservability(options, options.onWarning ?? ((line: string) => console.error(`[api-mock proxy] ${line}`)));
  const { health, metrics, log } = observability;
  const onWarning = log === undefined ? (options.onWarning ?? ((line: string) => console.error(`[api-mock proxy] ${line}`))) : (line: string) => log.warn(line, { event: 'warning' });
  // Checked first: a wrong URL fails before the spec is read, and the message never repeats the URL.
  const upstreams = createUpstreams(options.upstream, options.gatewayUpstream);
  const contract = await loadContract(options.spec);
  const { operations, validators } = contract;
  const report = createProxyReport(contract);
  const recorder = options.record === undefined ? undefined : createExchangeRecorder(options.record, { warn: onWarning });
  const onExchange = exchangeObservers(report, recorder, options, onWarning);
  const agents = createUpstreamAgents();

  const stages = createProxyStages({
    validators,
    upstreams,
    agents,
    strict: options.strict === true,
    report: () => report.json(),
    onExchange,
    warn: onWarning,
    observer: observability.observer,
    health,
  });
  const serving = await serveHttp(createPipeline(createRouter(operations), stages), { port, host, drain: true, draining: () => health.draining, onError: onWarning });
  const metricsServing = options.metrics === undefined ? undefined : await serveMetrics(metrics!, health, options.metrics.port, options.metrics.host ?? '127.0.0.1', onWarning);
  metrics?.track({});
  log?.info('listening', { event: 'start', url: serving.url, metricsUrl: metricsServing?.url, mode: 'proxy' });
  const drainDelayMs = options.drainDelayMs ?? 0;

  let closing: Promise<void> | undefined;
  const close = async () => {
    health.startDraining();
    log?.info('draining', { event: 'drain', drainDelayMs });
    if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
    await serving.close();
    log?.info('stopped', { event: 'stop' });
    await metricsServing?.close();
    await observability.close();
    agents.destroy();
    await recorder?.close();
    if (options.report !== undefined) await writeReport(options.report, report);
  };
  return {
    url: serving.url,
    metricsUrl: metricsServing?.url,
    report: () => report.json(),
    markdown: () => report.markdown(),
    // Once: the CLI's signal handler and a test's afterAll may both call it.
    close: () => (closing ??= close()),
  };
}

/**
 * Everything that hears of each exchange: the report, the recorder (--record), then the caller's onExchange. Each
 * is guarded on its own, so a failing hook neither loses the others nor breaks the proxy.
 */
function exchangeObservers(
  report: ProxyReportBuilder,
  recorder: ExchangeRecorder | undefined,
  options: StartProxyOptions,
  warn: (line: string) => void,
): (exchange: CheckedExchange) => void {
  const observers: Array<{ name: string; observe: (exchange: CheckedExchange) => void }> = [{ name: 'report', observe: (exchange) => report.add(exchange) }];
  if (recorder !== undefined) observers.push({ name: 'recorder', observe: (exchange) => void recorder.add(exchange) });
  if (options.onExchange !== undefined) observers.push({ name: 'onExchange', observe: options.onExchange });
  return (exchange) => {
    for (const { name, observe } of observers) {
      try {
        observe(exchange);
      } catch (error) {
        warn(`${name} failed: ${(error as Error).message}`);
      }
    }
  };
}

async function writeReport(file: string, report: ProxyReportBuilder): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report.json()));
}
