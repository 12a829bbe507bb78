// Section 3: start-up and requests/second of our mock (@vendor/api-mock) against bare Prism (prism-cli on
// the same bundle) and a floor (a bare node:http server answering fixed JSON), with autocannon in this
// process. Every server runs as a child process we start here and always stop. Start-up is spawn to the
// first answered request (a real static GET, polled every few ms); scenarios interleave the servers (the
// order alternates) so drift hits all alike. Our mock runs with its defaults (the request journal on); the
// same mock with the journal off runs beside it in every scenario, so the journal's cost is in the same run.
// Last, the per-call cost of the in-process fetch (`@vendor/api-mock/fetch`) next to the HTTP mock's
// (mock-fetch-per-call.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { bundlePath, repoRoot, benchDir } from './lib/paths.mjs';
import { requestExample, findOperation, parameters, parameterExample } from './lib/spec.mjs';
import { startServer, freePort } from './lib/proc.mjs';
import { round, percentile, mean, median } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './lib/section.mjs';
import { measurePerCall } from './mock-fetch-per-call.mjs';

const require = createRequire(import.meta.url);
const AUTH = 'Bearer bench-token-0123456789';

function scenarios() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  const put = findOperation('createOrUpdateMcpServer');
  const valid = requestExample('createOrUpdateMcpServer', 'remote');
  const invalid = structuredClone(valid);
  invalid.manifest.name = 'ab';
  const json = { 'content-type': 'application/json', authorization: AUTH };
  return [
    { id: 'static-get', title: 'static GET (getTeam)', method: 'GET', path: get.path.replace('{id}', encodeURIComponent(id)), headers: { authorization: AUTH } },
    { id: 'valid-put', title: 'valid PUT (createOrUpdateMcpServer, example "remote")', method: 'PUT', path: put.path, headers: json, body: JSON.stringify(valid) },
    { id: 'invalid-put', title: "invalid PUT (same body, manifest.name = 'ab')", method: 'PUT', path: put.path, headers: json, body: JSON.stringify(invalid) },
  ];
}

async function probe(url, s) {
  const res = await fetch(url + s.path, { method: s.method, headers: s.headers, body: s.body, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), bodyStart: text.slice(0, 160) };
}

