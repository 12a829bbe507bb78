// Section: a noisy neighbour on a shared sandbox (issue 33). On one `--shared` sandbox in memory:
// - quiet tenants each send GET by id (getTeam) at a steady rate under their limit, one connection each, alone and
//   while one other tenant floods the same sandbox with GETs on 20 connections (autocannon in a child process, so
//   the flood never shares this process's event loop with the quiet tenants' clock); the rounds alternate (ABBA).
//   Reported: the quiet tenants' p50/p99 in both, their 429s (none expected) and the flood's status codes;
// - RSS of a shared sandbox without its rate limit (quotas only) as one tenant writes MCP servers past
//   --max-records: at the start, at the quota, and after as many again refused;
// - the journal attack (issue 43): RSS of a shared sandbox (quotas only) after one tenant sent 100 refused 9 MB
//   bodies, all kept in its request journal; and a quiet tenant's p99 of GET by id while another tenant, its journal
//   full (8 MiB of bodies just under the 16 KiB a body the journal keeps), reads it back without pause (from a child
//   process, so the reading never shares this process's event loop), against that p99 with nobody reading (ABBA).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { findOperation, parameterExample, parameters, requestExample } from './lib/spec.mjs';
import { inParallel } from './lib/load.mjs';
import { rssMb, say, startSandbox, stopSandbox } from './lib/sandbox-control.mjs';
import { mb, ms, times } from './lib/format.mjs';
import { percentile, ratio, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const require = createRequire(import.meta.url);
const AUTOCANNON_CLI = require.resolve('autocannon/autocannon.js');
/** The secret of every bench sandbox (servers/sandbox-server.mjs). */
const SECRET = 'bench-secret';
/** --shared's --max-records: the write flood's first writes fill it, the rest are refused. */
const SHARED_MAX_RECORDS = 1000;

async function mintTokens(names) {
  const { startMock } = await import('@vendor/api-mock');
  const minter = await startMock({ sandbox: { secret: SECRET }, port: 0, host: '127.0.0.1' });
  try {
    return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await minter.token(name)])));
  } finally {
    await minter.close();
  }
}

function getTeamPath() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  return get.path.replace('{id}', id);
}

/** One GET on a keep-alive agent: its latency in ms and its status. */
function timedGet(url, token, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
    });
    request.on('error', reject);
  });
}

/** A quiet tenant: `perSecond` GETs a second on its own connection for `seconds`, each sent on the clock (no drift). */
async function quietTenant(url, token, perSecond, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  const startedAt = performance.now();
  const count = Math.round(perSecond * seconds);
  try {
    for (let i = 0; i < count; i++) {
      const due = startedAt + (i * 1000) / perSecond - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      samples.push(await timedGet(url, token, agent));
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

/** The flood: autocannon's CLI in a child process, GET on `connections` connections for `seconds`; its JSON result. */
function flood(url, token, connections, seconds) {
  return new Promise((resolve, reject) => {
    const args = [AUTOCANNON_CLI, '-j', '-c', String(connections), '-d', String(seconds), '-H', `authorization=Bearer ${token}`, url];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const result = JSON.parse(out);
      const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
      resolve({ requests: result.requests.total, requestsPerSecond: round(result.requests.total / result.duration, 1), statusCodes, errors: result.errors });
    });
  });
}

/** One round: the quiet tenants, with or without the flood beside them; every quiet sample. */
async function measureRound(server, tokens, cfg, withFlood) {
  const url = server.url + getTeamPath();
  const quiet = Promise.all(tokens.quiet.map((token) => quietTenant(url, token, cfg.quietPerSecond, cfg.roundSeconds)));
  const flooded = withFlood ? flood(url, tokens.flooding, cfg.floodConnections, cfg.roundSeconds) : Promise.resolve(undefined);
  const [samples, floodResult] = await Promise.all([quiet, flooded]);
  return { samples: samples.flat(), flood: floodResult };
}

function summarize(samples) {
  const latencies = samples.map((s) => s.ms);
  const statuses = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return { requests: samples.length, p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2), statusCodes: statuses };
}

