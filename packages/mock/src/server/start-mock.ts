// startMock(): the mock server in this process. Start-up reads the spec and the precompiled validators;
// Prism is loaded only when a request needs it (see answers/answer-table.ts).
import { lazyPrismEngine } from '../answers/prism-engine.js';
import { loadContract } from '../contract/load-contract.js';
import { createEngine, type EngineOptions } from '../engine/create-engine.js';
import { journalFilterOf, type JournalFilter } from '../journal/journal-recorder.js';
import type { JournalEntry } from '../journal/request-journal.js';
import type { SandboxOptions } from '../sandbox/create-sandbox.js';
import type { SandboxLimits } from '../sandbox/limits/sandbox-limits.js';
import type { StoreBackend } from '../sandbox/store/record-store.js';
import type { SecretSource } from '../sandbox/keys/key-choice.js';
import type { TenantsMode } from '../sandbox/tenancy/token-standing.js';
import type { SpecSource } from '../spec/load-spec.js';
import { PortInUseError } from './listen.js';
import { serveHttp, type HttpServing } from './serve-http.js';
import { serveMetrics, type MetricsServing } from './metrics-server.js';
import { createObservability, type Observability, type ObservabilityOptions } from './observability.js';
import type { StoreObserver } from '../sandbox/store/store-observer.js';

export interface StartMockOptions extends EngineOptions, ObservabilityOptions {
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
  /** run the stateful sandbox: tenants from signed tokens, records in memory, a data directory or Postgres */
  sandbox?: SandboxOptions;
  /**
   * On close(), answer GET /readyz 503 for this long while still serving, so a balancer stops sending before the
   * port closes (a rolling restart loses nothing); default 0 (the CLI's --drain-delay: 5 s under --shared)
   */
  drainDelayMs?: number;
}

/** What a running mock and a running sandbox both have. */
export interface RunningServer {
  /** e.g. http://127.0.0.1:4010; use it as both baseUrl and gatewayBaseUrl */
  url: string;
  /** chaos mode's seed, when `faults` or `latency` is on: the same seed fails the same requests again */
  chaosSeed: string | undefined;
  /** the metrics port's URL (GET /metrics, /livez, /readyz), when `metrics` was asked for */
  metricsUrl: string | undefined;
  /** drains (GET /readyz answers 503 for `drainDelayMs` while serving goes on), stops accepting, finishes what is in flight */
  close(): Promise<void>;
}

export interface RunningMock extends RunningServer {
  /** The request journal (as GET /_mock/requests), oldest first; `filter` narrows it to an operation or a method. */
  requests(filter?: JournalFilter): JournalEntry[];
  /** @deprecated the stateless mock has no tenants: `requests(filter)` */
  requests(tenant: undefined, filter?: JournalFilter): JournalEntry[];
  /** Empties the journal (as DELETE /_mock/requests). */
  clearRequests(): void;
}

export { PortInUseError };

export interface RunningSandbox extends RunningServer {
  /** A token for `tenant` (default subject user:developer@<tenant>.example), valid on this sandbox. */
  token(tenant: string, subject?: string): Promise<string>;
  /** One tenant's request journal (as GET /_mock/requests with its token), oldest first: `requests({ tenant: 'acme' })`. */
  requests(filter: JournalFilter & { tenant: string }): JournalEntry[];
  /** @deprecated `requests({ tenant, ...filter })` */
  requests(tenant: string, filter?: JournalFilter): JournalEntry[];
  clearRequests(tenant: string): void;
  /** where records live: memory (default), file (memory, kept in the `data` directory) or postgres (`databaseUrl`) */
  store: StoreBackend;
  /** where the secret came from (never the secret itself): --secret, the environment, --signing-keys or random */
  secretSource: SecretSource;
  /** the kid new tokens carry, and how many signing keys verify */
  signingKid: string;
  keyCount: number;
  /** whether the admin API (/_sandbox/admin/) answers, and which tenants are served */
  adminApi: boolean;
  tenantsMode: TenantsMode;
  /** the limits in force (rate, records, bytes: 0 when off), as GET /_sandbox/health shows them */
  limits: SandboxLimits;
}

export function startMock(options: StartMockOptions & { sandbox: SandboxOptions }): Promise<RunningSandbox>;
export function startMock(options?: StartMockOptions): Promise<RunningMock>;

