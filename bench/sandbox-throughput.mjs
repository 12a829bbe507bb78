// Section: the sandbox (--sandbox) against the stateless mock, measured in the same run (issues 13 and 24).
// - cold start: spawn to listening, stateless vs sandbox in memory (median of several starts each);
// - many tenants, each store on a fresh server (sandbox-tenants.mjs): 10,000 tenants' GETs, then the RSS in memory
//   and the seed rows on Postgres; a new tenant's first request against an existing tenant's;
// - GET by id (getTeam) and PUT /mcp (one name, so an upsert) throughput: stateless, sandbox in memory, on
//   Postgres (one instance) and on disk (--data), autocannon, the servers alternating (ABBA) as in the mock
//   section; the RSS of each server after its GET runs;
// - memory (RSS) of the sandbox in memory and on disk after 10,000 created MCP servers.
// Postgres is a throwaway cluster (packages/mock/test/support/postgres-cluster.mjs). A store or a cluster that fails leaves its numbers
// absent (bench:check then reports their budgets as not measured) with a line on stderr; the rest still runs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tmpDir } from './lib/paths.mjs';
import { startCluster } from '../packages/mock/test/support/postgres-cluster.mjs';
import { findOperation, parameterExample, parameters, requestExample } from './lib/spec.mjs';
import { AUTOCANNON_VERSION, inParallel, loadInRounds, requestsRatio, roundsPlan } from './lib/load.mjs';
import { health, rssMb, say, startSandbox, stopSandbox } from './lib/sandbox-control.mjs';
import { int, mb, rps, times } from './lib/format.mjs';
import { median, ratio, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';
import { mintTokens, tenantsRun } from './sandbox-tenants.mjs';

/** How the stores are called in the closing table, in its order. */
const STORE_TITLES = { stateless: 'stateless mock', memory: 'sandbox in memory', postgres: 'sandbox on Postgres (one instance)', data: 'sandbox --data' };

/** The first line of an error, and when it ends with ':' (a server's output follows) the output's first error line. */
function reasonOf(message) {
  const lines = message.split('\n');
  const headline = lines[0];
  if (!headline.endsWith(':')) return headline;
  const cause = lines.slice(1).find((line) => /error/i.test(line));
  return cause === undefined ? headline : `${headline} ${cause.trim()}`;
}

/** Runs one measurement. A failure becomes a stderr line and an entry in `errors`, and its value is absent. */
async function measure(errors, what, work) {
  try {
    return await work();
  } catch (error) {
    const message = String(error?.message ?? error);
    errors[what] = message.slice(0, 1000);
    say(`${what}: NOT MEASURED: ${reasonOf(message)}`);
    return undefined;
  }
}

async function coldStarts(settings) {
  const samples = { stateless: [], memory: [] };
  for (let i = 0; i < settings.sandbox.coldStarts; i++) {
    for (const mode of i % 2 === 0 ? ['stateless', 'memory'] : ['memory', 'stateless']) {
      const server = await startSandbox(settings, mode);
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
    ratio: ratio(memory, stateless),
  };
}

/** Creates `count` MCP servers with distinct names, `parallel` at a time; returns the RSS before and after. */
async function fill(server, count, parallel) {
  const body = requestExample('createOrUpdateMcpServer', 'remote');
  const before = rssMb(server.pid);
  let failed = 0;
  const started = performance.now();
  await inParallel(count, parallel, async (i) => {
    const manifest = { ...body.manifest, name: `bench-server-${i}` };
    const res = await fetch(`${server.url}/api/svc/v1/mcp`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, manifest }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) failed += 1;
  });
  return { servers: count, failed, seconds: round((performance.now() - started) / 1000, 1), rssBeforeMb: before, rssAfterMb: rssMb(server.pid) };
}

/** A throughput ratio against the stateless mock; none when the store answered anything but 200. */
function throughputRatio(scenario, name) {
  const run = scenario.runs[name];
  const clean = run.errors === 0 && Object.keys(run.statusCodes).every((code) => code === '200');
  if (!clean) {
    say(`${scenario.title} ${name}: not only 200s (${JSON.stringify(run.statusCodes)}, ${run.errors} errors), no ratio`);
    return undefined;
  }
  return requestsRatio(run, scenario.runs.stateless);
}

/** The path of getTeam with its documented id: a team every tenant's starting data has. */
function getTeamPath() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  return get.path.replace('{id}', id);
}