async function noisyNeighbour(settings, tokens) {
  const cfg = settings.noisy;
  const server = await startSandbox(settings, 'shared');
  const phases = { alone: [], flooded: [] };
  const floods = [];
  try {
    // Warm-up (not recorded), then alone/flooded alternating: A B B A ...
    await measureRound(server, tokens, { ...cfg, roundSeconds: 1 }, false);
    for (let turn = 0; turn < cfg.rounds; turn++) {
      const order = turn % 2 === 0 ? [false, true] : [true, false];
      for (const withFlood of order) {
        const result = await measureRound(server, tokens, cfg, withFlood);
        phases[withFlood ? 'flooded' : 'alone'].push(...result.samples);
        if (result.flood) floods.push(result.flood);
      }
    }
    const alone = summarize(phases.alone);
    const flooded = summarize(phases.flooded);
    const floodCodes = {};
    for (const f of floods) for (const [code, count] of Object.entries(f.statusCodes)) floodCodes[code] = (floodCodes[code] ?? 0) + count;
    const floodRps = round(floods.reduce((sum, f) => sum + f.requestsPerSecond, 0) / floods.length, 1);
    const result = { alone, flooded, p99Ratio: ratio(flooded.p99Ms, alone.p99Ms), p50Ratio: ratio(flooded.p50Ms, alone.p50Ms), flood: { requestsPerSecond: floodRps, statusCodes: floodCodes }, rssAfterMb: rssMb(server.pid) };
    say(`noisy neighbour: quiet p99 ${ms(alone.p99Ms, 2)} alone, ${ms(flooded.p99Ms, 2)} flooded (${times(result.p99Ratio)}); flood ${floodRps} req/s ${JSON.stringify(floodCodes)}`);
    return result;
  } finally {
    await stopSandbox('shared', server);
  }
}

/** One tenant writes `count` MCP servers of distinct names, `parallel` at a time; answers by status. */
async function writeServers(server, token, from, count, parallel) {
  const body = requestExample('createOrUpdateMcpServer', 'remote');
  const put = findOperation('createOrUpdateMcpServer');
  const statuses = {};
  await inParallel(count, parallel, async (i) => {
    const manifest = { ...body.manifest, name: `flood-${from + i}` };
    const res = await fetch(server.url + put.path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, manifest }),
    });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  });
  return statuses;
}

async function writeFlood(settings, tokens) {
  const cfg = settings.noisy;
  const server = await startSandbox(settings, 'shared-quotas');
  try {
    const rssStartMb = rssMb(server.pid);
    const toQuota = await writeServers(server, tokens.flooding, 0, SHARED_MAX_RECORDS, cfg.floodConnections);
    const rssAtQuotaMb = rssMb(server.pid);
    const over = await writeServers(server, tokens.flooding, SHARED_MAX_RECORDS, cfg.overQuotaWrites, cfg.floodConnections);
    const rssAfterMb = rssMb(server.pid);
    say(`write flood: RSS ${mb(rssStartMb)} at start, ${mb(rssAtQuotaMb)} at the quota, ${mb(rssAfterMb)} after ${cfg.overQuotaWrites} more writes ${JSON.stringify(over)}`);
    return { maxRecords: SHARED_MAX_RECORDS, toQuota, overQuotaWrites: cfg.overQuotaWrites, over, rssStartMb, rssAtQuotaMb, rssAfterMb };
  } finally {
    await stopSandbox('shared-quotas', server);
  }
}

/** A refused body for PUT /api/svc/v1/mcp (a JSON array where an object belongs) of about `bytes` bytes. */
function refusedBody(bytes) {
  const item = '1e20,';
  return `[${item.repeat(Math.floor((bytes - 2) / item.length))}1e20]`;
}

