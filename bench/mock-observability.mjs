// Section: what watching the stateless mock costs (issue 49). The mock with its defaults (journal on, nothing
// observed) against the same mock with Prometheus metrics on (--metrics-port) and a JSON log written to a file
// (--log-format json), in alternating rounds (ABBA), static GET and valid PUT. Each server in its own process,
// started and stopped here; the JSON log goes to bench/tmp/, and its line count is reported so a run shows that
// logging really happened.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { benchDir, repoRoot, tmpDir } from './lib/paths.mjs';
import { findOperation, parameters, parameterExample, requestExample } from './lib/spec.mjs';
import { describeServer, freePort, startServer, stopServers } from './lib/proc.mjs';
import { AUTOCANNON_VERSION, loadInRounds, requestsRatio, rotate, roundsPlan } from './lib/load.mjs';
import { rps } from './lib/format.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const AUTH = 'Bearer bench-token-0123456789';
const LOG_FILE = path.join(tmpDir, 'observe-json-log.jsonl');

function scenarios() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  const put = findOperation('createOrUpdateMcpServer');
  const json = { 'content-type': 'application/json', authorization: AUTH };
  return [
    { id: 'static-get', title: 'static GET (getTeam)', method: 'GET', path: get.path.replace('{id}', encodeURIComponent(id)), headers: { authorization: AUTH } },
    { id: 'valid-put', title: 'valid PUT (createOrUpdateMcpServer, example "remote")', method: 'PUT', path: put.path, headers: json, body: JSON.stringify(requestExample('createOrUpdateMcpServer', 'remote')) },
  ];
}

const SERVERS = {
  plain: {
    title: '@vendor/api-mock startMock() with its defaults (journal on), metrics and JSON log off',
    args: (port) => [path.join(benchDir, 'servers/mock-server.mjs'), '--port', String(port)],
  },
  observed: {
    title: 'the same mock with metrics on (--metrics-port, prom-client) and a JSON log (pino) written to a file',
    args: (port) => [path.join(benchDir, 'servers/mock-server.mjs'), '--port', String(port), '--metrics-port', '0', '--json-log', LOG_FILE],
  },
};
const NAMES = Object.keys(SERVERS);

async function start(name, settings, probe) {
  const port = await freePort();
  return startServer(process.execPath, SERVERS[name].args(port), {
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}`,
    timeoutMs: settings.mock.startTimeoutMs,
    probe: { path: probe.path, headers: probe.headers, status: 200 },
  });
}

function countLines(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

export async function run(settings) {
  const cfg = settings.observe;
  mkdirSync(tmpDir, { recursive: true });
  rmSync(LOG_FILE, { force: true });
  const list = scenarios();
  const servers = {};
  try {
    for (const name of NAMES) servers[name] = await start(name, settings, list[0]);
    const result = { autocannon: AUTOCANNON_VERSION, connections: cfg.connections, seconds: cfg.seconds, rounds: cfg.rounds, scenarios: {}, ratios: {}, servers: {} };
    for (const [index, s] of list.entries()) {
      const order = rotate(NAMES, index);
      const runs = await loadInRounds(order.map((name) => ({ name, url: servers[name].url, request: s })), roundsPlan(cfg));
      for (const name of order) process.stderr.write(`  observe ${s.id} ${name}: ${rps(runs[name].requestsPerSecond)}\n`);
      result.scenarios[s.id] = { title: s.title, request: `${s.method} ${s.path}`, runs };
      /** observed req/s / plain req/s: 1 costs nothing, 0.9 is the budget (10 %) */
      result.ratios[s.id] = requestsRatio(runs.observed, runs.plain);
    }
    result.servers = Object.fromEntries(NAMES.map((name) => [name, describeServer(servers[name], SERVERS[name].title)]));
    await stopServers(servers);
    result.jsonLogLines = countLines(LOG_FILE);
    return result;
  } finally {
    await stopServers(servers);
    rmSync(LOG_FILE, { force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
