// Everything of the mock but its transport: the pipeline on the contract's tables and what hangs on it (faults,
// chaos, journal, sandbox routes). The server (server/start-mock.ts) and the in-process fetch
// (fetch/create-mock-fetch.ts) each load the contract, build one engine on it and feed it their requests, so both
// answer alike.
import { createAnswerTable } from '../answers/answer-table.js';
import { createGeneratedAnswers } from '../answers/generated-answer.js';
import type { PrismEngine } from '../answers/prism-engine.js';
import { createChaos, type Chaos, type FaultOptions, type LatencyOptions } from '../faults/chaos.js';
import { createFaultCounters } from '../faults/fault-counters.js';
import { createCorsPolicy, isLoopbackOrigin, type CorsSetting } from '../core/cors.js';
import type { Contract } from '../contract/contract.js';
import type { IncomingRequest, Reply } from '../core/exchange.js';
import { createRequestIds } from '../core/request-id.js';
import type { RequestTarget } from '../core/request-target.js';
import { createPipeline, type HandleRequest } from '../pipeline/pipeline.js';
import type { ExchangeObserver, WatchExchange } from '../pipeline/seams.js';
import { answerHealthRoute, type Health } from '../observe/health.js';
import { RecordingReply } from '../journal/recording-reply.js';
import { createMockStages } from './mock-stages.js';
import { createRouter } from '../pipeline/router.js';
import { createJournalRecorder, DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_SIZE, DEFAULT_JOURNAL_TOTAL_BYTES, type JournalFilter, type JournalRecorder } from '../journal/journal-recorder.js';
import { readSize } from '../sandbox/limits/sizes.js';
import { answerJournalRoute } from '../journal/journal-routes.js';
import type { JournalEntry } from '../journal/request-journal.js';
import type { Sandbox } from '../sandbox/create-sandbox.js';
import type { MockOperation } from '../spec/operation-table.js';

/** What both the server and the in-process fetch accept beside their transport. */
export interface EngineOptions {
  /** CORS: true (default) allows every origin, `{ origins: [...] }` only those, false sends no CORS headers */
  cors?: CorsSetting;
  /** chaos mode: a fraction of requests fail (default kinds 429, 503, reset) */
  faults?: FaultOptions;
  /** chaos mode: every request waits from min to max milliseconds */
  latency?: LatencyOptions;
  /** generated bodies (Prefer: dynamic=true) and chaos mode are reproducible for one seed */
  seed?: string;
  /** how many requests the journal keeps (per sandbox tenant); default 1,000; 0 turns it off */
  journalSize?: number;
  /** the journal's bytes per sandbox tenant (or of the stateless mock): "8MiB" (default), "512kB" or bytes */
  journalBytes?: string | number;
  /** the journal's bytes of all tenants together: "64MiB" (default) or bytes */
  journalTotalBytes?: string | number;
}

export interface EngineParts {
  /** the document, the operation table and the validators, loaded once by the caller (contract/) */
  contract: Contract;
  /** Prism, for what neither an example nor the generator can answer (a custom spec's headers, other media types) */
  prism: () => Promise<PrismEngine>;
  sandbox: Sandbox | undefined;
  warn: (line: string) => void;
  /** /livez and /readyz on the serving port (the server's; the in-process fetch has none) */
  health?: Health | undefined;
  /** metrics, JSON log, tracer (observe/); undefined when all are off */
  observer?: ExchangeObserver | undefined;
}

export interface MockEngine {
  handle: HandleRequest;
  /** the journal of one sandbox tenant (`filter.tenant`), or of the stateless mock (no tenant); oldest first */
  requests(filter?: JournalFilter): JournalEntry[];
  clearRequests(tenant?: string): void;
  /** the bytes the journal holds, all tenants together (0 when it is off) */
  journalBytes(): number;
  /** chaos mode as configured (its seed too), undefined when off */
  chaos: Chaos | undefined;
}

