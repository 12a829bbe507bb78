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

export interface StartMockOptions extends EngineOptions {
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
}

/** What a running mock and a running sandbox both have. */
export interface RunningServer {
  /** e.g. http://127.0.0.1:4010; use it as both baseUrl and gatewayBaseUrl */
  url: string;
  /** chaos mode's seed, when `faults` or `latency` is on: the same seed fails the same requests again */
  chaosSeed: string | undefined;
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
  // Loaded only for --sandbox: the stateless mock never loads the sandbox, jose or pg.
  const sandbox = options.sandbox ? await (await import('../sandbox/node-sandbox.js')).createNodeSandbox(contract.model, options.sandbox, onWarning) : undefined;
  let engine;
  try {
    engine = createEngine({ contract, prism: lazyPrismEngine(contract.doc), sandbox, warn: onWarning }, options);
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  let serving: HttpServing;
  try {
    serving = await serveHttp(engine.handle, {
      port,
      host,
      drain: sandbox !== undefined,
      onError: onWarning,
      ...(sandbox !== undefined && { connections: sandbox.limits.connections }),
      ...(onRequest && { onRequest }),
    });
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  const { url } = serving;
  const chaosSeed = engine.chaos?.seed;
  if (!sandbox) {
    // The stateless mock keeps no tenants: a tenant in the filter narrows to nothing, as in the in-process fetch.
    const requests = (filterOrNothing?: JournalFilter, filter?: JournalFilter) => engine.requests(journalFilterOf(filterOrNothing, filter));
    return { url, chaosSeed, requests, clearRequests: () => engine.clearRequests(), close: () => serving.close() };
  }
  return {
    url,
    chaosSeed,
    requests: (tenantOrFilter: string | JournalFilter, filter?: JournalFilter) => engine.requests(journalFilterOf(tenantOrFilter, filter)),
    clearRequests: (tenant: string) => engine.clearRequests(tenant),
    // The requests in flight may be writing: the store closes after they drained.
    close: async () => {
      await serving.close();
      await sandbox.close();
    },
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
