// Section: the sandbox (--sandbox) against the stateless mock, measured in the same run (issues 13 and 24).
// - cold start: spawn to listening, stateless vs sandbox in memory (median of several starts each);
// - many tenants (issue 24), each on a fresh server: 10,000 tenants make one GET by id each (getTeam, each with
//   its own token), then the RSS of the sandbox in memory, and the seed rows the Postgres sandbox wrote for them;
//   then a new tenant's first request against an existing tenant's, one at a time on one connection;
// - GET by id (getTeam) and PUT /mcp (one name, so an upsert) throughput: stateless, sandbox in memory, on
//   Postgres (one instance) and on disk (--data), autocannon, the servers alternating (ABBA) as in the mock
//   section; the RSS of each server after its GET runs;
// - memory (RSS) of the sandbox in memory and on disk after 10,000 created MCP servers.
// Postgres is a throwaway cluster (lib/postgres-cluster.mjs). A store or a cluster that fails leaves its numbers
// absent (bench:check then reports their budgets as not measured) with a line on stderr; the rest still runs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDir, repoRoot, tmpDir } from './lib/paths.mjs';
import { startCluster } from './lib/postgres-cluster.mjs';
import { findOperation, parameterExample, parameters, requestExample } from './lib/spec.mjs';
import { startServer } from './lib/proc.mjs';
import { median, percentile, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './lib/section.mjs';

const require = createRequire(import.meta.url);
// `pg` is a devDependency of the mock, so it is resolved from there.
const requireFromMock = createRequire(path.join(repoRoot, 'packages/mock/package.json'));
const SERVER = path.join(benchDir, 'servers/sandbox-server.mjs');
/** The secret every bench sandbox signs with (servers/sandbox-server.mjs), so the bench mints tokens itself. */
const SECRET = 'bench-secret';
/** Names of the tenants of each measurement; a first request needs a tenant the server has never seen. */
const TENANT_PREFIX = 'tenant-';
const EXISTING_TENANT = 'existing';
/** How the stores are called in the closing table, in its order. */
const STORE_TITLES = { stateless: 'stateless mock', memory: 'sandbox in memory', postgres: 'sandbox on Postgres (one instance)', data: 'sandbox --data' };

const say = (line) => process.stderr.write(`  sandbox ${line}\n`);

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

/** `mode`: stateless | memory | data | postgres; `where`: the data directory or the Postgres URL. */
async function start(settings, mode, where) {
  const args = [SERVER, mode];
  if (where !== undefined) args.push(where);
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

/** RSS of a process from /proc (Linux), in MB; undefined (and a line why) when the process is gone. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return round(kb / 1024, 1);
  } catch (error) {
    say(`cannot read the RSS of process ${pid}: ${error.message}`);
    return undefined;
  }
}

/** Stops a server and says how many warnings it printed (a store that answered 503 says why there). */
async function stopServer(name, server) {
  await server.stop();
  const warnings = server.output().stderr.split('\n').filter((line) => line.startsWith('WARN '));
  if (warnings.length > 0) say(`${name} server: ${warnings.length} warnings, the last: ${warnings.at(-1).slice(5, 300)}`);
}

/** GET /_sandbox/health: the store's name (`store`) and, where the sandbox reports it, its tenant count. */
async function health(server) {
  const res = await fetch(`${server.url}/_sandbox/health`);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`GET /_sandbox/health answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Runs `task(i)` for i = 0 .. count-1, `parallel` at a time. */
async function inParallel(count, parallel, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** A GET with a tenant's token on `agent`; resolves its status, time to the last byte and socket. */
function timedGet(agent, url, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      // Taken now: once the body has ended, the socket goes back to the agent and res.socket is cleared.
      const socket = res.socket;
      res.resume();
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, socket }));
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
  });
}

/** Counts answers by status; a request that got no answer counts as `error`. `failed`: anything but 200. */
function answerCounter() {
  const statusCodes = {};
  let failed = 0;
  return {
    count(status) {
      const key = status === undefined ? 'error' : String(status);
      statusCodes[key] = (statusCodes[key] ?? 0) + 1;
      if (status !== 200) failed += 1;
    },
    summary: () => ({ failed, statusCodes }),
  };
}

/**
 * The tokens of every tenant the bench uses, minted in this process: a sandbox that signs with the bench's
 * secret signs the same tokens as the servers (HS256; ~1 s for 10,000). Imported here, not at the top, so a
 * mock that does not load costs only these measurements.
 */
async function mintTokens(cfg) {
  const { startMock } = await import('@vendor/api-mock');
  const minter = await startMock({ sandbox: { secret: SECRET }, port: 0, host: '127.0.0.1' });
  try {
    const mint = (names) => Promise.all(names.map((name) => minter.token(name)));
    const names = (prefix, count) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
    return {
      tenantNames: names(TENANT_PREFIX, cfg.tenants),
      tenants: await mint(names(TENANT_PREFIX, cfg.tenants)),
      firstWarmup: await mint(names('warm-', cfg.firstWarmup)),
      first: await mint(names('first-', cfg.firstRequests)),
      existing: await minter.token(EXISTING_TENANT),
    };
  } finally {
    await minter.close();
  }
}

/** Each tenant makes one GET, `parallel` at a time on keep-alive connections; the RSS before and after. */
async function tenantGets(server, tokens, url, parallel) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const answers = answerCounter();
  const before = rssMb(server.pid);
  const started = performance.now();
  try {
    await inParallel(tokens.length, parallel, async (i) => {
      try {
        answers.count((await timedGet(agent, url, tokens[i])).status);
      } catch {
        answers.count(undefined);
      }
    });
  } finally {
    agent.destroy();
  }
  const seconds = round((performance.now() - started) / 1000, 1);
  return { tenants: tokens.length, ...answers.summary(), seconds, rssBeforeMb: before, rssAfterMb: rssMb(server.pid) };
}

/**
 * Where the Postgres sandbox keeps a tenant's records: `sandbox_records` held a copy of the seed per tenant;
 * the copy-on-write store (issue 24) keeps only a tenant's own changes, in `sandbox_overlay`.
 */
const RECORD_TABLES = ['sandbox_records', 'sandbox_overlay'];

/**
 * Rows that belong to `tenants` in the record tables that exist: the seed rows their GETs wrote (a GET
 * writes nothing else). Per table, and in all; an error when none of the tables exists (a schema we do not know).
 */
async function seedRows(databaseUrl, tenants) {
  const pg = requireFromMock('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: present } = await client.query('SELECT table_name FROM information_schema.tables WHERE table_name = ANY($1::text[])', [RECORD_TABLES]);
    if (present.length === 0) throw new Error(`none of the record tables ${RECORD_TABLES.join(', ')} exists: cannot count seed rows`);
    const byTable = {};
    for (const { table_name: table } of present) {
      // The table name comes from the fixed list above, never from input.
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table} WHERE tenant = ANY($1::text[])`, [tenants]);
      byTable[table] = rows[0].n;
    }
    const all = Object.values(byTable).reduce((sum, n) => sum + n, 0);
    return { all, byTable };
  } finally {
    await client.end();
  }
}

