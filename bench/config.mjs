// Benchmark settings and budgets for `npm run bench` / `npm run bench:check`.
// Every size can be overridden from the environment (see BENCH_* below); the defaults are the full run.
//
// Budgets: `value(results)` reads the measured value from bench/results.json; `op` says which side is good.
// `margin` is the run-to-run noise of that value on this machine (a shared, noisy 2-core box), written
// beside the budget so a reader knows how close is too close. bench:check fails only when the budget itself
// is missed; when the headroom is smaller than the margin it prints AT RISK (the next noisy run may fail).
// Each budget keeps one line of why; its measurements and earlier values are in bench/README.md, "Budget history".

import { envFlag, envNumber, loadSettings } from './lib/env.mjs';

export const settings = {
  /** BENCH_ONLY=client,bundle,mock,pipeline,typecheck,docs,sandbox,proxy,verify runs only those sections (development). */
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

  /** Time limit of each section's child process, ms (it is killed with its servers when exceeded). */
  sectionTimeoutMs: envNumber('BENCH_SECTION_TIMEOUT_MS', 60 * 60_000, { min: 1000 }),
};

export const budgets = [
  {
    id: 'client-overhead-stub-get',
    title: 'Client per-call cost, stubbed fetch, GET: @vendor/api-client / bare openapi-fetch (median)',
    op: '<=',
    budget: 1.15, // × bare openapi-fetch (issue 7); margin: spread of three 20k-call runs (issue 15)
    margin: 0.05,
    unit: '×',
    value: (r) => r.client?.stub?.ratios?.get?.['api-client']?.vsOpenapiFetch,
  },
  {
    id: 'client-overhead-stub-put',
    title: 'Client per-call cost, stubbed fetch, PUT with body: @vendor/api-client / bare openapi-fetch (median)',
    op: '<=',
    budget: 1.15, // × bare openapi-fetch (issue 7); margin: spread of the same three runs
    margin: 0.05,
    unit: '×',
    value: (r) => r.client?.stub?.ratios?.put?.['api-client']?.vsOpenapiFetch,
  },
  {
    id: 'client-bundle-whole',
    title: 'Whole client (all exports), esbuild minified + gzip',
    op: '<=',
    budget: 7000, // bytes, issue 23 (6.5 kB + 0.5 kB for withResponse, pages() and hooks); margin: bytes are exact, 50 B covers esbuild/zlib
    margin: 50,
    unit: 'B',
    value: (r) => r.bundle?.entries?.find((e) => e.id === 'client-all')?.gzip,
  },
  {
    id: 'client-overhead-http-get',
    title: 'Client per-call cost over loopback HTTP, GET: @vendor/api-client / raw fetch(url, init) (median)',
    op: '<=',
    budget: 1.15, // × raw fetch in the same run (issue 15); margin: spread of six 2,000-call runs
    margin: 0.08,
    unit: '×',
    value: (r) => r.client?.http?.ratios?.get?.['api-client']?.vsFetch,
  },
  {
    id: 'client-overhead-http-put',
    title: 'Client per-call cost over loopback HTTP, PUT with body: @vendor/api-client / raw fetch(url, init) (median)',
    op: '<=',
    budget: 1.15, // × raw fetch in the same run (issue 15); margin: spread of the same six runs
    margin: 0.08,
    unit: '×',
    value: (r) => r.client?.http?.ratios?.put?.['api-client']?.vsFetch,
  },
  {
    id: 'mock-static-get-rps',
    title: 'Our mock / bare Prism requests per second, static GET (autocannon, 10 connections)',
    op: '>=',
    budget: 0.8, // × bare Prism's requests/second (issue 7); margin: spread of four runs of one build
    margin: 0.4,
    unit: '×',
    value: (r) => r.mock?.ratios?.['static-get'],
  },
  {
    id: 'mock-start-vs-prism',
    title: 'Mock spawn to first answered request / bare Prism\'s (median of BENCH_MOCK_START_RUNS start-ups each)',
    op: '<=',
    budget: 0.3, // × bare Prism's start-up (issue 12); margin: spread of three runs, mostly Prism's own start-up
    margin: 0.05,
    unit: '×',
    value: (r) => r.mock?.startup?.mockVsPrism,
  },
  {
    id: 'mock-static-get-vs-floor',
    title: 'Our mock with its defaults (journal on) / bare node:http floor requests per second, static GET (auth, parameters)',
    op: '>=',
    budget: 0.8, // × the floor's req/s with the journal on (issue 30; 0.4 before, issue 12); margin: run-to-run noise on the shared 2-core machine
    margin: 0.08,
    unit: '×',
    value: (r) => r.mock?.floorRatios?.['static-get'],
  },
  {
    id: 'mock-valid-put-vs-floor',
    title: 'Our mock with its defaults (journal on) / bare node:http floor requests per second, valid PUT (auth, parameters, body schema)',
    op: '>=',
    budget: 0.6, // × the floor's req/s, journal on, below the GET's: the mock checks the body too (issue 30; 0.4 before); margin: as the GET's
    margin: 0.08,
    unit: '×',
    value: (r) => r.mock?.floorRatios?.['valid-put'],
  },
  {
    id: 'docs-page-wire',
    title: 'Docs page on the wire, one cold load in Chromium (scripts/static-server.mjs, brotli)',
    op: '<=',
    budget: 800_000, // 800 kB (issue 14; paint is not budgeted); margin: a Redoc or spec update moves tens of kB
    margin: 20_000,
    unit: 'B',
    value: (r) => r.docs?.wireBytes,
  },
  {
    id: 'sandbox-get-rps',
    title: 'Sandbox (in memory) / stateless mock requests per second, GET by id (autocannon, 10 connections)',
    op: '>=',
    budget: 0.5, // × the stateless mock's GET req/s, same run (issue 13); margin: from two runs under heavy load
    margin: 0.15,
    unit: '×',
    value: (r) => r.sandbox?.ratios?.['get-memory'],
  },
  {
    id: 'sandbox-cold-start',
    title: 'Sandbox (in memory) / stateless mock cold start, spawn to listening (median of 5 each)',
    op: '<=',
    budget: 1.5, // × the stateless mock's cold start, same run (issue 13); margin: two runs, starts vary widely under load
    margin: 0.3,
    unit: '×',
    value: (r) => r.sandbox?.coldStart?.ratio,
  },
  {
    id: 'sandbox-tenants-rss',
    title: 'Sandbox in memory: RSS after 10,000 tenants made one GET each (getTeam, each its own token), fresh server',
    op: '<=',
    budget: 150, // MB in all, tenants are cheap (issue 24); margin: 116–118 MB in three runs, 10 MB covers a later GC
    margin: 10,
    unit: ' MB',
    value: (r) => withoutFailures(r.sandbox?.tenants?.memory)?.rssAfterMb,
  },
  {
    id: 'sandbox-tenants-pg-seed-rows',
    title: "Sandbox on Postgres: rows in its record table for the same 10,000 tenants after their GETs (seed rows), fresh server",
    op: '<=',
    budget: 0, // rows, a tenant that only reads writes none (issue 24); margin 0: an exact count, no run-to-run noise
    margin: 0,
    unit: ' rows',
    value: (r) => withoutFailures(r.sandbox?.tenants?.postgres)?.seedRows,
  },
  {
    id: 'sandbox-first-request',
    title: "Sandbox in memory: a new tenant's first request / an existing tenant's, GET getTeam, one connection (medians of 500 alternating pairs)",
    op: '<=',
    budget: 2, // × an existing tenant's request, same run (issue 24); margin: 1.41–1.64 in three runs
    margin: 0.25,
    unit: '×',
    value: (r) => r.sandbox?.firstRequest?.memory?.ratio,
  },
  {
    id: 'sandbox-data-get-rps',
    title: 'Sandbox with --data / stateless mock requests per second, GET by id (autocannon, 10 connections)',
    op: '>=',
    budget: 0.5, // × the stateless mock's GET req/s, same run (issue 24); margin: as sandbox-get-rps, reads come from memory the same way
    margin: 0.15,
    unit: '×',
    value: (r) => r.sandbox?.ratios?.['get-data'],
  },
  {
    id: 'sandbox-data-rss',
    title: 'Sandbox with --data: RSS after 10,000 created MCP servers',
    op: '<=',
    budget: 200, // MB (issue 24); margin: 141–153 MB in three runs
    margin: 15,
    unit: ' MB',
    value: (r) => withoutFailures(r.sandbox?.memory?.data)?.rssAfterMb,
  },
  {
    id: 'sandbox-postgres-get-rps',
    title: 'Sandbox on Postgres (one instance) / stateless mock requests per second, GET by id (autocannon, 10 connections)',
    op: '>=',
    budget: 0.3, // × the stateless mock's GET req/s, same run (issue 24); margin: 0.29–0.45 in three runs at load 2–6
    margin: 0.1,
    unit: '×',
    value: (r) => r.sandbox?.ratios?.['get-postgres'],
  },
  {
    id: 'proxy-latency-p50',
    title: 'Validation proxy in front of an upstream answering in 2 ms / that upstream alone, sequential GET listAgentSkillVersions (1,004 B), one connection (p50)',
    op: '<=',
    budget: 1.5, // × an upstream answering in 2 ms, same run (issue 22); margin: the proxy adds 0.8–1.2 ms at p50 here
    margin: 0.2,
    unit: '×',
    value: (r) => r.proxy?.sequential?.ratios?.['proxy-service']?.p50,
  },
];

/**
 * A measurement whose run had failed requests measured an error path, not the store: it counts as not measured.
 * (`failed`: the requests of that run answered with anything but 200.)
 */
function withoutFailures(run) {
  if (run === undefined || run.failed !== 0) return undefined;
  return run;
}

/** Headroom of a measured value against its budget, as a fraction of the budget (negative = missed). */
export function evaluateBudget(budget, results) {
  const raw = budget.value(results);
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
  if (value === undefined) return { ...budget, value: undefined, pass: false, headroom: undefined, atRisk: true };
  const pass = budget.op === '<=' ? value <= budget.budget : value >= budget.budget;
  const slack = budget.op === '<=' ? budget.budget - value : value - budget.budget;
  // An exact count (margin 0, e.g. rows written) has no noise and, with a budget of 0, no share of the
  // budget to show: met, it is never at risk and ranks after every noisy budget; missed, before them.
  const exact = budget.margin === 0;
  if (exact) return { ...budget, value, pass, headroom: undefined, slack: pass ? Infinity : -Infinity, atRisk: !pass };
  return { ...budget, value, pass, headroom: slack / budget.budget, slack, atRisk: !pass || slack < budget.margin };
}
