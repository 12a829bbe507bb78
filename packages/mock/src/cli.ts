#!/usr/bin/env node
// The mock's CLI for partners (`npx @vendor/api-mock`, run by bin/api-mock.mjs). One log line per request (written
// in batches, so that logging never holds up the mock); stops on SIGINT/SIGTERM, on SIGHUP with a terminal, and with npm under npx (cli/stop-requests.ts).
import { COMMAND, PACKAGE_NAME } from './core/command-name.js';
import { MOCK_HELP, parseCliArgs, type CliOptions } from './cli/mock-options.js';
import { parseOrExit } from './cli/parse-or-exit.js';
import { onStopRequest } from './cli/stop-requests.js';
import { DEFAULT_FAULT_KINDS } from './faults/chaos.js';
import { PortInUseError, startMock, type RunningMock, type RunningSandbox, type StartMockOptions } from './server/start-mock.js';
import { DEFAULT_JOURNAL_SIZE } from './journal/journal-recorder.js';
import { batchedLines } from './server/access-log.js';
import type { SandboxOptions } from './sandbox/create-sandbox.js';
import { describeLimits } from './sandbox/limits/sandbox-limits.js';
import { shownDatabaseUrl } from './sandbox/store/database-url.js';
import { DEFAULT_POOL_SIZE } from './sandbox/store/pg-driver.js';
import { describeFleet } from './sandbox/fleet/describe-fleet.js';
import type { LogLevel } from './observe/json-log.js';

