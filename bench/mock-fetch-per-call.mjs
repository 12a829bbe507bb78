// Per-call cost of the mock's in-process fetch (`@vendor/api-mock/fetch`, createMockFetch) next to the HTTP
// mock's, run by mock-throughput.mjs in its own process after the autocannon runs (its servers are idle then).
// One call is `await f(url, init)` and reading the body: over HTTP the body may still be on the wire when fetch
// resolves, so the read belongs to the call. Each with the journal on (the default) and off.
// The variants run round-robin in batches with a rotating start, after a warm-up, as in the client section, so
// drift on the noisy machine hits all alike; every call is timed on its own (µs).
import { deepStrictEqual } from 'node:assert/strict';
import { ratio, round, summarize } from './lib/stats.mjs';
import { us } from './lib/format.mjs';

// As in the client section: small enough that a change in the machine's load hits every variant alike.
const BATCH = 50;
// Any origin: the in-process fetch answers by path and never touches the network.
const IN_PROCESS_ORIGIN = 'https://api.vendor.example';

/** One call: the Response and its body, as a user's test reads it. */
async function call(variant, init) {
  const res = await variant.fetch(variant.url, init);
  const body = await res.arrayBuffer();
  return { status: res.status, body };
}

/** The four variants; `servers` are the mock section's running HTTP mocks (journal on and off). */
async function makeVariants(scenario, servers, warn) {
  const started = performance.now();
  const { createMockFetch } = await import('@vendor/api-mock/fetch');
  const importMs = performance.now() - started;
  return {
    importMs,
    variants: [
      { id: 'in-process', title: 'createMockFetch() (journal on, the default)', fetch: createMockFetch({ onWarning: warn }), url: IN_PROCESS_ORIGIN + scenario.path },
      { id: 'in-process-journal-off', title: 'createMockFetch({ journalSize: 0 })', fetch: createMockFetch({ journalSize: 0, onWarning: warn }), url: IN_PROCESS_ORIGIN + scenario.path },
      { id: 'http', title: 'fetch() to the HTTP mock, startMock() in its own process (journal on)', fetch: globalThis.fetch, url: servers.mock.url + scenario.path },
      { id: 'http-journal-off', title: 'fetch() to the HTTP mock, startMock({ journalSize: 0 })', fetch: globalThis.fetch, url: servers['mock-journal-off'].url + scenario.path },
    ],
  };
}

/** The first call of each variant (the in-process engine is built then), checked: 200 and the HTTP mock's body. */
async function firstCalls(variants, init) {
  const firstCallMs = {};
  const bodies = {};
  for (const variant of variants) {
    const started = performance.now();
    const { status, body } = await call(variant, init);
    firstCallMs[variant.id] = round(performance.now() - started, 1);
    if (status !== 200) throw new Error(`${variant.id}: ${variant.url} answered ${status}, not 200`);
    bodies[variant.id] = JSON.parse(new TextDecoder().decode(body));
  }
  for (const variant of variants) deepStrictEqual(bodies[variant.id], bodies.http, `${variant.id} answers as the HTTP mock`);
  return firstCallMs;
}

/** `total` calls per variant, in batches, the order rotating; samples (µs) pushed when `samples` is given. */
async function rounds(variants, init, total, samples) {
  const needed = Math.ceil(total / BATCH);
  for (let r = 0; r < needed; r++) {
    const size = Math.min(BATCH, total - r * BATCH);
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(k + r) % variants.length];
      for (let i = 0; i < size; i++) {
        const started = performance.now();
        await call(variant, init);
        const us = (performance.now() - started) * 1000;
        if (samples) samples[variant.id].push(us);
      }
    }
  }
}

export async function measurePerCall(settings, scenario, servers, warn) {
  const cfg = settings.mock;
  const init = { method: scenario.method, headers: scenario.headers, body: scenario.body };
  const { importMs, variants } = await makeVariants(scenario, servers, warn);
  const firstCallMs = await firstCalls(variants, init);
  const samples = Object.fromEntries(variants.map((v) => [v.id, []]));
  await rounds(variants, init, cfg.callWarmup, undefined);
  await rounds(variants, init, cfg.calls, samples);
  const stats = {};
  for (const variant of variants) {
    const s = summarize(samples[variant.id]);
    stats[variant.id] = { title: variant.title, n: s.n, medianUs: round(s.median, 1), p90Us: round(s.p90, 1), meanUs: round(s.mean, 1), firstCallMs: firstCallMs[variant.id] };
  }
  const medianRatio = (a, b) => ratio(stats[a].medianUs, stats[b].medianUs);
  for (const variant of variants) process.stderr.write(`  mock per call ${variant.id}: median ${us(stats[variant.id].medianUs)}\n`);
  return {
    request: `${scenario.method} ${scenario.path}`,
    calls: cfg.calls,
    warmup: cfg.callWarmup,
    batch: BATCH,
    importMs: round(importMs, 1),
    variants: stats,
    ratios: {
      inProcessVsHttp: medianRatio('in-process', 'http'),
      journalInProcess: medianRatio('in-process', 'in-process-journal-off'),
      journalHttp: medianRatio('http', 'http-journal-off'),
    },
  };
}