/** One autocannon run; every response's latency (ms) is pushed to `latencies` when given. */
function cannon(url, s, { seconds, connections }, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: url + s.path, method: s.method, headers: s.headers, body: s.body, connections, duration: seconds, pipelining: 1, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
    // Hard stop in case autocannon hangs: its own duration plus a grace period.
    const guard = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

/** Adds up the rounds of one server in one scenario; latency percentiles over every response of every round. */
function summarizeRounds(rounds, latencies) {
  const statusCodes = {};
  let total = 0;
  let seconds = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  for (const r of rounds) {
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + count;
    total += r.requests.total;
    seconds += r.duration;
    bytes += r.throughput.total;
    errors += r.errors;
    timeouts += r.timeouts;
  }
  return {
    requestsPerSecond: round(total / seconds, 1),
    requestsTotal: total,
    perRoundRequestsPerSecond: rounds.map((r) => round(r.requests.total / r.duration, 1)),
    latencyMs: {
      p50: round(percentile(latencies, 50), 2),
      p90: round(percentile(latencies, 90), 2),
      p99: round(percentile(latencies, 99), 2),
      mean: round(mean(latencies), 2),
      max: round(Math.max(...rounds.map((r) => r.latency.max)), 2),
    },
    throughputBytesPerSecond: Math.round(bytes / seconds),
    statusCodes,
    errors,
    timeouts,
    seconds: round(seconds, 2),
  };
}

/** How to start each server on a given port; `title` is what the report says it is. */
const SERVERS = {
  mock: {
    title: '@vendor/api-mock startMock() with its defaults: request journal on, 1,000 entries (own process, no access log)',
    args: (port) => [path.join(benchDir, 'servers/mock-server.mjs'), '--port', String(port)],
  },
  'mock-journal-off': {
    title: '@vendor/api-mock startMock({ journalSize: 0 }): the same mock, journal off',
    args: (port) => [path.join(benchDir, 'servers/mock-server.mjs'), '--port', String(port), '--journal-size', '0'],
  },
  prism: {
    title: (settings) => `bare Prism: prism mock -h 127.0.0.1 -v ${settings.mock.prismLogLevel} packages/types/src/generated/openapi.json`,
    args: (port, settings) => [require.resolve('@stoplight/prism-cli/dist/index.js'), 'mock', '-p', String(port), '-h', '127.0.0.1', '-v', settings.mock.prismLogLevel, bundlePath],
  },
  floor: {
    title: 'bare node:http answering fixed JSON (bench/servers/floor-server.mjs)',
    args: (port) => [path.join(benchDir, 'servers/floor-server.mjs'), '--port', String(port)],
  },
};
const NAMES = Object.keys(SERVERS);
// Start-up compares our mock with Prism and the floor; the journal-off twin starts no differently.
const STARTUP_NAMES = ['mock', 'prism', 'floor'];

/** Starts a server and waits for its first answer to `s` (200), polling every 5 ms; readyMs counts from spawn. */
async function startAndTime(name, settings, s) {
  const port = await freePort();
  return startServer(process.execPath, SERVERS[name].args(port, settings), {
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}`,
    timeoutMs: settings.mock.startTimeoutMs,
    pollMs: 5,
    probe: { path: s.path, headers: s.headers, status: 200 },
  });
}

/** Spawn to first answered request, `runs` times per server (order rotating), each server stopped after. */
async function measureStartup(settings, s) {
  // The bench's own fetch loads lazily: load it now, so the first server measured does not pay for it.
  await fetch(`http://127.0.0.1:${await freePort()}/`).catch(() => {});
  const samples = Object.fromEntries(STARTUP_NAMES.map((n) => [n, []]));
  for (let r = 0; r < settings.mock.startRuns; r++) {
    const order = STARTUP_NAMES.map((_, i) => STARTUP_NAMES[(i + r) % STARTUP_NAMES.length]);
    for (const name of order) {
      const server = await startAndTime(name, settings, s);
      samples[name].push(round(server.readyMs, 1));
      await server.stop();
    }
  }
  const firstAnswerMs = Object.fromEntries(STARTUP_NAMES.map((n) => [n, { median: round(median(samples[n]), 1), samples: samples[n] }]));
  process.stderr.write(`  mock start-up (spawn to first answer, median): ${STARTUP_NAMES.map((n) => `${n} ${firstAnswerMs[n].median} ms`).join(', ')}\n`);
  return {
    request: `${s.method} ${s.path}`,
    runs: settings.mock.startRuns,
    firstAnswerMs,
    mockVsPrism: round(firstAnswerMs.mock.median / firstAnswerMs.prism.median, 3),
    mockVsFloor: round(firstAnswerMs.mock.median / firstAnswerMs.floor.median, 3),
  };
}

/** The in-process fetch's per-call cost; a failure is recorded (and shown), not fatal to the budgeted runs above. */
async function perCall(settings, scenario, servers) {
  const warn = (line) => process.stderr.write(`  WARN in-process mock: ${line}\n`);
  try {
    return await measurePerCall(settings, scenario, servers, warn);
  } catch (error) {
    process.stderr.write(`  mock per call: not measured: ${error?.stack ?? error}\n`);
    return { error: String(error?.message ?? error).split('\n')[0] };
  }
}

export async function run(settings) {
  const cfg = settings.mock;
  const list = scenarios();
  const servers = {};
  // Each server gets `seconds` of measurement per scenario, split into `rounds` runs in rotating order, so a
  // change in the machine's load during the scenario hits every server alike.
  const chunk = Math.max(1, Math.round(cfg.seconds / cfg.rounds));
  try {
    const startup = await measureStartup(settings, list[0]);
    for (const name of NAMES) servers[name] = await startAndTime(name, settings, list[0]);
    const result = {
      autocannon: require('autocannon/package.json').version,
      prismCli: require('@stoplight/prism-cli/package.json').version,
      connections: cfg.connections,
      seconds: cfg.seconds,
      rounds: cfg.rounds,
      roundSeconds: chunk,
      warmupSeconds: cfg.warmupSeconds,
      servers: Object.fromEntries(
        NAMES.map((name) => {
          const title = typeof SERVERS[name].title === 'function' ? SERVERS[name].title(settings) : SERVERS[name].title;
          return [name, { title, readyMs: Math.round(servers[name].readyMs) }];
        }),
      ),
      startup,
      scenarios: {},
      /** our mock's req/s / bare Prism's */
      ratios: {},
      /** our mock's req/s / the floor's */
      floorRatios: {},
      /** our mock's req/s (journal on, the default) / the same mock's with the journal off */
      journalRatios: {},
    };
    for (const [index, s] of list.entries()) {
      const first = NAMES.map((_, i) => NAMES[(i + index) % NAMES.length]);
      const entry = { title: s.title, request: `${s.method} ${s.path}`, probe: {}, runs: {} };
      for (const name of first) entry.probe[name] = await probe(servers[name].url, s);
      if (cfg.warmupSeconds > 0) {
        for (const name of first) await cannon(servers[name].url, s, { seconds: cfg.warmupSeconds, connections: cfg.connections });
      }
      const rounds = Object.fromEntries(NAMES.map((n) => [n, []]));
      const latencies = Object.fromEntries(NAMES.map((n) => [n, []]));
      for (let r = 0; r < cfg.rounds; r++) {
        for (const name of r % 2 === 0 ? first : [...first].reverse()) {
          rounds[name].push(await cannon(servers[name].url, s, { seconds: chunk, connections: cfg.connections }, latencies[name]));
        }
      }
      for (const name of first) {
        entry.runs[name] = summarizeRounds(rounds[name], latencies[name]);
        process.stderr.write(`  mock ${s.id} ${name}: ${entry.runs[name].requestsPerSecond} req/s\n`);
      }
      result.scenarios[s.id] = entry;
      result.ratios[s.id] = round(entry.runs.mock.requestsPerSecond / entry.runs.prism.requestsPerSecond, 3);
      result.floorRatios[s.id] = round(entry.runs.mock.requestsPerSecond / entry.runs.floor.requestsPerSecond, 3);
      result.journalRatios[s.id] = round(entry.runs.mock.requestsPerSecond / entry.runs['mock-journal-off'].requestsPerSecond, 3);
    }
    result.perCall = await perCall(settings, list[0], servers);
    for (const name of NAMES) {
      const { stderr } = servers[name].output();
      if (stderr.trim()) result.servers[name].stderrTail = stderr.trim().split('\n').slice(-5);
    }
    return result;
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