/**
 * A new tenant's first request (getTeam) against a request of an existing tenant: one at a time on one
 * keep-alive connection, in pairs after a warm-up, which of the pair goes first alternating. Medians compared;
 * no ratio when any request failed (a failure's time is not a first request's).
 */
async function firstRequestLatency(server, tokens, url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set();
  const answers = answerCounter();
  const samples = { newTenant: [], existingTenant: [] };
  const once = async (token, into) => {
    try {
      const r = await timedGet(agent, url, token);
      sockets.add(r.socket);
      answers.count(r.status);
      if (into !== undefined) into.push(r.ms);
    } catch {
      answers.count(undefined);
    }
  };
  try {
    for (const token of tokens.firstWarmup) {
      await once(token);
      await once(tokens.existing);
    }
    for (let i = 0; i < tokens.first.length; i++) {
      const newTenantFirst = i % 2 === 0;
      if (newTenantFirst) {
        await once(tokens.first[i], samples.newTenant);
        await once(tokens.existing, samples.existingTenant);
      } else {
        await once(tokens.existing, samples.existingTenant);
        await once(tokens.first[i], samples.newTenant);
      }
    }
  } finally {
    agent.destroy();
  }
  const stats = (ms) => ({ median: round(median(ms), 3), p90: round(percentile(ms, 90), 3) });
  const { failed, statusCodes } = answers.summary();
  const newTenantMs = stats(samples.newTenant);
  const existingTenantMs = stats(samples.existingTenant);
  const noFailures = failed === 0;
  if (!noFailures) say(`first request: ${failed} requests failed (${JSON.stringify(statusCodes)}), no ratio`);
  return {
    pairs: tokens.first.length,
    warmupPairs: tokens.firstWarmup.length,
    connections: sockets.size,
    failed,
    statusCodes,
    newTenantMs,
    existingTenantMs,
    ratio: noFailures ? round(newTenantMs.median / existingTenantMs.median, 3) : undefined,
  };
}

