// The sandbox section's tenant measurements (run by sandbox-throughput.mjs; issue 24), each on a fresh server so its
// RSS grows by the tenants only:
// - 10,000 tenants make one GET by id each (getTeam, each with its own token), 10 at a time (BENCH_SANDBOX_CONNECTIONS):
//   then the RSS of the server, its health's tenant count and, on Postgres, the seed rows the sandbox wrote for them;
// - a new tenant's first request against an existing tenant's, one at a time on one connection, in pairs.
// The tokens are minted in this process: every bench sandbox signs with the same secret.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './lib/paths.mjs';
import { inParallel } from './lib/load.mjs';
import { health, rssMb, say, startSandbox, stopSandbox } from './lib/sandbox-control.mjs';
import { mb, ms, times } from './lib/format.mjs';
import { median, percentile, ratio, round } from './lib/stats.mjs';

// `pg` is a devDependency of the mock, so it is resolved from there.
const requireFromMock = createRequire(path.join(repoRoot, 'packages/mock/package.json'));
/** The secret every bench sandbox signs with (servers/sandbox-server.mjs), so the bench mints tokens itself. */
const SECRET = 'bench-secret';
/** Names of the tenants of each measurement; a first request needs a tenant the server has never seen. */
const TENANT_PREFIX = 'tenant-';
const EXISTING_TENANT = 'existing';

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
export async function mintTokens(cfg) {
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
    ratio: noFailures ? ratio(newTenantMs.median, existingTenantMs.median) : undefined,
  };
}

/**
 * The many-tenants measurements on a fresh server (so its RSS grows by the tenants only): the tenants' GETs,
 * the RSS, the health's tenant count, on Postgres the seed rows, then the first-request latency.
 */
export async function tenantsRun(settings, mode, databaseUrl, tokens, getPath) {
  const onPostgres = mode === 'postgres';
  const server = await startSandbox(settings, mode, onPostgres ? databaseUrl : undefined);
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
    say(`tenants ${mode}: ${run.tenants} GETs (${run.failed} failed) in ${run.seconds} s, RSS ${mb(run.rssBeforeMb)} → ${mb(run.rssAfterMb)}${seeds}${counted}`);
    const first = await firstRequestLatency(server, tokens, url);
    say(`first request ${mode}: new tenant ${ms(first.newTenantMs.median, 3)}, existing ${ms(first.existingTenantMs.median, 3)} (median), ${times(first.ratio, 3)}`);
    return { run, first };
  } finally {
    await stopSandbox(`tenants ${mode}`, server);
  }
}