async function main(): Promise<void> {
  if (process.argv[2] === 'token') return tokenCommand(process.argv.slice(3));
  if (process.argv[2] === 'proxy') return (await import('./cli/proxy-command.js')).proxyCommand(process.argv.slice(3));
  if (process.argv[2] === 'verify') return (await import('./cli/verify-command.js')).verifyCommand(process.argv.slice(3));
  const options = parseOrExit(undefined, process.argv.slice(2), parseCliArgs, MOCK_HELP);
  if (options === undefined) return;
  // Signal handlers first: a signal that arrives while starting must still stop cleanly.
  let mock: Awaited<ReturnType<typeof startMock>> | undefined;
  let stopping = false;
  const json = options.logFormat === 'json';
  const accessLog = batchedLines((text) => process.stdout.write(text));
  const exitWith = (code: number) => {
    accessLog.flush();
    process.exit(code);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    accessLog.flush();
    // In JSON the log's drain event says it; a plain line there would break a log pipeline's parsing.
    if (!json) process.stdout.write(`${signal}: stopping the mock\n`);
    (mock ? mock.close() : Promise.resolve()).then(
      () => exitWith(0),
      () => exitWith(1),
    );
  };
  onStopRequest(stop);

  try {
    mock = await startMock({
      port: options.port,
      host: options.host,
      cors: options.cors,
      ...(options.spec && { spec: options.spec }),
      ...testDoubleOptions(options),
      ...(options.sandbox && { sandbox: sandboxOptions(options) }),
      ...observeOptions(options),
      ...(!json && { onRequest: (line: string) => accessLog.write(line) }),
      onWarning: (line) => process.stderr.write(`WARN ${line}\n`),
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      const flag = error.port === options.metricsPort ? '--metrics-port' : '--port';
      process.stderr.write(`${PACKAGE_NAME}: port ${error.port} is already in use; choose another with ${flag} <port>\n`);
      process.exit(1);
    }
    throw error;
  }
  if (stopping) return mock.close();
  // JSON logs carry the start as an event (listening, with the URLs); a banner, and its token, never enter them.
  if (json) return;
  // performance.now() counts from the start of this process: the figure includes loading Node and the mock.
  const readyMs = Math.round(performance.now());
  const cors = options.cors === false ? 'off' : options.cors === true ? 'any origin' : options.cors.origins!.join(', ');
  if (isSandbox(mock)) return printSandboxBanner(mock, options, readyMs, cors);
  process.stdout.write(
    [
      `Platform API mock listening on ${mock.url} (ready in ${readyMs} ms)`,
      `  control plane baseUrl:   ${mock.url}`,
      `  gateway gatewayBaseUrl:  ${mock.url}`,
      `  e.g. createPlatformClient({ baseUrl: '${mock.url}', gatewayBaseUrl: '${mock.url}', token: 'any' })`,
      `  any non-empty bearer token is accepted; CORS: ${cors}; Ctrl+C stops`,
      ...testDoubleLines(mock, options),
      '',
    ].join('\n'),
  );
}

/** Metrics, JSON logs and the drain; traces come from the OpenTelemetry variables (startMock reads them). */
function observeOptions(options: CliOptions): StartMockOptions {
  const drainDelayMs = options.drainDelay ?? (options.shared === true ? DEFAULT_SHARED_DRAIN_MS : 0);
  return {
    drainDelayMs,
    ...(options.metricsPort !== undefined && {
      metrics: { port: options.metricsPort, ...(options.metricsHost !== undefined && { host: options.metricsHost }), tenantLabel: options.metricsTenantLabel ?? 0 },
    }),
    ...(options.logFormat === 'json' && { jsonLog: { level: (options.logLevel ?? 'info') as LogLevel } }),
  };
}

/** Long enough for a balancer's health checks to take the instance out (haproxy's recipe: within about a second). */
const DEFAULT_SHARED_DRAIN_MS = 5_000;

function testDoubleOptions(options: CliOptions): StartMockOptions {
  return {
    ...(options.faults !== undefined && { faults: options.faults }),
    ...(options.latency !== undefined && { latency: options.latency }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.journalSize !== undefined && { journalSize: options.journalSize }),
    ...(options.journalBytes !== undefined && { journalBytes: options.journalBytes }),
    ...(options.journalTotalBytes !== undefined && { journalTotalBytes: options.journalTotalBytes }),
  };
}

/** The banner's lines about chaos mode and the journal; the seed is printed so that a failing soak run can be replayed. */
function testDoubleLines(mock: RunningMock | RunningSandbox, options: CliOptions): string[] {
  const lines: string[] = [];
  if (options.faults !== undefined) {
    const kinds = (options.faults.kinds ?? DEFAULT_FAULT_KINDS).join(', ');
    lines.push(`  chaos: ${Math.round(options.faults.rate * 1000) / 10}% of requests fail (${kinds}); replay with --seed ${mock.chaosSeed}`);
  }
  if (options.latency !== undefined) lines.push(`  latency: ${options.latency.min}-${options.latency.max} ms per request`);
  const journal = options.journalSize === 0 ? 'off' : `GET ${mock.url}/_mock/requests (last ${options.journalSize ?? DEFAULT_JOURNAL_SIZE})`;
  lines.push(`  request journal: ${journal}`);
  if (mock.metricsUrl !== undefined) lines.push(`  metrics: GET ${mock.metricsUrl}/metrics (probes: /livez, /readyz there and here)`);
  return lines;
}

function isSandbox(mock: RunningMock | RunningSandbox): mock is RunningSandbox {
  return 'token' in mock;
}

function sandboxOptions(options: CliOptions): SandboxOptions {
  return {
    ...(options.secret !== undefined && { secret: options.secret }),
    ...(options.signingKeys !== undefined && { signingKeysFile: options.signingKeys }),
    ...(options.adminTokenFile !== undefined && { adminTokenFile: options.adminTokenFile }),
    ...(options.tenants !== undefined && { tenants: options.tenants }),
    ...(options.data !== undefined && { data: options.data }),
    ...(options.databaseUrl !== undefined && { databaseUrl: options.databaseUrl }),
    ...(options.databasePool !== undefined && { databasePool: options.databasePool }),
    ...(options.tenantTtl !== undefined && { tenantTtl: options.tenantTtl }),
    ...(options.shared === true && { shared: true }),
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.maxRecords !== undefined && { maxRecords: options.maxRecords }),
    ...(options.maxTenantBytes !== undefined && { maxTenantBytes: options.maxTenantBytes }),
    ...(options.headersTimeout !== undefined && { headersTimeout: options.headersTimeout }),
    ...(options.requestTimeout !== undefined && { requestTimeout: options.requestTimeout }),
    ...(options.maxConnections !== undefined && { maxConnections: options.maxConnections }),
  };
}