/** The scenarios, each server in turn (ABBA); fills result.scenarios, result.ratios and result.rssAfterGetMb. */
async function throughput(cfg, servers, result) {
  const names = Object.keys(servers);
  const put = findOperation('createOrUpdateMcpServer');
  const body = JSON.stringify(requestExample('createOrUpdateMcpServer', 'remote'));
  const scenarios = [
    { id: 'get', title: 'GET by id (getTeam)', method: 'GET', path: getTeamPath() },
    { id: 'put', title: 'PUT /mcp (example "remote": one name, an upsert)', method: 'PUT', path: put.path, body },
  ];
  for (const s of scenarios) {
    // Each server's own token (servers/sandbox-server.mjs): a sandbox's is signed for its tenant, the stateless mock takes any.
    const request = (name) => ({
      ...s,
      headers: { authorization: `Bearer ${servers[name].token}`, ...(s.body && { 'content-type': 'application/json' }) },
    });
    const targets = names.map((name) => ({ name, url: servers[name].url, request: request(name) }));
    const scenario = { title: s.title, runs: await loadInRounds(targets, roundsPlan(cfg)) };
    result.scenarios[s.id] = scenario;
    for (const name of names) say(`${s.id} ${name}: ${rps(scenario.runs[name].requestsPerSecond)}`);
    for (const name of names.filter((n) => n !== 'stateless')) {
      const storeRatio = throughputRatio(scenario, name);
      if (storeRatio !== undefined) result.ratios[`${s.id}-${name}`] = storeRatio;
    }
    // The closing table's RSS: each server's, right after its GET runs.
    if (s.id === 'get') result.rssAfterGetMb = Object.fromEntries(names.map((name) => [name, rssMb(servers[name].pid)]));
  }
}

/** The closing table of issue 24 (markdown, on stderr): GET by id per store, against the stateless mock. */
function printSummary(result) {
  const get = result.scenarios.get;
  const lines = [
    'GET by id (getTeam); RSS of the mock process after its GET runs (on Postgres, without Postgres\'s own processes):',
    '| store | req/s | vs stateless mock | RSS |',
    '| --- | ---: | ---: | ---: |',
  ];
  for (const [name, title] of Object.entries(STORE_TITLES)) {
    const run = get?.runs[name];
    if (run === undefined) {
      lines.push(`| ${title} | not measured | | |`);
      continue;
    }
    const backend = result.backends[name];
    const label = name === 'data' ? `${title} (${backend ?? '?'})` : title;
    const storeRatio = name === 'stateless' ? 1 : result.ratios[`get-${name}`];
    lines.push(`| ${label} | ${int(run.requestsPerSecond)} | ${times(storeRatio)} | ${mb(result.rssAfterGetMb?.[name])} |`);
  }
  process.stderr.write(`\n${lines.join('\n')}\n\n`);
}

export async function run(settings) {
  const cfg = settings.sandbox;
  const servers = {};
  const errors = {};
  let cluster;
  mkdirSync(tmpDir, { recursive: true });
  const dir = mkdtempSync(path.join(tmpDir, 'sandbox-data-'));
  const result = {
    autocannon: AUTOCANNON_VERSION,
    connections: cfg.connections,
    seconds: cfg.seconds,
    rounds: cfg.rounds,
    coldStart: { runs: cfg.coldStarts },
    tenants: {},
    firstRequest: {},
    scenarios: {},
    ratios: {},
    backends: {},
    memory: {},
    errors,
  };
  try {
    const cold = await measure(errors, 'cold start', () => coldStarts(settings));
    if (cold !== undefined) result.coldStart = cold;

    cluster = await measure(errors, 'postgres cluster', () => startCluster());
    if (cluster === undefined) say('every Postgres number is absent in this run (their budgets fail as not measured)');
    const databaseUrl = cluster?.url;

    const tokens = await measure(errors, 'tenant tokens', () => mintTokens(cfg));
    const storesForTenants = databaseUrl === undefined ? ['memory'] : ['memory', 'postgres'];
    for (const mode of tokens === undefined ? [] : storesForTenants) {
      const measured = await measure(errors, `tenants ${mode}`, () => tenantsRun(settings, mode, databaseUrl, tokens, getTeamPath()));
      if (measured !== undefined) {
        result.tenants[mode] = measured.run;
        result.firstRequest[mode] = measured.first;
      }
    }

    // Every store's server, each in its own process; the ratios need the stateless mock.
    const wanted = [
      ['stateless', undefined],
      ['memory', undefined],
      ['postgres', databaseUrl],
      ['data', dir],
    ];
    for (const [name, where] of wanted) {
      const noDatabase = name === 'postgres' && databaseUrl === undefined;
      if (noDatabase) continue;
      const server = await measure(errors, `start ${name}`, () => startSandbox(settings, name, where));
      if (server === undefined) continue;
      servers[name] = server;
      if (name === 'stateless') continue;
      const state = await measure(errors, `health ${name}`, () => health(server));
      if (state !== undefined) result.backends[name] = state.store;
    }
    if (servers.stateless === undefined) say('no throughput without the stateless mock to compare with');
    else await measure(errors, 'throughput', () => throughput(cfg, servers, result));

    for (const name of ['memory', 'data'].filter((n) => n in servers)) {
      const filled = await measure(errors, `fill ${name}`, () => fill(servers[name], cfg.servers, cfg.connections));
      if (filled !== undefined) result.memory[name] = filled;
    }
    printSummary(result);
    return result;
  } finally {
    for (const [name, server] of Object.entries(servers)) await stopSandbox(name, server);
    if (cluster !== undefined) await cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
