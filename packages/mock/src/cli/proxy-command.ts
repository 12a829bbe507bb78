// `npx @vendor/api-mock proxy ...`: starts the validation proxy, prints where it listens and one line per exchange
// (method, path, status, findings: never a header, token or body), and on SIGINT/SIGTERM closes it (writing
// --report FILE) and prints the report's summary to stderr.
import { PortInUseError } from '../server/start-mock.js';
import type { CheckedExchange } from '../conformance/checking/checked-exchange.js';
import { parseBaseUrl } from '../core/base-url.js';
import { startProxy, type RunningProxy, type StartProxyOptions } from '../server/start-proxy.js';
import { PACKAGE_NAME } from '../core/command-name.js';
import { parseOrExit } from './parse-or-exit.js';
import { onStopRequest } from './stop-requests.js';
import { parseProxyArgs, PROXY_HELP, type ProxyCliOptions } from './proxy-options.js';
import type { LogLevel } from '../observe/json-log.js';

export async function proxyCommand(argv: readonly string[]): Promise<void> {
  const options = parseOrExit('proxy', argv, parseProxyArgs, PROXY_HELP);
  if (options === undefined) return;
  // Signal handlers first: a signal that arrives while starting must still stop cleanly.
  let proxy: RunningProxy | undefined;
  let stopping = false;
  const json = options.logFormat === 'json';
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!json) process.stdout.write(`${signal}: stopping the proxy\n`);
    stopProxy(proxy).then(
      () => process.exit(0),
      (error: Error) => {
        process.stderr.write(`${PACKAGE_NAME} proxy: ${error.message}\n`);
        process.exit(1);
      },
    );
  };
  onStopRequest(stop);

  try {
    proxy = await startProxy(startOptions(options));
  } catch (error) {
    if (error instanceof PortInUseError) {
      const flag = error.port === options.metricsPort ? '--metrics-port' : '--port';
      process.stderr.write(`${PACKAGE_NAME} proxy: port ${error.port} is already in use; choose another with ${flag} <port>\n`);
      process.exit(1);
    }
    throw error;
  }
  if (stopping) return;
  // JSON logs carry the start as an event; a banner would break a log pipeline's parsing.
  if (json) return;
  process.stdout.write(bannerLines(proxy, options).join('\n'));
}

function startOptions(options: ProxyCliOptions): StartProxyOptions {
  const start: StartProxyOptions = {
    upstream: options.upstream,
    port: options.port,
    host: options.host,
    strict: options.strict,
    // In JSON the log has a line per exchange already (without the findings' text lines).
    onExchange: options.logFormat === 'json' ? () => {} : (exchange) => process.stdout.write(exchangeLines(exchange)),
    onWarning: (line) => process.stderr.write(`WARN ${line}\n`),
    drainDelayMs: options.drainDelay ?? 0,
  };
  if (options.metricsPort !== undefined) {
    start.metrics = { port: options.metricsPort, tenantLabel: 0, ...(options.metricsHost !== undefined && { host: options.metricsHost }) };
  }
  if (options.logFormat === 'json') start.jsonLog = { level: (options.logLevel ?? 'info') as LogLevel };
  if (options.gatewayUpstream !== undefined) start.gatewayUpstream = options.gatewayUpstream;
  if (options.record !== undefined) start.record = options.record;
  if (options.report !== undefined) start.report = options.report;
  if (options.spec !== undefined) start.spec = options.spec;
  return start;
}

/** Closes the proxy (which writes --report FILE), then prints the report's summary. */
async function stopProxy(proxy: RunningProxy | undefined): Promise<void> {
  if (proxy === undefined) return;
  await proxy.close();
  process.stderr.write(proxy.markdown());
}

/** Upstreams by host only: their URLs may carry credentials. */
function bannerLines(proxy: RunningProxy, options: ProxyCliOptions): string[] {
  const host = (raw: string) => parseBaseUrl(raw)?.host ?? '?';
  const gateway = options.gatewayUpstream ?? options.upstream;
  const mode = options.strict ? 'strict (invalid requests refused, broken answers replaced by a 502)' : 'pass-through (findings in x-contract-findings)';
  return [
    `Validation proxy listening on ${proxy.url}`,
    `  control plane upstream:  ${host(options.upstream)}`,
    `  gateway upstream:        ${host(gateway)}`,
    `  mode: ${mode}`,
    `  report: GET ${proxy.url}/_proxy/report${options.report === undefined ? '' : `; written to ${options.report} on exit`}`,
    ...(options.record === undefined ? [] : [`  recording exchanges into ${options.record}`]),
    '  Ctrl+C stops',
    '',
  ];
}

/** One line per exchange, then one per finding: where and which rule, never the values. */
function exchangeLines(exchange: CheckedExchange): string {
  const status = exchange.proxyAnswer?.status ?? exchange.status;
  const operation = exchange.operation?.operationId ?? 'not in the spec';
  const count = exchange.findings.length;
  let line = `${exchange.method} ${exchange.path} ${status} ${exchange.durationMs.toFixed(1)}ms ${operation}`;
  if (count > 0) line += ` (${count} findings)`;
  const lines = [line];
  for (const finding of exchange.findings) lines.push(`  ${finding.direction} ${finding.path}: ${finding.rule}`);
  return `${lines.join('\n')}\n`;
}
