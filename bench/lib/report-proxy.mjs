// The proxy section of BENCHMARKS.md (bench/proxy-latency.mjs): the validation proxy's added latency, sequential,
// and its throughput under autocannon, each against the upstream alone.
const fmt = (v, digits = 1) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '–');
const int = (v) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '–');
const x = (v) => (typeof v === 'number' && Number.isFinite(v) ? `${v.toFixed(2)}×` : '–');

/** `note`: lines the main report puts under every section's heading (a failure, or a result kept from an earlier run). */
export function renderProxySection(px, note = '') {
  const out = ['## Validation proxy (`startProxy`): added latency', note];
  if (!px) return [...out, 'Not measured in this run.', ''];
  if (px.error) return [...out, ''];
  out.push(
    `\`${px.operation.request}\` (\`${px.operation.operationId}\`), whose documented answer, the first example of its 200, is ${int(px.operation.exampleBytes)} B of JSON.`,
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
    out.push(`| \`${name}\` | ${fmt(v.p50Us)} | ${fmt(v.p90Us)} | ${fmt(v.p99Us)} | ${fmt(v.meanUs)} | ${overCells(seq.ratios[name]).join(' | ')} | ${v.connections} |`);
  }
  out.push('');
  const checks = seq.ratios['proxy-vs-relay'];
  if (checks) {
    out.push(
      `The proxy over the bare relay, both in front of the floor (what the checks and the proxy's bookkeeping cost beyond the extra hop): p50 ${x(checks.p50)} (+${fmt(checks.addedP50Us)} µs), p99 ${x(checks.p99)} (+${fmt(checks.addedP99Us)} µs).`,
      '',
    );
  }
  return out;
}

/** The ratio and added-µs cells of a target that forwards to an upstream; empty for an upstream itself. */
function overCells(r) {
  if (r === undefined) return ['', '', '', ''];
  return [`${x(r.p50)} ${r.over}`, `${x(r.p99)} ${r.over}`, fmt(r.addedP50Us), fmt(r.addedP99Us)];
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
    if (tp.ratios[name] !== undefined) ratio = x(tp.ratios[name]);
    out.push(`| \`${name}\` | ${fmt(t.requestsPerSecond, 0)} | ${ratio} | ${fmt(t.meanMs, 2)} | ${fmt(t.p99Ms, 0)} | ${codes} | ${t.errors} |`);
  }
  out.push('');
  if (tp.ratios['proxy-vs-relay'] !== undefined) out.push(`The proxy / the bare relay, both in front of the floor: ${x(tp.ratios['proxy-vs-relay'])} the requests per second.`, '');
  return out;
}