async function printSandboxBanner(mock: RunningSandbox, options: CliOptions, readyMs: number, cors: string): Promise<void> {
  // Never the secret, nor the database URL's password (shownDatabaseUrl hides it, in the query string too).
  const postgres = `Postgres at ${shownDatabaseUrl(options.databaseUrl ?? '')} (at most ${options.databasePool ?? DEFAULT_POOL_SIZE} connections)`;
  const store = { memory: 'in memory (nothing persists)', file: `in memory, kept in ${options.data}`, postgres }[mock.store];
  const secret = {
    option: `from ${options.fromEnvironment?.secret ?? '--secret'}`,
    environment: 'from VENDOR_SANDBOX_SECRET',
    random: 'random (tokens work until this process stops; set VENDOR_SANDBOX_SECRET to keep them)',
    'signing-keys-option': 'the signingKeys option',
    'signing-keys-file': `from --signing-keys`,
    'signing-keys-environment': 'from VENDOR_SANDBOX_SIGNING_KEYS',
  }[mock.secretSource];
  const keys = mock.keyCount > 1 ? ` (${mock.keyCount} keys verify; new tokens carry kid ${mock.signingKid})` : ` (kid ${mock.signingKid})`;
  const admin = mock.adminApi ? `${mock.url}/_sandbox/admin/ (admin token)` : 'off (--admin-token-file)';
  const token = await mock.token('acme');
  process.stdout.write(
    [
      `Platform API sandbox listening on ${mock.url} (ready in ${readyMs} ms)`,
      `  control plane baseUrl:   ${mock.url}`,
      `  gateway gatewayBaseUrl:  ${mock.url}`,
      `  store: ${store}; secret: ${secret}${keys}; CORS: ${cors}`,
      `  tenant admin API: ${admin}; served tenants: ${mock.tenantsMode} (--tenants)`,
      `  tenants: ${mock.limits.tenantTtl === undefined ? 'kept until reset' : `forgotten after ${mock.limits.tenantTtl} idle (--tenant-ttl)`}`,
      `  limits: ${describeLimits(mock.limits)}`,
      ...fleetLines(mock),
      `  reset a tenant: POST ${mock.url}/_sandbox/reset; health: GET ${mock.url}/_sandbox/health`,
      `  more tokens: ${COMMAND} token --tenant NAME ${options.signingKeys !== undefined ? `--signing-keys ${options.signingKeys}` : '(same secret)'}; Ctrl+C stops`,
      ...testDoubleLines(mock, options),
      `  token for tenant acme (valid 24h):`,
      token,
      '',
    ].join('\n'),
  );
}

/** What instances of this sandbox share (sandbox/fleet/describe-fleet.ts), when it has anything to share. */
function fleetLines(mock: RunningSandbox): string[] {
  const line = describeFleet(mock.store, mock.limits);
  return line === undefined ? [] : [`  fleet: ${line}`];
}

async function tokenCommand(argv: string[]): Promise<void> {
  const { parseTokenArgs, tokenLines, TOKEN_HELP } = await import('./cli/token-command.js');
  const options = parseOrExit('token', argv, parseTokenArgs, TOKEN_HELP);
  if (options === undefined) return;
  process.stdout.write(`${(await tokenLines(options)).join('\n')}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${PACKAGE_NAME}: ${error.message}\n`);
  process.exit(1);
});