/** `count` PUTs of `body` by one tenant, `parallel` at a time; answers by status. */
async function sendRefused(server, token, body, count, parallel) {
  const put = findOperation('createOrUpdateMcpServer');
  const statuses = {};
  await inParallel(count, parallel, async () => {
    const res = await fetch(server.url + put.path, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  });
  return statuses;
}

/** GET /_mock/requests as fast as one connection allows, in a child process, until it is killed; it counts its reads. */
function journalReader(url, token) {
  const script = `let reads = 0; process.on('SIGTERM', () => { process.stdout.write(String(reads)); process.exit(0); });
    for (;;) { const res = await fetch(${JSON.stringify(`${url}/_mock/requests`)}, { headers: { authorization: ${JSON.stringify(`Bearer ${token}`)} } }); await res.arrayBuffer(); reads++; }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('close', () => resolve(Number(out) || 0));
        child.kill('SIGTERM');
      }),
  };
}

async function journalAttack(settings, tokens) {
  const cfg = settings.noisy;
  const server = await startSandbox(settings, 'shared-quotas');
  try {
    // RSS: 100 refused 9 MB bodies from one tenant on one connection, each kept in its journal (as a line saying it was not kept).
    const rssStartMb = rssMb(server.pid);
    const refused = await sendRefused(server, tokens.flooding, refusedBody(9_000_000), cfg.journalBodies, 1);
    const rssAfterBodiesMb = rssMb(server.pid);
    say(`journal attack: RSS ${mb(rssStartMb)} at start, ${mb(rssAfterBodiesMb)} after ${cfg.journalBodies} refused 9 MB bodies ${JSON.stringify(refused)}`);

    // A full journal: bodies just under the 16 KiB the journal keeps of a body, until the tenant's 8 MiB budget is full.
    await sendRefused(server, tokens.flooding, refusedBody(16_000), 600, 4);
    const url = server.url + getTeamPath();
    const phases = { quiet: [], reading: [] };
    let reads = 0;
    await quietTenant(url, tokens.quiet[0], cfg.quietPerSecond, 1); // warm-up
    for (let turn = 0; turn < cfg.rounds; turn++) {
      const order = turn % 2 === 0 ? [false, true] : [true, false];
      for (const withReader of order) {
        const reader = withReader ? journalReader(server.url, tokens.flooding) : undefined;
        const samples = await quietTenant(url, tokens.quiet[0], cfg.quietPerSecond, cfg.roundSeconds);
        if (reader) reads += await reader.stop();
        phases[withReader ? 'reading' : 'quiet'].push(...samples);
      }
    }
    const quiet = summarize(phases.quiet);
    const reading = summarize(phases.reading);
    const journalBytes = (await (await fetch(`${server.url}/_mock/requests`, { headers: { authorization: `Bearer ${tokens.flooding}` } })).arrayBuffer()).byteLength;
    const result = { bodies: cfg.journalBodies, refused, rssStartMb, rssAfterBodiesMb, journalBytes, journalReads: reads, quiet, reading, p99Ratio: ratio(reading.p99Ms, quiet.p99Ms), rssAfterMb: rssMb(server.pid) };
    say(`journal attack: quiet p99 ${ms(quiet.p99Ms, 2)} alone, ${ms(reading.p99Ms, 2)} while another tenant read its ${mb(journalBytes / 1e6)} journal ${reads} times (${times(result.p99Ratio)})`);
    return result;
  } finally {
    await stopSandbox('shared-quotas', server);
  }
}

export async function run(settings) {
  const cfg = settings.noisy;
  const tokens = await mintTokens(['flooding', ...Array.from({ length: cfg.quietTenants }, (_, i) => `quiet-${i}`)]);
  const split = { flooding: tokens.flooding, quiet: Object.entries(tokens).filter(([name]) => name.startsWith('quiet-')).map(([, token]) => token) };
  return {
    settings: { ...cfg },
    neighbour: await noisyNeighbour(settings, split),
    writeFlood: await writeFlood(settings, split),
    journalAttack: await journalAttack(settings, split),
  };
}

if (isMain(import.meta.url)) await writeSectionResult(run);