export async function startMock(options: StartMockOptions = {}): Promise<RunningMock | RunningSandbox> {
  const { port = 0, host = '127.0.0.1', onRequest, onWarning = (line) => console.error(`[api-mock] ${line}`) } = options;
  // The one reading of the spec: every table of the engine, and the sandbox, are built from it now, never per request.
  const contract = await loadContract(options.spec);
  const observability = await createObservability(options, onWarning);
  const { health, metrics, log } = observability;
  const warn = log === undefined ? onWarning : (line: string) => log.warn(line, { event: 'warning' });
  // Loaded only for --sandbox: the stateless mock never loads the sandbox, jose or pg.
  const sandboxOptions = options.sandbox && withStoreObserver(options.sandbox, observability.storeObserver);
  const sandbox = sandboxOptions ? await (await import('../sandbox/node-sandbox.js')).createNodeSandbox(contract.model, sandboxOptions, warn) : undefined;
  const parts: Closable[] = [{ close: () => observability.close() }];
  if (sandbox !== undefined) parts.unshift(sandbox);
  let engine;
  try {
    engine = createEngine({ contract, prism: lazyPrismEngine(contract.doc), sandbox, warn, health, observer: observability.observer }, options);
  } catch (error) {
    await closeAll(parts).catch(() => {});
    throw error;
  }
  health.setDatabase(sandbox === undefined ? undefined : () => sandbox.ping());
  metrics?.track({ journalBytes: () => engine.journalBytes(), ...(sandbox !== undefined && { tenantCount: () => sandbox.tenantCount() }) });
  const drainDelayMs = options.drainDelayMs ?? 0;
  let serving: HttpServing;
  let metricsServing: MetricsServing | undefined;
  try {
    serving = await serveHttp(engine.handle, {
      port,
      host,
      // A drain delay asks for the requests in flight to finish too, even of the stateless mock.
      drain: sandbox !== undefined || drainDelayMs > 0,
      onError: warn,
      draining: () => health.draining,
      ...(sandbox !== undefined && { connections: sandbox.limits.connections }),
      ...(onRequest && { onRequest }),
      ...((metrics !== undefined || log !== undefined) && { onSlowClient: () => refusedSlowClient(observability) }),
    });
    if (options.metrics !== undefined) {
      metricsServing = await serveMetrics(metrics!, health, options.metrics.port, options.metrics.host ?? '127.0.0.1', warn);
      parts.unshift(metricsServing);
    }
  } catch (error) {
    await closeAll(parts).catch(() => {});
    throw error;
  }
  const { url } = serving;
  const metricsUrl = metricsServing?.url;
  log?.info('listening', { event: 'start', url, metricsUrl, mode: sandbox === undefined ? 'mock' : 'sandbox', store: sandbox?.backend });
  const chaosSeed = engine.chaos?.seed;
  let closing: Promise<void> | undefined;
  // The requests in flight may be writing: the store closes after they drained.
  const close = async () => {
    health.startDraining();
    log?.info('draining', { event: 'drain', drainDelayMs });
    if (drainDelayMs > 0) await delay(drainDelayMs);
    await serving.close();
    log?.info('stopped', { event: 'stop' });
    await closeAll(parts);
  };
  const closeOnce = () => (closing ??= close());
  if (!sandbox) {
    // The stateless mock keeps no tenants: a tenant in the filter narrows to nothing, as in the in-process fetch.
    const requests = (filterOrNothing?: JournalFilter, filter?: JournalFilter) => engine.requests(journalFilterOf(filterOrNothing, filter));
    return { url, chaosSeed, metricsUrl, requests, clearRequests: () => engine.clearRequests(), close: closeOnce };
  }
  return {
    url,
    chaosSeed,
    metricsUrl,
    requests: (tenantOrFilter: string | JournalFilter, filter?: JournalFilter) => engine.requests(journalFilterOf(tenantOrFilter, filter)),
    clearRequests: (tenant: string) => engine.clearRequests(tenant),
    close: closeOnce,
    token: (tenant: string, subject?: string) => sandbox.token(tenant, subject),
    store: sandbox.backend,
    secretSource: sandbox.secretSource,
    signingKid: sandbox.signingKid,
    keyCount: sandbox.keyCount,
    adminApi: sandbox.adminApi,
    tenantsMode: sandbox.tenantsMode,
    limits: sandbox.limits,
  };
}

interface Closable {
  close(): Promise<void>;
}

/** In order, each whatever the others did (the first failure is thrown after): the metrics port, the store, the observers (the log last). */
async function closeAll(parts: readonly Closable[]): Promise<void> {
  const failures: unknown[] = [];
  for (const part of parts) await part.close().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

function withStoreObserver(options: SandboxOptions, storeObserver: StoreObserver | undefined): SandboxOptions {
  if (storeObserver === undefined) return options;
  return { ...options, storeObserver };
}

/** A client the server cut off for being slow: never seen by the pipeline, counted and logged here. */
function refusedSlowClient(observability: Observability): void {
  observability.metrics?.refused('slow_client');
  observability.log?.warn('request refused', { event: 'refusal', reason: 'slow_client' });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
