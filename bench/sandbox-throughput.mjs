// Section: the sandbox (--sandbox) against the stateless mock, measured in the same run.
// - cold start: spawn to listening, stateless vs sandbox in memory (median of several starts each);
// - GET by id (getTeam) and PUT /mcp (one name, so an upsert) throughput: stateless, sandbox in memory and
//   on disk (--data, PGlite), autocannon, the servers alternating (ABBA) as in the mock section;
// - memory (RSS) of the sandbox in memory and on disk after 10,000 created MCP servers.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDir, repoRoot, tmpDir } from './lib/paths.mjs';
import { findOperation, parameterExample, parameters, requestExample } from './lib/spec.mjs';
import { startServer } from './lib/proc.mjs';
import { median, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './lib/section.mjs';

const require = createRequire(import.meta.url);
const SERVER = path.join(benchDir, 'servers/sandbox-server.mjs');

async function start(settings, mode, dir) {
  const args = [SERVER, mode, ...(dir ? [dir] : [])];
  let ready;
  const server = await startServer(process.execPath, args, {
    cwd: repoRoot,
    timeoutMs: settings.sandbox.startTimeoutMs,
    readyFromStdout: (out) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return undefined;
      ready = JSON.parse(line);
      return ready.url;
    },
  });
  return { ...server, token: ready.token, readyMs: ready.readyMs };
}

function cannon(url, s, { seconds, connections }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: url + s.path, method: s.method, headers: s.headers, body: s.body, connections, duration: seconds, pipelining: 1, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    const guard = setTimeout(() => instance.stop(), (seconds + 15) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

function summarize(runs) {
  const statusCodes = {};
  let total = 0;
  let seconds = 0;
  let errors = 0;
  for (const r of runs) {
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + count;
    total += r.requests.total;
    seconds += r.duration;
    errors += r.errors + r.timeouts;
  }
  return { requestsPerSecond: round(total / seconds, 1), requestsTotal: total, statusCodes, errors, p99Ms: round(Math.max(...runs.map((r) => r.latency.p99)), 2) };
}

/** RSS of a process from /proc (Linux), in MB. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return round(kb / 1024, 1);
}

async function coldStarts(settings) {
  const samples = { stateless: [], memory: [] };
  for (let i = 0; i < settings.sandbox.coldStarts; i++) {
    for (const mode of i % 2 === 0 ? ['stateless', 'memory'] : ['memory', 'stateless']) {
      const server = await start(settings, mode);
      samples[mode].push(server.readyMs);
      await server.stop();
    }
  }
  const stateless = median(samples.stateless);
  const memory = median(samples.memory);
  return {
    runs: settings.sandbox.coldStarts,
    statelessMs: round(stateless, 0),
    sandboxMemoryMs: round(memory, 0),
    samples: { stateless: samples.stateless.map((v) => round(v, 0)), memory: samples.memory.map((v) => round(v, 0)) },
    ratio: round(memory / stateless, 3),
  };
}

/** Creates `count` MCP servers with distinct names, `parallel` at a time; returns the RSS before and after. */
async function fill(server, count, parallel) {
  const body = requestExample('createOrUpdateMcpServer', 'remote');
  const before = rssMb(server.pid);
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const manifest = { ...body.manifest, name: `bench-server-${i}` };
      const res = await fetch(`${server.url}/api/svc/v1/mcp`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, manifest }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { servers: count, failed, seconds: round((performance.now() - started) / 1000, 1), rssBeforeMb: before, rssAfterMb: rssMb(server.pid) };
}

export async function run(settings) {
  const cfg = settings.sandbox;
  const servers = {};
  mkdirSync(tmpDir, { recursive: true });
  const dir = mkdtempSync(path.join(tmpDir, 'sandbox-data-'));
  try {
    const cold = await coldStarts(settings);
    servers.stateless = await start(settings, 'stateless');
    servers.memory = await start(settings, 'memory');
    servers.data = await start(settings, 'data', dir);

    const get = findOperation('getTeam');
    const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
    const put = findOperation('createOrUpdateMcpServer');
    const body = JSON.stringify(requestExample('createOrUpdateMcpServer', 'remote'));
    const scenarios = [
      { id: 'get', title: 'GET by id (getTeam)', method: 'GET', path: get.path.replace('{id}', id), servers: ['stateless', 'memory', 'data'] },
      { id: 'put', title: 'PUT /mcp (example "remote": one name, an upsert)', method: 'PUT', path: put.path, body, servers: ['stateless', 'memory', 'data'] },
    ];
    const chunk = Math.max(1, Math.round(cfg.seconds / cfg.rounds));
    const result = {
      autocannon: require('autocannon/package.json').version,
      connections: cfg.connections,
      seconds: cfg.seconds,
      rounds: cfg.rounds,
      coldStart: cold,
      scenarios: {},
      ratios: {},
    };
    for (const s of scenarios) {
      const runs = Object.fromEntries(s.servers.map((name) => [name, []]));
      const request = (name) => ({
        ...s,
        headers: { authorization: `Bearer ${servers[name].token}`, ...(s.body && { 'content-type': 'application/json' }) },
      });
      for (const name of s.servers) await cannon(servers[name].url, request(name), { seconds: cfg.warmupSeconds, connections: cfg.connections });
      for (let r = 0; r < cfg.rounds; r++) {
        for (const name of r % 2 === 0 ? s.servers : [...s.servers].reverse()) {
          runs[name].push(await cannon(servers[name].url, request(name), { seconds: chunk, connections: cfg.connections }));
        }
      }
      result.scenarios[s.id] = { title: s.title, runs: Object.fromEntries(s.servers.map((name) => [name, summarize(runs[name])])) };
      for (const name of s.servers) process.stderr.write(`  sandbox ${s.id} ${name}: ${result.scenarios[s.id].runs[name].requestsPerSecond} req/s\n`);
      const base = result.scenarios[s.id].runs.stateless.requestsPerSecond;
      result.ratios[`${s.id}-memory`] = round(result.scenarios[s.id].runs.memory.requestsPerSecond / base, 3);
      result.ratios[`${s.id}-data`] = round(result.scenarios[s.id].runs.data.requestsPerSecond / base, 3);
    }
    result.memory = {
      memory: await fill(servers.memory, cfg.servers, cfg.connections),
      data: await fill(servers.data, cfg.servers, cfg.connections),
    };
    return result;
  } finally {
    for (const server of Object.values(servers)) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
