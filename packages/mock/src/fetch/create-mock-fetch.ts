// createMockFetch(): the mock without a server. A function with fetch's signature that runs each request
// through the same engine as the server (validation, error shapes, Prefer, faults, journal, the sandbox in
// memory) and answers with a standard Response. Web APIs only: it runs in Node, Bun, Deno, browsers and workers.
import type { PrismEngine } from '../answers/prism-engine.js';
import { bundledContract } from '../contract/bundled-contract.js';
import { createEngine, type EngineOptions, type MockEngine } from '../engine/create-engine.js';
import { journalFilterOf, type JournalFilter } from '../journal/journal-recorder.js';
import type { JournalEntry } from '../journal/request-journal.js';
import { createSandbox, type Sandbox, type SandboxHost } from '../sandbox/create-sandbox.js';
import type { LimitOptions } from '../sandbox/limits/sandbox-limits.js';
import { createCopyOnWriteStore } from '../sandbox/store/copy-on-write-store.js';
import { createMemoryOverlay } from '../sandbox/store/memory-overlay.js';
import { randomSecret } from '../sandbox/tokens.js';
import { fetchReply, fetchRequest } from './fetch-exchange.js';

export interface MockFetchOptions extends EngineOptions {
  /**
   * the sandbox, in memory: tenants from its signed tokens (`.token()`), state per tenant; with the limits of a
   * shared sandbox when asked (`shared`, `rateLimit`, `maxRecords`, `maxTenantBytes`, `tenantTtl`)
   */
  sandbox?: MockFetchSandboxOptions;
  /** called when the mock itself is wrong (a response that violates its schema); default: console.warn */
  onWarning?: (line: string) => void;
}

export interface MockFetchSandboxOptions extends LimitOptions {
  secret?: string;
}

/** fetch, answered by the mock; plus the journal. */
export interface MockFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * The journal, oldest first, as `startMock()`'s: `requests({ operationId: 'getTeam' })`; in the sandbox one tenant's,
   * `requests({ tenant: 'acme' })`.
   */
  requests(filter?: JournalFilter): JournalEntry[];
  /** @deprecated `requests({ tenant, ...filter })` (or `requests(filter)` without a tenant) */
  requests(tenant: string | undefined, filter?: JournalFilter): JournalEntry[];
  /** Empties the journal, and in the sandbox drops every tenant's records too: the next request starts afresh. */
  reset(): Promise<void>;
}

export interface SandboxFetch extends MockFetch {
  /** A token for `tenant` (default subject user:developer@<tenant>.example), valid on this sandbox. */
  token(tenant: string, subject?: string): Promise<string>;
}

export function createMockFetch(options: MockFetchOptions & { sandbox: MockFetchSandboxOptions }): SandboxFetch;
export function createMockFetch(options?: MockFetchOptions): MockFetch;

export function createMockFetch(options: MockFetchOptions = {}): MockFetch | SandboxFetch {
  const warn = options.onWarning ?? ((line: string) => console.warn(`[api-mock] ${line}`));
  // One secret for the function's life, so that tokens survive reset().
  const sandboxOptions = options.sandbox === undefined ? undefined : { ...options.sandbox, secret: options.sandbox.secret ?? randomSecret() };
  // Built on first use, and again after reset() in the sandbox (a fresh store is the simplest complete reset).
  let started: Promise<Started> | undefined;
  let current: Started | undefined;
  const start = () => {
    started ??= startEngine(options, sandboxOptions, warn).then((ready) => (current = ready));
    return started;
  };

  const mockFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { engine } = await start();
    return answer(engine, request);
  };

  // Before the first request there is no engine yet, and nothing in any journal.
  const requests = (tenantOrFilter?: string | JournalFilter, filter?: JournalFilter) => current?.engine.requests(journalFilterOf(tenantOrFilter, filter)) ?? [];
  const reset = async () => {
    const { engine, sandbox } = await start();
    engine.clearRequests();
    if (sandbox !== undefined) {
      started = undefined;
      current = undefined;
      await sandbox.close();
    }
  };
  if (options.sandbox === undefined) return Object.assign(mockFetch, { requests, reset });
  const token = async (tenant: string, subject?: string) => {
    const { sandbox } = await start();
    return sandbox!.token(tenant, subject);
  };
  return Object.assign(mockFetch, { requests, reset, token });
}

interface Started {
  engine: MockEngine;
  sandbox: Sandbox | undefined;
}

async function startEngine(options: MockFetchOptions, sandboxOptions: MockFetchSandboxOptions | undefined, warn: (line: string) => void): Promise<Started> {
  const contract = bundledContract();
  const sandbox = sandboxOptions === undefined ? undefined : await createSandbox(contract.model, sandboxOptions, warn, inMemory);
  const engine = createEngine({ contract, prism: withoutPrism, sandbox, warn }, options);
  return { engine, sandbox };
}

const inMemory: SandboxHost = {
  openStore: async (choice, seed) => createCopyOnWriteStore(seed, createMemoryOverlay('memory', undefined, choice.quota)),
  environmentSecret: undefined,
};

/** The bundled spec documents no response headers and no media type but JSON, so nothing needs Prism here. */
async function withoutPrism(): Promise<PrismEngine> {
  throw new Error('this answer needs Prism (documented response headers or a media type other than JSON), which the in-process fetch does not load; use startMock');
}

/** One request through the engine: resolves with its Response, rejects as fetch does (reset, abort). */
function answer(engine: MockEngine, request: Request): Promise<Response> {
  const signal = request.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = <T>(settleWith: (value: T) => void) => (value: T) => {
      signal.removeEventListener('abort', onAbort);
      settleWith(value);
    };
    const reply = fetchReply(settle(resolve), settle(reject));
    engine.handle(fetchRequest(request, new URL(request.url)), reply).catch(settle(reject));
  });
}
