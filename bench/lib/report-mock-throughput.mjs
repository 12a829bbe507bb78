// The mock section of BENCHMARKS.md (bench/mock-throughput.mjs): the servers, their start-up, their requests per
// second side by side, and the in-process fetch's per-call cost (report-mock-fetch.mjs).
import { fixed, int, table, times } from './format.mjs';
import { renderPerCall } from './report-mock-fetch.mjs';

/** The servers of every scenario's rotation, in the report's order. */
const SERVERS = ['mock', 'mock-journal-off', 'prism', 'floor', 'floor-batched', 'floor-checked'];

/** `note`: what the main report puts under every section's heading (a failure, or a result kept from an earlier run). */
export function renderMockSection(mk, note = '') {
  const out = ['## 3. Mock throughput', note];
  if (!mk || mk.error) return out;
  out.push(
    `autocannon ${mk.autocannon} in the bench process, ${mk.connections} connections. Per scenario and server: a ${mk.warmupSeconds} s warm-up, then`,
    `${mk.rounds} measured run(s) of ${mk.roundSeconds} s, the servers alternating (ABBA) so load changes hit all; req/s over all runs,`,
    'latency percentiles over every response. Each server runs in its own process, started and stopped by the bench.',
    '',
    ...serverLines(mk),
    '',
  );
  if (mk.startup) out.push(...startupLines(mk.startup));
  out.push(throughputTable(mk), '');
  out.push(...renderPerCall(mk.perCall));
  return out;
}

/** One line per server: what it is and how long it took to answer; Prism's with its version. */
function serverLines(mk) {
  const lines = [];
  for (const name of SERVERS.filter((n) => mk.servers[n] !== undefined)) {
    const server = mk.servers[name];
    const version = name === 'prism' ? ` (prism-cli ${mk.prismCli})` : '';
    lines.push(`- ${name}: ${server.title}${version}, ready in ${int(server.readyMs)} ms`);
  }
  return lines;
}

function startupLines(startup) {
  const { firstAnswerMs } = startup;
  const rows = Object.keys(firstAnswerMs).map((name) => [
    name,
    fixed(firstAnswerMs[name].median, 0),
    firstAnswerMs[name].samples.map((v) => fixed(v, 0)).join(', '),
    times(firstAnswerMs[name].median / firstAnswerMs.prism.median),
  ]);
  return [
    `Start-up: spawn of the process to the first answered request (\`${startup.request}\`, 200), polled every 5 ms; ${startup.runs} start-ups per server, order rotating.`,
    '',
    table(['server', 'median ms', 'samples ms', 'vs bare Prism'], rows, 'lrlr'),
    '',
  ];
}

/** Every scenario's servers, one row each; the mock's row carries the scenario's ratios. */
function throughputTable(mk) {
  const rows = [];
  for (const [id, scenario] of Object.entries(mk.scenarios)) {
    for (const name of SERVERS.filter((n) => n in scenario.runs)) {
      const r = scenario.runs[name];
      const isMock = name === 'mock';
      const codes = Object.entries(r.statusCodes).map(([k, v]) => `${k}: ${int(v)}`).join(', ');
      rows.push([
        isMock ? `${scenario.title}` : '',
        name,
        codes || '–',
        fixed(r.requestsPerSecond, 0),
        fixed(r.latencyMs.p50, 1),
        fixed(r.latencyMs.p99, 1),
        isMock ? times(mk.ratios[id]) : '',
        isMock && mk.floorRatios ? times(mk.floorRatios[id]) : '',
        isMock && mk.batchedFloorRatios ? times(mk.batchedFloorRatios[id]) : '',
        isMock && mk.checkedFloorRatios ? times(mk.checkedFloorRatios[id]) : '',
        isMock && mk.journalRatios ? times(mk.journalRatios[id]) : '',
        r.errors || r.timeouts ? `${r.errors} errors, ${r.timeouts} timeouts` : '',
      ]);
    }
  }
  const header = ['scenario', 'server', 'status codes', 'req/s', 'p50 ms', 'p99 ms', 'mock / prism req/s', 'mock / floor req/s', 'mock / batched floor req/s', 'mock / checked floor req/s', 'journal on / off req/s', 'errors'];
  return table(header, rows, 'lllrrrrrrrrl');
}
