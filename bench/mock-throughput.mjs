// Section 3: start-up and requests/second of our mock (@vendor/api-mock) against bare Prism (prism-cli on
// the same bundle) and three floors (a bare node:http server answering fixed JSON, the same server answering in the
// loop's check phase as the mock does, and the same server checking each PUT's body with the mock's own validator), with autocannon in this process. Every server runs as a child process we start here and always stop. Start-up is spawn to the
// first answered request (a real static GET, polled every few ms); scenarios interleave the servers (the
// order alternates) so drift hits all alike. Our mock runs with its defaults (the request journal on); the
// same mock with the journal off runs beside it in every scenario, so the journal's cost is in the same run.
// Last, the per-call cost of the in-process fetch (`@vendor/api-mock/fetch`) next to the HTTP mock's
// (mock-fetch-per-call.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundlePath, repoRoot, benchDir } from './lib/paths.mjs';
import { requestExample, findOperation, parameters, parameterExample } from './lib/spec.mjs';
import { startServer, freePort, describeServer, stopServers } from './lib/proc.mjs';
import { AUTOCANNON_VERSION, loadInRounds, requestsRatio, rotate, roundsPlan } from './lib/load.mjs';
import { ms, rps } from './lib/format.mjs';
import { median, ratio, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';
import { measurePerCall } from './mock-fetch-per-call.mjs';

const require = createRequire(import.meta.url);
const AUTH = 'Bearer bench-token-0123456789';
/** The operation of the PUT scenarios, whose body the checked floor checks. */
const CHECKED_OPERATION = 'createOrUpdateMcpServer';

function scenarios() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  const put = findOperation(CHECKED_OPERATION);
  const valid = requestExample(CHECKED_OPERATION, 'remote');
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
  // Both floors send the bytes our mock sends, its x-request-id header included (--request-id), and do nothing else.
  floor: {
    title: 'bare node:http answering fixed JSON with the mock\'s headers (bench/servers/floor-server.mjs --request-id)',
    args: (port) => [path.join(benchDir, 'servers/floor-server.mjs'), '--port', String(port), '--request-id'],
  },
  // Not budgeted: the plain floor answering as our mock's server does, in the check phase of the loop turn that read
  // the request, so the answers of all connections read in one turn leave together. Against it, the mock's figure
  // is what its own work costs; against the plain floor, also what that scheduling wins.
  'floor-batched': {
    title: 'the same floor answering in the check phase of the loop turn that read the request, as the mock\'s server does (floor-server.mjs --request-id --answer-in-check-phase)',
    args: (port) => [path.join(benchDir, 'servers/floor-server.mjs'), '--port', String(port), '--request-id', '--answer-in-check-phase'],
  },
  // The valid PUT's budget: what any server that honours the contract must do for that PUT (read, parse, check the
  // body with the mock's own validator) and nothing else, answering the same example.
  'floor-checked': {
    title: `the floor answering ${CHECKED_OPERATION}'s example, also parsing each body and checking it with the mock's own precompiled validator of that operation (floor-server.mjs --operation ${CHECKED_OPERATION} --check-body ${CHECKED_OPERATION} --request-id)`,
    args: (port) => [path.join(benchDir, 'servers/floor-server.mjs'), '--port', String(port), '--operation', CHECKED_OPERATION, '--check-body', CHECKED_OPERATION, '--request-id'],
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
    for (const name of rotate(STARTUP_NAMES, r)) {
      const server = await startAndTime(name, settings, s);
      samples[name].push(round(server.readyMs, 1));
      await server.stop();
    }
  }
  const firstAnswerMs = Object.fromEntries(STARTUP_NAMES.map((n) => [n, { median: round(median(samples[n]), 1), samples: samples[n] }]));
  process.stderr.write(`  mock start-up (spawn to first answer, median): ${STARTUP_NAMES.map((n) => `${n} ${ms(firstAnswerMs[n].median, 0)}`).join(', ')}\n`);
  return {
    request: `${s.method} ${s.path}`,
    runs: settings.mock.startRuns,
    firstAnswerMs,
    mockVsPrism: ratio(firstAnswerMs.mock.median, firstAnswerMs.prism.median),
    mockVsFloor: ratio(firstAnswerMs.mock.median, firstAnswerMs.floor.median),
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

/** One scenario: a probe of each server, then the alternating rounds, servers in `order`; its ratios into `result`. */
async function measureScenario(settings, servers, s, order, result) {
  const entry = { title: s.title, request: `${s.method} ${s.path}`, probe: {}, runs: {} };
  for (const name of order) entry.probe[name] = await probe(servers[name].url, s);
  const targets = order.map((name) => ({ name, url: servers[name].url, request: s }));
  entry.runs = await loadInRounds(targets, roundsPlan(settings.mock), { recordLatencies: true });
  for (const name of order) process.stderr.write(`  mock ${s.id} ${name}: ${rps(entry.runs[name].requestsPerSecond)}\n`);
  result.scenarios[s.id] = entry;
  result.ratios[s.id] = requestsRatio(entry.runs.mock, entry.runs.prism);
  result.floorRatios[s.id] = requestsRatio(entry.runs.mock, entry.runs.floor);
  result.checkedFloorRatios[s.id] = requestsRatio(entry.runs.mock, entry.runs['floor-checked']);
  result.batchedFloorRatios[s.id] = requestsRatio(entry.runs.mock, entry.runs['floor-batched']);
  result.journalRatios[s.id] = requestsRatio(entry.runs.mock, entry.runs['mock-journal-off']);
}

function titleOf(name, settings) {
  const { title } = SERVERS[name];
  if (typeof title === 'function') return title(settings);
  return title;
}

export async function run(settings) {
  const cfg = settings.mock;
  const list = scenarios();
  const servers = {};
  try {
    const startup = await measureStartup(settings, list[0]);
    for (const name of NAMES) servers[name] = await startAndTime(name, settings, list[0]);
    const result = {
      autocannon: AUTOCANNON_VERSION,
      prismCli: require('@stoplight/prism-cli/package.json').version,
      connections: cfg.connections,
      seconds: cfg.seconds,
      rounds: cfg.rounds,
      roundSeconds: roundsPlan(cfg).roundSeconds,
      warmupSeconds: cfg.warmupSeconds,
      servers: {},
      startup,
      scenarios: {},
      /** our mock's req/s / bare Prism's */
      ratios: {},
      /** our mock's req/s / the floor's */
      floorRatios: {},
      /** our mock's req/s / the checked floor's (the valid PUT's budget) */
      checkedFloorRatios: {},
      /** our mock's req/s / the batched floor's (not budgeted: the floor scheduled as the mock's server is) */
      batchedFloorRatios: {},
      /** our mock's req/s (journal on, the default) / the same mock's with the journal off */
      journalRatios: {},
    };
    // The servers' order turns with each scenario, so none is always measured first.
    for (const [index, s] of list.entries()) await measureScenario(settings, servers, s, rotate(NAMES, index), result);
    result.perCall = await perCall(settings, list[0], servers);
    result.servers = Object.fromEntries(NAMES.map((name) => [name, describeServer(servers[name], titleOf(name, settings))]));
    return result;
  } finally {
    await stopServers(servers);
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