export function createEngine(parts: EngineParts, options: EngineOptions): MockEngine {
  const { sandbox, warn } = parts;
  const { doc, operations, validators } = parts.contract;
  const cors = createCorsPolicy(options.cors, specHeaders(operations));
  const journal = createJournal(options, sandbox);
  const chaos = createChaos(options.faults, options.latency, options.seed);
  // The sandbox's journal needs a token, so it answers CORS like the operations; the stateless mock's has none, so
  // unless --cors-origin lists origins, only pages on this machine may read it from a browser.
  const journalCors = sandbox !== undefined ? cors : createCorsPolicy(options.cors, specHeaders(operations), isLoopbackOrigin);
  // A tenant deleted through the admin API (on any instance) leaves nothing behind here either.
  // On a database every instance sees the deletion and deletes the same rows: a failure is only logged.
  sandbox?.onTenantDeleted((tenant) => {
    Promise.resolve(journal?.clear(tenant)).catch((error: Error) => warn(`journal of deleted tenant ${tenant}: not cleared (${error.message})`));
  });
  const journalRoute = { journal, cors: journalCors, authenticate: sandbox?.authenticate, admit: sandbox?.admit, warn };

  const health = parts.health;
  const controlRoute = (request: IncomingRequest, reply: Reply, url: RequestTarget): boolean => {
    if (health !== undefined && answerHealthRoute(request, reply, url.pathname, health, warn)) return true;
    const isSandboxRoute = sandbox !== undefined && url.pathname.startsWith('/_sandbox/');
    if (isSandboxRoute) return sandbox.admin(request, reply, cors);
    return answerJournalRoute(request, reply, url, journalRoute);
  };

  const stages = createMockStages({
    validators,
    answers: createAnswerTable(validators, operations),
    generate: createGeneratedAnswers(doc, validators, options.seed),
    prism: parts.prism,
    cors,
    allMethods: [...new Set(operations.map((op) => op.method.toUpperCase()))],
    warn,
    // On a database the sandbox's counters are every instance's; else this process's own.
    faults: { counters: sandbox?.faultCounters ?? createFaultCounters(), chaos },
    nextRequestId: createRequestIds(),
    watch: journal === undefined ? undefined : watchWith(journal),
    observer: parts.observer,
    controlRoute,
    sandbox: sandbox?.seam,
  });
  const handle = createPipeline(createRouter(operations), stages);

  return {
    handle,
    requests: (filter = {}) => journal?.list(filter.tenant, filter) ?? [],
    clearRequests: (tenant) => journal?.clear(tenant),
    journalBytes: () => journal?.bytes() ?? 0,
    chaos,
  };
}

/** The journal watches every exchange through a reply that records its answer as it goes out. */
function watchWith(journal: JournalRecorder): WatchExchange {
  return (request, reply, _url, startedAt, requestId) => new RecordingReply(reply, journal, request, startedAt, requestId);
}

/** In memory, per process; a sandbox on a database keeps one journal there for every instance, with the same budgets. */
function createJournal(options: EngineOptions, sandbox: Sandbox | undefined): JournalRecorder | undefined {
  const size = options.journalSize;
  const checked = size ?? DEFAULT_JOURNAL_SIZE;
  if (!Number.isInteger(checked) || checked < 0) throw new Error(`journalSize must be a whole number, 0 or more (got ${size})`);
  if (checked === 0) return undefined;
  const recorderOptions = {
    size: checked,
    scoped: sandbox !== undefined,
    maxScopeBytes: journalBudget(options.journalBytes, 'journalBytes', DEFAULT_JOURNAL_BYTES),
    maxTotalBytes: journalBudget(options.journalTotalBytes, 'journalTotalBytes', DEFAULT_JOURNAL_TOTAL_BYTES),
  };
  return sandbox?.sharedJournal?.(recorderOptions) ?? createJournalRecorder(recorderOptions);
}

function journalBudget(value: string | number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const bytes = readSize(value, name);
  if (bytes <= 0) throw new Error(`${name} must be a size of at least 1 byte, such as 512kB or 8MiB (got ${JSON.stringify(value)})`);
  return bytes;
}

/** The header names the spec's operations take and document, for CORS. */
function specHeaders(operations: MockOperation[]): { requestHeaders: string[]; responseHeaders: string[] } {
  return {
    requestHeaders: operations.flatMap((op) => op.parameters.filter((p) => p.in === 'header').map((p) => p.name)),
    responseHeaders: operations.flatMap((op) => op.responses.flatMap((r) => r.headerNames)),
  };
}
