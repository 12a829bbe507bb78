// The proxy section of BENCHMARKS.md (bench/proxy-latency.mjs): the validation proxy's added latency, sequential,
// and its throughput under autocannon, each against the upstream alone.
import { bytes, fixed, int, times, us } from './format.mjs';

/** `note`: lines the main report puts under every section's heading (a failure, or a result kept from an earlier run). */
export function renderProxySection(px, note = '') {
  const out = ['## Validation proxy (`startProxy`): added latency', note];
  if (!px) return [...out, 'Not measured in this run.', ''];
  if (px.error) return [...out, ''];
  out.push(
    `\`${px.operation.request}\` (\`${px.operation.operationId}\`), whose documented answer, the first example of its 200, is ${bytes(px.operation.exampleBytes)} of JSON.`,
    'Each target runs in its own process, started and stopped by the bench; the proxies and the relay forward to their upstream over loopback:',
    '',
  );
  for (const [name, t] of Object.entries(px.targets)) out.push(`- \`${name}\`: ${t.title}, ready in ${int(t.readyMs)} ms`);
  out.push('', ...sequentialLines(px.sequential), ...reportLines(px.proxyReports), ...throughputLines(px.throughput));
  return out;
}

function sequentialLines(seq) {
  const out = [
    `**Sequential** (the budgeted part): one request at a time on one keep-alive connection per target, ${int(seq.calls)} timed requests per target after ${int(seq.warmup)} warm-up,`,
    `the targets taking turns in batches of ${seq.batch} (order rotating). Each request is timed from sending to the answer's last byte, in µs; "×" and "added" compare a target with its upstream alone.`,
    '',
    '| target | p50 µs | p90 µs | p99 µs | mean µs | × upstream p50 | × upstream p99 | added p50 µs | added p99 µs | connections |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [name, v] of Object.entries(seq.variants)) {
    out.push(`| \`${name}\` | ${fixed(v.p50Us)} | ${fixed(v.p90Us)} | ${fixed(v.p99Us)} | ${fixed(v.meanUs)} | ${overCells(seq.ratios[name]).join(' | ')} | ${v.connections} |`);
  }
  out.push('');
  const checks = seq.ratios['proxy-vs-relay'];
  if (checks) {
    out.push(
      `The proxy over the bare relay, both in front of the floor (what the checks and the proxy's bookkeeping cost beyond the extra hop): p50 ${times(checks.p50)} (+${us(checks.addedP50Us)}), p99 ${times(checks.p99)} (+${us(checks.addedP99Us)}).`,
      '',
    );
  }
  return out;
}

/** The ratio and added-µs cells of a target that forwards to an upstream; empty for an upstream itself. */
function overCells(r) {
  if (r === undefined) return ['', '', '', ''];
  return [`${times(r.p50)} ${r.over}`, `${times(r.p99)} ${r.over}`, fixed(r.addedP50Us), fixed(r.addedP99Us)];
}

function reportLines(reports) {
  const parts = Object.entries(reports ?? {}).map(([name, t]) => `\`${name}\` ${int(t.exchanges)} exchanges, ${int(t.findings)} findings`);
  if (parts.length === 0) return [];
  return [`The proxies' own reports after the sequential run: ${parts.join('; ')} (a finding would mean the answer itself is off the spec).`, ''];
}

function throughputLines(tp) {
  if (!tp) return ['Throughput: not measured in this run (BENCH_PROXY_SECONDS=0).', ''];
  const out = [
    `**Throughput** (reported, not budgeted): autocannon ${tp.autocannon} in the bench process, ${tp.connections} connections, ${tp.rounds} run(s) of ${tp.roundSeconds} s per target after a 1 s warm-up, the targets alternating.`,
    '',
    '| target | req/s | × upstream req/s | mean ms | p99 ms (worst run) | status codes | errors |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const [name, t] of Object.entries(tp.targets)) {
    const codes = Object.entries(t.statusCodes).map(([k, v]) => `${k}: ${int(v)}`).join(', ');
    // The ratios are keyed by pair; a target that forwards is its own pair's name.
    let ratio = '';
    if (tp.ratios[name] !== undefined) ratio = times(tp.ratios[name]);
    out.push(`| \`${name}\` | ${fixed(t.requestsPerSecond, 0)} | ${ratio} | ${fixed(t.meanMs, 2)} | ${fixed(t.p99Ms, 0)} | ${codes} | ${t.errors} |`);
  }
  out.push('');
  if (tp.ratios['proxy-vs-relay'] !== undefined) out.push(`The proxy / the bare relay, both in front of the floor: ${times(tp.ratios['proxy-vs-relay'])} the requests per second.`, '');
  return out;
}