/**
 * The many-tenants measurements on a fresh server (so its RSS grows by the tenants only): the tenants' GETs,
 * the RSS, the health's tenant count, on Postgres the seed rows, then the first-request latency.
 */
async function tenantsRun(settings, mode, databaseUrl, tokens, getPath) {
  const onPostgres = mode === 'postgres';
  const server = await start(settings, mode, onPostgres ? databaseUrl : undefined);
  try {
    const url = server.url + getPath;
    const run = await tenantGets(server, tokens.tenants, url, settings.sandbox.connections);
    const after = await health(server);
    run.backend = after.store;
    run.healthTenants = after.tenants;
    if (onPostgres) {
      const rows = await seedRows(databaseUrl, tokens.tenantNames);
      run.seedRows = rows.all;
      run.seedRowsByTable = rows.byTable;
    }
    const seeds = run.seedRows === undefined ? '' : `, ${run.seedRows} seed rows`;
    const counted = run.healthTenants === undefined ? '' : `, health says ${run.healthTenants} tenants`;
    say(`tenants ${mode}: ${run.tenants} GETs (${run.failed} failed) in ${run.seconds} s, RSS ${run.rssBeforeMb} → ${run.rssAfterMb} MB${seeds}${counted}`);
    const first = await firstRequestLatency(server, tokens, url);
    say(`first request ${mode}: new tenant ${first.newTenantMs.median} ms, existing ${first.existingTenantMs.median} ms (median), ${first.ratio ?? '–'}×`);
    return { run, first };
  } finally {
    await stopServer(`tenants ${mode}`, server);
  }
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
  return round(run.requestsPerSecond / scenario.runs.stateless.requestsPerSecond, 3);
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
  const chunk = Math.max(1, Math.round(cfg.seconds / cfg.rounds));
  for (const s of scenarios) {
    const runs = Object.fromEntries(names.map((name) => [name, []]));
    const request = (name) => ({
      ...s,
      headers: { authorization: `Bearer ${servers[name].token}`, ...(s.body && { 'content-type': 'application/json' }) },
    });
    for (const name of names) await cannon(servers[name].url, request(name), { seconds: cfg.warmupSeconds, connections: cfg.connections });
    for (let r = 0; r < cfg.rounds; r++) {
      for (const name of r % 2 === 0 ? names : [...names].reverse()) {
        runs[name].push(await cannon(servers[name].url, request(name), { seconds: chunk, connections: cfg.connections }));
      }
    }
    const scenario = { title: s.title, runs: Object.fromEntries(names.map((name) => [name, summarize(runs[name])])) };
    result.scenarios[s.id] = scenario;
    for (const name of names) say(`${s.id} ${name}: ${scenario.runs[name].requestsPerSecond} req/s`);
    for (const name of names.filter((n) => n !== 'stateless')) {
      const ratio = throughputRatio(scenario, name);
      if (ratio !== undefined) result.ratios[`${s.id}-${name}`] = ratio;
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
    const ratio = name === 'stateless' ? 1 : result.ratios[`get-${name}`];
    const ratioText = ratio === undefined ? '–' : `${ratio.toFixed(2)}×`;
    const rss = result.rssAfterGetMb?.[name];
    lines.push(`| ${label} | ${Math.round(run.requestsPerSecond)} | ${ratioText} | ${rss === undefined ? '–' : `${rss} MB`} |`);
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
    autocannon: require('autocannon/package.json').version,
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
      const server = await measure(errors, `start ${name}`, () => start(settings, name, where));
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
    for (const [name, server] of Object.entries(servers)) await stopServer(name, server);
    if (cluster !== undefined) await cluster.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
