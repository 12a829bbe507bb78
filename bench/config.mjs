// Benchmark settings for `npm run bench` (the budgets `npm run bench:check` holds them to are in budgets.mjs).
// Every size can be overridden from the environment (see BENCH_* below); the defaults are the full run.

import { envFlag, envNumber, loadSettings } from './lib/env.mjs';

export const settings = {
  /** BENCH_ONLY=client,bundle,mock,pipeline,typecheck,docs,sandbox,noisy,fleet,proxy,mcp,verify,python runs only those sections (development). */
  only: (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),

  client: {
    /** Calls per variant and method over the loopback HTTP server (after the warm-up). */
    httpCalls: envNumber('BENCH_CLIENT_HTTP_CALLS', 2000, { min: 10 }),
    /** Calls per variant and method with the stubbed fetch (no network). */
    stubCalls: envNumber('BENCH_CLIENT_STUB_CALLS', 20000, { min: 10 }),
    /** Warm-up calls per variant and method (not recorded). */
    warmupHttp: envNumber('BENCH_CLIENT_WARMUP_HTTP', 300),
    warmupStub: envNumber('BENCH_CLIENT_WARMUP_STUB', 3000),
    /** Round-robin batch: each variant runs this many calls, then the next variant (order rotates). */
    batch: envNumber('BENCH_CLIENT_BATCH', 50, { min: 1 }),
  },

  mock: {
    /** BENCH_MOCK_SECONDS, BENCH_MOCK_ROUNDS, BENCH_MOCK_WARMUP_SECONDS, BENCH_MOCK_CONNECTIONS (see loadSettings). */
    ...loadSettings('MOCK'),
    /** Bare Prism's log level; `info` logs every request (prism-cli's default), which costs throughput. */
    prismLogLevel: process.env.BENCH_PRISM_LOG ?? 'error',
    /** Time limit for a server to start listening, ms. */
    startTimeoutMs: envNumber('BENCH_SERVER_START_TIMEOUT_MS', 60_000, { min: 1000 }),
    /** Start-ups per server (spawn to first answered request; the median is reported). */
    startRuns: envNumber('BENCH_MOCK_START_RUNS', 5, { min: 1 }),
    /** Timed calls per variant of the per-call comparison (in-process fetch vs HTTP mock), after the warm-up. */
    calls: envNumber('BENCH_MOCK_CALLS', 2000, { min: 10 }),
    /** Warm-up calls per variant of that comparison (not recorded). */
    callWarmup: envNumber('BENCH_MOCK_CALL_WARMUP', 300),
  },

  observe: {
    /** BENCH_OBSERVE_SECONDS, _ROUNDS, _WARMUP_SECONDS, _CONNECTIONS: the stateless mock observed (metrics, JSON log) against plain. */
    ...loadSettings('OBSERVE'),
    rounds: envNumber('BENCH_OBSERVE_ROUNDS', 4, { min: 1 }),
  },

  pipeline: {
    /** BENCH_SKIP_TEST=1 skips the `npm test` wall time (it is slow). */
    skipTest: envFlag('BENCH_SKIP_TEST'),
    /** BENCH_SKIP_BUILD=1 skips the cold and cached `npm run build` (development only). */
    skipBuild: envFlag('BENCH_SKIP_BUILD'),
    buildTimeoutMs: envNumber('BENCH_BUILD_TIMEOUT_MS', 15 * 60_000, { min: 1000 }),
    testTimeoutMs: envNumber('BENCH_TEST_TIMEOUT_MS', 30 * 60_000, { min: 1000 }),
  },

  typecheck: {
    /** tsc runs per consumer (interleaved; the median is reported). */
    runs: envNumber('BENCH_TSC_RUNS', 5, { min: 1 }),
    timeoutMs: envNumber('BENCH_TSC_TIMEOUT_MS', 5 * 60_000, { min: 1000 }),
  },

  docs: {
    /** Cold page loads in Chromium per network setting (loopback and throttled); the median is reported. */
    loads: envNumber('BENCH_DOCS_LOADS', 5, { min: 1 }),
  },
  sandbox: {
    /** BENCH_SANDBOX_SECONDS, BENCH_SANDBOX_ROUNDS, BENCH_SANDBOX_WARMUP_SECONDS, BENCH_SANDBOX_CONNECTIONS (see loadSettings). */
    ...loadSettings('SANDBOX'),
    /** Cold starts per server (stateless, sandbox in memory), alternating; the median is compared. */
    coldStarts: envNumber('BENCH_SANDBOX_COLD_STARTS', 5, { min: 1 }),
    /** MCP servers created before the memory (RSS) of the sandbox is read. */
    servers: envNumber('BENCH_SANDBOX_SERVERS', 10_000, { min: 1 }),
    /** Tenants that make one GET each (each with its own token) on a fresh sandbox, before its RSS is read (issue 24). */
    tenants: envNumber('BENCH_SANDBOX_TENANTS', 10_000, { min: 1 }),
    /** Timed pairs of a new tenant's first request and an existing tenant's request, after `firstWarmup` pairs. */
    firstRequests: envNumber('BENCH_SANDBOX_FIRST_REQUESTS', 500, { min: 10 }),
    firstWarmup: envNumber('BENCH_SANDBOX_FIRST_WARMUP', 50),
    startTimeoutMs: envNumber('BENCH_SERVER_START_TIMEOUT_MS', 120_000, { min: 1000 }),
  },

  fleet: {
    /** BENCH_FLEET_SECONDS, BENCH_FLEET_ROUNDS, BENCH_FLEET_WARMUP_SECONDS, BENCH_FLEET_CONNECTIONS (see loadSettings). */
    ...loadSettings('FLEET'),
    /** The limited instances' --rate-limit: high enough that the shared limiter counts every request and refuses none (batches of 100). */
    rateLimit: envNumber('BENCH_FLEET_RATE_LIMIT', 100_000, { min: 1 }),
  },

  noisy: {
    /** A noisy neighbour (issue 33): seconds per round, rounds alone and flooded alternating (ABBA), quiet tenants at a steady rate. */
    roundSeconds: envNumber('BENCH_NOISY_SECONDS', 5, { min: 1 }),
    rounds: envNumber('BENCH_NOISY_ROUNDS', 2, { min: 1 }),
    quietTenants: envNumber('BENCH_NOISY_QUIET_TENANTS', 2, { min: 1 }),
    quietPerSecond: envNumber('BENCH_NOISY_QUIET_PER_SECOND', 20, { min: 1 }), // under --shared's 25 a second
    floodConnections: envNumber('BENCH_NOISY_CONNECTIONS', 20, { min: 1 }),
    overQuotaWrites: envNumber('BENCH_NOISY_OVER_QUOTA_WRITES', 2000, { min: 1 }),
    /** The journal attack (issue 43): refused 9 MB bodies one tenant sends before the sandbox's RSS is read. */
    journalBodies: envNumber('BENCH_NOISY_JOURNAL_BODIES', 100, { min: 1 }),
  },

  verify: {
    /** Cases per operation of each verify run against the stateless mock (verify's default: 50). */
    cases: envNumber('BENCH_VERIFY_CASES', 50, { min: 1 }),
    /** Runs per target (each with another seed); the report gives the median cases per second. */
    runs: envNumber('BENCH_VERIFY_RUNS', 3, { min: 1 }),
    startTimeoutMs: envNumber('BENCH_SERVER_START_TIMEOUT_MS', 60_000, { min: 1000 }),
  },

  proxy: {
    /** Timed sequential requests per target (one connection each), after the warm-up. */
    calls: envNumber('BENCH_PROXY_CALLS', 2000, { min: 10 }),
    /** Warm-up requests per target (not recorded). */
    warmup: envNumber('BENCH_PROXY_WARMUP', 300),
    /** Round-robin batch: each target answers this many requests, then the next (order rotates). */
    batch: envNumber('BENCH_PROXY_BATCH', 50, { min: 1 }),
    /** autocannon seconds per target, split into `rounds` alternating runs (0 = no throughput run). */
    seconds: envNumber('BENCH_PROXY_SECONDS', 6),
    rounds: envNumber('BENCH_PROXY_ROUNDS', 2, { min: 1 }),
    connections: envNumber('BENCH_PROXY_CONNECTIONS', 10, { min: 1 }),
    startTimeoutMs: envNumber('BENCH_SERVER_START_TIMEOUT_MS', 60_000, { min: 1000 }),
  },

  mcp: {
    /** Start-ups per mode of @vendor/api-mcp (spawn to tools/list answered; alternating, the median is reported). */
    startRuns: envNumber('BENCH_MCP_START_RUNS', 7, { min: 1 }),
  },

  python: {
    /** Calls per variant and method of the Python SDK vs bare httpx against the mock (batches of 50). */
    calls: envNumber('BENCH_PYTHON_CALLS', 2000, { min: 50 }),
    /** Fresh interpreters per import-time measurement (the median is reported). */
    importRuns: envNumber('BENCH_PYTHON_IMPORT_RUNS', 9, { min: 1 }),
  },

  /** Time limit of each section's child process, ms (it is killed with its servers when exceeded). */
  sectionTimeoutMs: envNumber('BENCH_SECTION_TIMEOUT_MS', 60 * 60_000, { min: 1000 }),
};

export { budgets } from './budgets.mjs';
export { evaluateBudget } from './lib/budgets.mjs';
