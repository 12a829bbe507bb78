// Section 3: requests/second and latency of our mock (@vendor/api-mock) against bare Prism (prism-cli on
// the same bundle), with autocannon in this process. Both servers run as child processes we start here and
// always stop. Scenarios interleave the servers (the order alternates) so drift hits both alike.
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { bundlePath, repoRoot, benchDir } from './lib/paths.mjs';
import { requestExample, findOperation, parameters, parameterExample } from './lib/spec.mjs';
import { startServer, freePort } from './lib/proc.mjs';
import { round, percentile, mean } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './lib/section.mjs';

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

async function startOurMock(settings) {
  const started = performance.now();
  const server = await startServer(process.execPath, [path.join(benchDir, 'servers/mock-server.mjs')], {
    cwd: repoRoot,
    timeoutMs: settings.mock.startTimeoutMs,
    readyFromStdout: (out) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      return line ? JSON.parse(line).url : undefined;
    },
  });
  return { ...server, readyMs: Math.round(performance.now() - started) };
}

async function startPrism(settings) {
  const port = await freePort();
  const cli = require.resolve('@stoplight/prism-cli/dist/index.js');
  const args = [cli, 'mock', '-p', String(port), '-h', '127.0.0.1', '-v', settings.mock.prismLogLevel, bundlePath];
  const started = performance.now();
  const server = await startServer(process.execPath, args, {
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}`,
    timeoutMs: settings.mock.startTimeoutMs,
  });
  return { ...server, readyMs: Math.round(performance.now() - started), command: `prism mock -p ${port} -h 127.0.0.1 -v ${settings.mock.prismLogLevel} packages/types/src/generated/openapi.json` };
}

export async function run(settings) {
  const cfg = settings.mock;
  const list = scenarios();
  const servers = {};
  // Each server gets `seconds` of measurement per scenario, split into `rounds` runs in ABBA order, so a
  // change in the machine's load during the scenario hits both servers alike.
  const chunk = Math.max(1, Math.round(cfg.seconds / cfg.rounds));
  try {
    servers.mock = await startOurMock(settings);
    servers.prism = await startPrism(settings);
    const result = {
      autocannon: require('autocannon/package.json').version,
      prismCli: require('@stoplight/prism-cli/package.json').version,
      connections: cfg.connections,
      seconds: cfg.seconds,
      rounds: cfg.rounds,
      roundSeconds: chunk,
      warmupSeconds: cfg.warmupSeconds,
      servers: {
        mock: { title: '@vendor/api-mock startMock() (own process, no access log)', readyMs: servers.mock.readyMs },
        prism: { title: `bare Prism: ${servers.prism.command}`, readyMs: servers.prism.readyMs },
      },
      scenarios: {},
      ratios: {},
    };
    for (const [index, s] of list.entries()) {
      const first = index % 2 === 0 ? ['mock', 'prism'] : ['prism', 'mock'];
      const entry = { title: s.title, request: `${s.method} ${s.path}`, probe: {}, runs: {} };
      for (const name of first) entry.probe[name] = await probe(servers[name].url, s);
      if (cfg.warmupSeconds > 0) {
        for (const name of first) await cannon(servers[name].url, s, { seconds: cfg.warmupSeconds, connections: cfg.connections });
      }
      const rounds = { mock: [], prism: [] };
      const latencies = { mock: [], prism: [] };
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
    }
    for (const name of ['mock', 'prism']) {
      const { stderr } = servers[name].output();
      if (stderr.trim()) result.servers[name].stderrTail = stderr.trim().split('\n').slice(-5);
    }
    return result;
  } finally {
    for (const server of Object.values(servers)) await server.stop();
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
