// Section: the validation proxy's added latency (@vendor/api-mock startProxy) over loopback, for a ~1 kB JSON answer.
// Every server runs in its own process, started and stopped here:
// - floor: bench/servers/floor-server.mjs, a bare node:http server answering the operation's documented example;
// - mock: bench/servers/mock-server.mjs, our mock with its defaults, answering the same example;
// - relay-floor: bench/servers/relay-server.mjs, a bare node:http relay in front of the floor (one more hop, no checks);
// - proxy-floor and proxy-mock: bench/servers/proxy-server.mjs, the proxy with its defaults in front of each.
// Sequential: one request at a time, one keep-alive connection per target, the targets round-robin in batches
// (order rotating) after a warm-up, so drift hits all alike; every request is timed on its own, in µs.
// Then, optionally, autocannon at 10 connections against each target (BENCH_PROXY_SECONDS=0 skips it).
import { Agent, request } from 'node:http';
import path from 'node:path';
import { benchDir, repoRoot } from './lib/paths.mjs';
import { findOperation, responseExample } from './lib/spec.mjs';
import { startServer, describeServer, stopServers } from './lib/proc.mjs';
import { AUTOCANNON_VERSION, loadInRounds, requestsRatio, rotate, roundsPlan } from './lib/load.mjs';
import { rps, times, us } from './lib/format.mjs';
import { mean, percentile, ratio, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const AUTH = 'Bearer bench-token-0123456789';
// Of the bundle's documented answers, listAgentSkillVersions' first 200 example is the closest to 1 kB (1,004 B of
// JSON; getTeam's is 851 B). A GET without required parameters: the request check is the token and the query.
const OPERATION = 'listAgentSkillVersions';
// The budgeted upstream's service time. Against a zero-work loopback floor (~130 µs a round trip) any second process
// on the path costs ~5× (the bare relay shows it), which says nothing about the proxy; 2 ms is a fast real service.
const SERVICE_MS = 2;
// Each target's discarded autocannon run before the measured rounds, seconds.
const THROUGHPUT_WARMUP_SECONDS = 1;

/** What each target is; `upstream` names the target it forwards to (the ratio's denominator). */
const TARGETS = {
  floor: { title: 'bare node:http answering the example (bench/servers/floor-server.mjs)' },
  'relay-floor': { title: 'bare node:http relay, no checks (bench/servers/relay-server.mjs) in front of the floor', upstream: 'floor' },
  'proxy-floor': { title: 'the validation proxy, startProxy() with its defaults (bench/servers/proxy-server.mjs), in front of the floor', upstream: 'floor' },
  service: { title: `the floor answering after ${SERVICE_MS} ms, as a service doing its work would (the budget's upstream)` },
  'proxy-service': { title: 'the validation proxy, startProxy() with its defaults, in front of that service', upstream: 'service' },
  mock: { title: '@vendor/api-mock startMock() with its defaults (bench/servers/mock-server.mjs)' },
  'proxy-mock': { title: 'the validation proxy, startProxy() with its defaults, in front of the mock', upstream: 'mock' },
};
const NAMES = Object.keys(TARGETS);
/**
 * What is compared with what: each forwarder with its upstream alone, and the proxy with the bare relay (both in
 * front of the floor), which leaves what the checks and the proxy's bookkeeping cost beyond the extra hop.
 */
const PAIRS = [
  { id: 'relay-floor', through: 'relay-floor', alone: 'floor' },
  { id: 'proxy-floor', through: 'proxy-floor', alone: 'floor' },
  { id: 'proxy-mock', through: 'proxy-mock', alone: 'mock' },
  { id: 'proxy-service', through: 'proxy-service', alone: 'service' },
  { id: 'proxy-vs-relay', through: 'proxy-floor', alone: 'relay-floor' },
];
// Started in this order: each forwarder after its upstream.
const START_ORDER = ['floor', 'service', 'mock', 'relay-floor', 'proxy-floor', 'proxy-service', 'proxy-mock'];

function serverArgs(name, urls) {
  const servers = path.join(benchDir, 'servers');
  if (name === 'floor') return [path.join(servers, 'floor-server.mjs'), '--operation', OPERATION];
  if (name === 'service') return [path.join(servers, 'floor-server.mjs'), '--operation', OPERATION, '--service-ms', String(SERVICE_MS)];
  if (name === 'mock') return [path.join(servers, 'mock-server.mjs')];
  if (name === 'relay-floor') return [path.join(servers, 'relay-server.mjs'), '--upstream', urls.floor];
  return [path.join(servers, 'proxy-server.mjs'), '--upstream', urls[TARGETS[name].upstream]];
}

/** The URL a server prints as its first JSON line; only whole lines count (stdout may arrive mid-line). */
function readUrl(stdout) {
  const lines = stdout.split('\n').slice(0, -1);
  const line = lines.find((l) => l.startsWith('{'));
  if (line === undefined) return undefined;
  return JSON.parse(line).url;
}

/**
 * Starts every target into `servers` (so the caller stops those already started when one fails), each after its
 * upstream; a target is ready when it answers the measured request with a 200.
 */
async function startTargets(settings, requestPath, servers) {
  const urls = {};
  for (const name of START_ORDER) {
    servers[name] = await startServer(process.execPath, serverArgs(name, urls), {
      cwd: repoRoot,
      timeoutMs: settings.proxy.startTimeoutMs,
      readyFromStdout: readUrl,
      probe: { path: requestPath, headers: { authorization: AUTH }, status: 200 },
    });
    urls[name] = servers[name].url;
  }
}

/** One target of the sequential run: its own keep-alive agent limited to one socket, so one connection. */
function sequentialTarget(name, url, requestPath) {
  const { hostname, port } = new URL(url);
  return { name, hostname, port, path: requestPath, agent: new Agent({ keepAlive: true, maxSockets: 1 }), samples: [], connections: 0 };
}

/** One GET, timed from the request to the answer's last byte; µs. Rejects on anything but a 200. */
function timedGet(target) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ hostname: target.hostname, port: target.port, path: target.path, headers: { authorization: AUTH }, agent: target.agent }, (res) => {
      res.resume();
      res.on('error', reject);
      res.on('end', () => {
        const us = (performance.now() - started) * 1000;
        if (res.statusCode === 200) resolve(us);
        else reject(new Error(`${target.name} answered ${res.statusCode}`));
      });
    });
    // Counts the connections the target needed: a second one would mean the keep-alive broke.
    req.on('socket', () => {
      if (!req.reusedSocket) target.connections += 1;
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${target.name}: no answer within 10 s`)));
    req.end();
  });
}

/** `calls` requests per target, in batches of `batch`, the targets taking turns in rotating order. */
async function roundRobin(targets, calls, batch, record) {
  for (let done = 0, turn = 0; done < calls; done += batch, turn += 1) {
    const n = Math.min(batch, calls - done);
    for (const target of rotate(targets, turn)) {
      for (let i = 0; i < n; i++) {
        const us = await timedGet(target);
        if (record) target.samples.push(us);
      }
    }
  }
}

function latencySummary(target) {
  const s = target.samples;
  return {
    p50Us: round(percentile(s, 50), 1),
    p90Us: round(percentile(s, 90), 1),
    p99Us: round(percentile(s, 99), 1),
    meanUs: round(mean(s), 1),
    calls: s.length,
    connections: target.connections,
  };
}

/** Each pair's `through` / `alone`, at p50 and p99, and the µs `through` adds at each. */
function comparisons(variants) {
  const out = {};
  for (const pair of PAIRS) {
    const through = variants[pair.through];
    const alone = variants[pair.alone];
    out[pair.id] = {
      through: pair.through,
      over: pair.alone,
      p50: ratio(through.p50Us, alone.p50Us),
      p99: ratio(through.p99Us, alone.p99Us),
      addedP50Us: round(through.p50Us - alone.p50Us, 1),
      addedP99Us: round(through.p99Us - alone.p99Us, 1),
    };
  }
  return out;
}

async function measureSequential(cfg, servers, requestPath) {
  const targets = NAMES.map((name) => sequentialTarget(name, servers[name].url, requestPath));
  try {
    await roundRobin(targets, cfg.warmup, cfg.batch, false);
    await roundRobin(targets, cfg.calls, cfg.batch, true);
  } finally {
    for (const target of targets) target.agent.destroy();
  }
  const variants = Object.fromEntries(targets.map((t) => [t.name, latencySummary(t)]));
  for (const name of NAMES) {
    const v = variants[name];
    process.stderr.write(`  proxy sequential ${name}: p50 ${us(v.p50Us)}, p99 ${us(v.p99Us)} (${v.connections} connection(s))\n`);
  }
  const ratios = comparisons(variants);
  for (const [id, r] of Object.entries(ratios)) process.stderr.write(`  proxy sequential ${id}: p50 ${times(r.p50, 3)} ${r.over} (+${us(r.addedP50Us)}), p99 ${times(r.p99, 3)}\n`);
  return { calls: cfg.calls, warmup: cfg.warmup, batch: cfg.batch, variants, ratios };
}

/** One answer as a client sees it: status, bytes, and whether the proxy counted findings. */
async function probe(url, requestPath) {
  const res = await fetch(url + requestPath, { headers: { authorization: AUTH }, signal: AbortSignal.timeout(10_000) });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, bytes, contentType: res.headers.get('content-type'), findingsHeader: res.headers.get('x-contract-findings') };
}

/** The proxy's own count of exchanges and findings: a finding would mean the example itself is off the spec. */
async function proxyTotals(url) {
  const res = await fetch(`${url}/_proxy/report`, { signal: AbortSignal.timeout(10_000) });
  const report = await res.json();
  return report.totals;
}

/** autocannon against every target, `rounds` runs each, the targets alternating (ABBA) after a warm-up. */
async function measureThroughput(cfg, servers, requestPath) {
  const plan = roundsPlan({ ...cfg, warmupSeconds: THROUGHPUT_WARMUP_SECONDS });
  const get = { method: 'GET', path: requestPath, headers: { authorization: AUTH } };
  const targets = await loadInRounds(NAMES.map((name) => ({ name, url: servers[name].url, request: get })), plan);
  const ratios = {};
  for (const pair of PAIRS) {
    ratios[pair.id] = requestsRatio(targets[pair.through], targets[pair.alone]);
    process.stderr.write(`  proxy throughput ${pair.through}: ${rps(targets[pair.through].requestsPerSecond)} (${times(ratios[pair.id], 3)} ${pair.alone})\n`);
  }
  return { autocannon: AUTOCANNON_VERSION, connections: cfg.connections, rounds: cfg.rounds, roundSeconds: plan.roundSeconds, targets, ratios };
}

export async function run(settings) {
  const cfg = settings.proxy;
  const op = findOperation(OPERATION);
  const requestPath = op.path;
  const exampleBytes = Buffer.byteLength(JSON.stringify(responseExample(OPERATION).body));
  const servers = {};
  try {
    await startTargets(settings, requestPath, servers);
    const probes = {};
    for (const name of NAMES) probes[name] = await probe(servers[name].url, requestPath);
    const sequential = await measureSequential(cfg, servers, requestPath);
    const proxyReports = { 'proxy-floor': await proxyTotals(servers['proxy-floor'].url), 'proxy-mock': await proxyTotals(servers['proxy-mock'].url) };
    let throughput;
    if (cfg.seconds > 0) throughput = await measureThroughput(cfg, servers, requestPath);
    return {
      operation: { operationId: OPERATION, request: `${op.method.toUpperCase()} ${requestPath}`, exampleBytes },
      targets: Object.fromEntries(NAMES.map((name) => [name, describeServer(servers[name], TARGETS[name].title)])),
      probes,
      sequential,
      proxyReports,
      throughput,
    };
  } finally {
    await stopServers(servers);
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
