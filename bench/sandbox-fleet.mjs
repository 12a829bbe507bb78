// Section: the sandbox as a fleet on one Postgres (issue 48), GET by id (getTeam) of one tenant, autocannon, ABBA rounds:
// - the shared rate limiter's cost: one instance with --rate-limit RATE (high enough that the limiter counts every
//   request, taking tokens from the shared bucket in batches, and refuses none) against one with --rate-limit 0;
// - scaling: haproxy in front of two instances against the same haproxy in front of one of them (one haproxy
//   process, two frontends), both with the shared limiter; requests per CPU-second of each instance (utime + stime
//   from /proc, its requests from haproxy's stats), so that scaling can be read on a machine with more cores.
// On a 2-core machine the load, haproxy, Postgres and the instances share the cores: the fleet cannot be faster,
// the budget is that it costs at most 10 %. Postgres is a throwaway cluster (packages/mock/test/support/postgres-cluster.mjs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpDir } from './lib/paths.mjs';
import { startCluster } from '../packages/mock/test/support/postgres-cluster.mjs';
import { findOperation, parameterExample, parameters } from './lib/spec.mjs';
import { AUTOCANNON_VERSION, loadRun, roundsPlan, summarizeRounds } from './lib/load.mjs';
import { freePort, startServer } from './lib/proc.mjs';
import { say, startSandbox, stopSandbox } from './lib/sandbox-control.mjs';
import { rps } from './lib/format.mjs';
import { ratio, round } from './lib/stats.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const HAPROXY = '/usr/sbin/haproxy';
/** Clock ticks a second of /proc/<pid>/stat's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function getTeamPath() {
  const get = findOperation('getTeam');
  const id = String(parameterExample(parameters(get).find((p) => p.in === 'path' && p.name === 'id')));
  return get.path.replace('{id}', id);
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces) in parentheses: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** haproxy's config: one frontend per backend, each backend its own servers (the same process for both). */
function haproxyConfig(statsPort, frontends) {
  const lines = ['global', '  maxconn 4096', '', 'defaults', '  mode http', '  timeout connect 2s', '  timeout client 30s', '  timeout server 40s', ''];
  for (const { name, port, servers } of frontends) {
    lines.push(`frontend ${name}`, `  bind 127.0.0.1:${port}`, `  default_backend ${name}-instances`, '');
    lines.push(`backend ${name}-instances`, '  balance roundrobin', ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`), '');
  }
  lines.push('frontend stats', `  bind 127.0.0.1:${statsPort}`, '  stats enable', '  stats uri /haproxy-stats', '');
  return lines.join('\n');
}

/** Requests each server of each backend has been sent so far (haproxy's stats, CSV), by `backend/server`. */
async function requestsPerServer(statsPort) {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/haproxy-stats;csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const at = (name) => columns.indexOf(name);
  const counted = at('req_tot') >= 0 ? at('req_tot') : at('stot');
  const result = {};
  for (const row of rows) {
    const cells = row.split(',');
    const isServer = cells[at('svname')] !== 'BACKEND' && cells[at('svname')] !== 'FRONTEND';
    if (isServer) result[`${cells[at('pxname')]}/${cells[at('svname')]}`] = Number(cells[counted]);
  }
  return result;
}

/**
 * ABBA rounds over `targets` ({ name, url, request, pids: { instance: pid }, backend }), as lib/load.mjs runs them,
 * reading each instance's CPU time (and, behind haproxy, its requests) around each run.
 */
async function roundsWithCpu(targets, plan, statsPort) {
  const runs = Object.fromEntries(targets.map((t) => [t.name, []]));
  const cpu = Object.fromEntries(targets.map((t) => [t.name, Object.fromEntries(Object.keys(t.pids).map((i) => [i, { seconds: 0, requests: 0 }]))]));
  if (plan.warmupSeconds > 0) for (const t of targets) await loadRun(t.url, t.request, { seconds: plan.warmupSeconds, connections: plan.connections });
  for (let turn = 0; turn < plan.rounds; turn++) {
    const order = turn % 2 === 1 ? [...targets].reverse() : targets;
    for (const t of order) {
      const cpuBefore = Object.fromEntries(Object.entries(t.pids).map(([i, pid]) => [i, cpuSeconds(pid)]));
      const sentBefore = statsPort === undefined ? undefined : await requestsPerServer(statsPort);
      const result = await loadRun(t.url, t.request, { seconds: plan.roundSeconds, connections: plan.connections });
      runs[t.name].push(result);
      const sentAfter = statsPort === undefined ? undefined : await requestsPerServer(statsPort);
      for (const [i, pid] of Object.entries(t.pids)) {
        cpu[t.name][i].seconds += cpuSeconds(pid) - cpuBefore[i];
        const key = `${t.backend}-instances/${i}`;
        cpu[t.name][i].requests += sentAfter === undefined ? result.requests.total : sentAfter[key] - sentBefore[key];
      }
    }
  }
  return Object.fromEntries(
    targets.map((t) => {
      const perInstance = Object.fromEntries(
        Object.entries(cpu[t.name]).map(([i, c]) => [i, { cpuSeconds: round(c.seconds, 2), requests: c.requests, requestsPerCpuSecond: round(c.requests / c.seconds, 0) }]),
      );
      return [t.name, { ...summarizeRounds(runs[t.name]), instances: perInstance }];
    }),
  );
}

function onlyOk(summary, what) {
  const clean = summary.errors === 0 && Object.keys(summary.statusCodes).every((code) => code === '200');
  if (!clean) say(`fleet ${what}: not only 200s (${JSON.stringify(summary.statusCodes)}, ${summary.errors} errors), no ratio`);
  return clean;
}

export async function run(settings) {
  const cfg = settings.fleet;
  const plan = roundsPlan(cfg);
  const result = { autocannon: AUTOCANNON_VERSION, connections: cfg.connections, seconds: cfg.seconds, rounds: cfg.rounds, rateLimit: cfg.rateLimit, limiter: {}, fleet: {}, ratios: {}, errors: {} };
  const servers = {};
  let cluster;
  let balancer;
  mkdirSync(tmpDir, { recursive: true });
  const dir = mkdtempSync(path.join(tmpDir, 'sandbox-fleet-'));
  try {
    cluster = await startCluster();
    // Started one after the other: each creates the schema (idempotent) and seeds as a host's instances do.
    servers.limited = await startSandbox(settings, 'postgres', cluster.url, cfg.rateLimit);
    servers.unlimited = await startSandbox(settings, 'postgres', cluster.url, 0);
    servers.second = await startSandbox(settings, 'postgres', cluster.url, cfg.rateLimit);
    const request = (server) => ({ method: 'GET', path: getTeamPath(), headers: { authorization: `Bearer ${server.token}` } });

    // 1. The limiter's cost, one instance each, no balancer.
    const limiter = await roundsWithCpu(
      [
        { name: 'limited', url: servers.limited.url, request: request(servers.limited), pids: { limited: servers.limited.pid } },
        { name: 'unlimited', url: servers.unlimited.url, request: request(servers.unlimited), pids: { unlimited: servers.unlimited.pid } },
      ],
      plan,
    );
    result.limiter = limiter;
    for (const [name, s] of Object.entries(limiter)) say(`fleet ${name} (${name === 'limited' ? `--rate-limit ${cfg.rateLimit}` : '--rate-limit 0'}): ${rps(s.requestsPerSecond)}`);
    if (onlyOk(limiter.limited, 'limited') && onlyOk(limiter.unlimited, 'unlimited')) result.ratios.limiterVsNone = ratio(limiter.limited.requestsPerSecond, limiter.unlimited.requestsPerSecond);

    // 2. Two instances behind haproxy against one of them behind the same haproxy.
    const portOf = (server) => Number(new URL(server.url).port);
    const [onePort, twoPort, statsPort] = [await freePort(), await freePort(), await freePort()];
    const configFile = path.join(dir, 'fleet-haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig(statsPort, [
        { name: 'one', port: onePort, servers: [{ name: 'a', port: portOf(servers.limited) }] },
        { name: 'two', port: twoPort, servers: [{ name: 'a', port: portOf(servers.limited) }, { name: 'b', port: portOf(servers.second) }] },
      ]),
    );
    balancer = await startServer(HAPROXY, ['-db', '-f', configFile], { url: `http://127.0.0.1:${statsPort}/haproxy-stats`, timeoutMs: settings.sandbox.startTimeoutMs });
    // Instance a served the limiter's rounds above; b has served nothing yet. Without this, b would meet the fleet's
    // rounds cold (V8 still compiling its hot paths: about 1.5x a's CPU per request in its first rounds), and the
    // two-instance side would pay for a warm-up the one-instance side never does. So b gets the same load first.
    await loadRun(servers.second.url, request(servers.second), { seconds: plan.warmupSeconds + plan.rounds * plan.roundSeconds, connections: plan.connections });
    const pids = { a: servers.limited.pid, b: servers.second.pid };
    const fleet = await roundsWithCpu(
      [
        { name: 'one', url: `http://127.0.0.1:${onePort}`, request: request(servers.limited), pids: { a: pids.a }, backend: 'one' },
        { name: 'two', url: `http://127.0.0.1:${twoPort}`, request: request(servers.limited), pids, backend: 'two' },
      ],
      plan,
      statsPort,
    );
    result.fleet = fleet;
    for (const [name, s] of Object.entries(fleet)) {
      const perCpu = Object.entries(s.instances).map(([i, c]) => `${i} ${c.requestsPerCpuSecond} req/CPU-s`).join(', ');
      say(`fleet ${name} instance(s) behind haproxy: ${rps(s.requestsPerSecond)} (${perCpu})`);
    }
    if (onlyOk(fleet.one, 'one instance') && onlyOk(fleet.two, 'two instances')) result.ratios.twoVsOne = ratio(fleet.two.requestsPerSecond, fleet.one.requestsPerSecond);
    return result;
  } finally {
    await balancer?.stop();
    for (const [name, server] of Object.entries(servers)) await stopSandbox(name, server);
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
