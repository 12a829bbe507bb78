// Load on the bench's own servers (127.0.0.1, started and stopped by the sections): one autocannon run, the
// alternating (ABBA) rounds over several servers after a warm-up, what a server's rounds add up to, and a
// bounded pool of parallel tasks. Used by the mock, sandbox and proxy sections; autocannon runs in this process.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { mean, percentile, ratio, round } from './stats.mjs';

const require = createRequire(import.meta.url);

/** For the report: which autocannon measured. */
export const AUTOCANNON_VERSION = require('autocannon/package.json').version;

/** A run is stopped this long after its own duration, in case autocannon hangs. */
const GRACE_SECONDS = 15;

/**
 * One autocannon run of `request` ({ method, path, headers?, body? }) against `url`, one request at a time per
 * connection. Each response's latency (ms) goes to `onLatency` when given.
 */
export function loadRun(url, request, { seconds, connections }, onLatency) {
  return new Promise((resolve, reject) => {
    const options = { url: url + request.path, method: request.method, headers: request.headers, body: request.body, connections, duration: seconds, pipelining: 1, timeout: 10 };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
    if (onLatency) instance.on('response', (_client, _status, _bytes, latencyMs) => onLatency(latencyMs));
    const guard = setTimeout(() => instance.stop(), (seconds + GRACE_SECONDS) * 1000);
    instance.on('done', () => clearTimeout(guard));
  });
}

/**
 * How a section's load settings ({ seconds, rounds, warmupSeconds, connections }) are run: each server's
 * `seconds` split into `rounds` runs of `roundSeconds` (at least 1 s each).
 */
export function roundsPlan({ seconds, rounds, warmupSeconds = 0, connections }) {
  return { rounds, roundSeconds: Math.max(1, Math.round(seconds / rounds)), warmupSeconds, connections };
}

/** `list` turned by `by` places: rotate(['a', 'b', 'c'], 1) is ['b', 'c', 'a']. */
export function rotate(list, by) {
  return list.map((_, i) => list[(i + by) % list.length]);
}

/**
 * Alternating rounds over `targets` ([{ name, url, request }], in the first round's order): a warm-up run of each
 * (not recorded; none when `plan.warmupSeconds` is 0), then `plan.rounds` runs each, every second round in reverse
 * order (ABBA), so a change in the machine's load hits every target alike. Returns each target's summary
 * (summarizeRounds); `recordLatencies` adds the percentiles over every response.
 */
export async function loadInRounds(targets, plan, { recordLatencies = false } = {}) {
  const hasWarmup = plan.warmupSeconds > 0;
  if (hasWarmup) {
    for (const target of targets) await loadRun(target.url, target.request, { seconds: plan.warmupSeconds, connections: plan.connections });
  }
  const runs = Object.fromEntries(targets.map((target) => [target.name, []]));
  const latencies = Object.fromEntries(targets.map((target) => [target.name, []]));
  for (let turn = 0; turn < plan.rounds; turn++) {
    const reversed = turn % 2 === 1;
    const order = reversed ? [...targets].reverse() : targets;
    for (const target of order) {
      const onLatency = recordLatencies ? (latencyMs) => latencies[target.name].push(latencyMs) : undefined;
      runs[target.name].push(await loadRun(target.url, target.request, { seconds: plan.roundSeconds, connections: plan.connections }, onLatency));
    }
  }
  const summary = (name) => summarizeRounds(runs[name], recordLatencies ? latencies[name] : undefined);
  return Object.fromEntries(targets.map((target) => [target.name, summary(target.name)]));
}

/**
 * One server's rounds added up: requests/second over all of them, status codes, errors (autocannon's, timeouts
 * included) and timeouts; autocannon's mean and its worst round's p99 (whole ms, so the mean says more at
 * sub-millisecond latencies); with `latencies` (every response's, ms), percentiles over all of them.
 */
export function summarizeRounds(runs, latencies) {
  const statusCodes = {};
  let requests = 0;
  let seconds = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  let latencySum = 0;
  for (const r of runs) {
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = (statusCodes[code] ?? 0) + count;
    requests += r.requests.total;
    seconds += r.duration;
    bytes += r.throughput.total;
    errors += r.errors;
    timeouts += r.timeouts;
    latencySum += r.latency.average * r.requests.total;
  }
  const summary = {
    requestsPerSecond: round(requests / seconds, 1),
    requestsTotal: requests,
    perRoundRequestsPerSecond: runs.map((r) => round(r.requests.total / r.duration, 1)),
    meanMs: round(latencySum / requests, 3),
    p99Ms: round(Math.max(...runs.map((r) => r.latency.p99)), 2),
    throughputBytesPerSecond: Math.round(bytes / seconds),
    statusCodes,
    errors,
    timeouts,
    seconds: round(seconds, 2),
  };
  if (latencies !== undefined) summary.latencyMs = latencyPercentiles(latencies, runs);
  return summary;
}

function latencyPercentiles(latencies, runs) {
  return {
    p50: round(percentile(latencies, 50), 2),
    p90: round(percentile(latencies, 90), 2),
    p99: round(percentile(latencies, 99), 2),
    mean: round(mean(latencies), 2),
    max: round(Math.max(...runs.map((r) => r.latency.max)), 2),
  };
}

/** One summary's requests/second over another's (summarizeRounds). */
export function requestsRatio(summary, base) {
  return ratio(summary.requestsPerSecond, base.requestsPerSecond);
}

/** Runs `task(i)` for i = 0 .. count-1, `parallel` at a time. */
export async function inParallel(count, parallel, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
