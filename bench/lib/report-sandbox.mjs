// The sandbox section of BENCHMARKS.md (bench/sandbox-throughput.mjs).
import { fixed, ms, times } from './format.mjs';

/** `note`: what the main report puts under every section's heading; here only a result kept from an earlier run. */
export function renderSandboxSection(sb, note = '') {
  const out = ['## Sandbox (`--sandbox`) against the stateless mock'];
  if (!sb) return [...out, '', 'Not measured in this run.', ''];
  if (sb.error) return [...out, '', `Failed: ${sb.error}`, ''];
  // The failure is said above in full; the note adds only that the result is an earlier run's.
  if (note !== '') out.push(note);
  const c = sb.coldStart;
  out.push(
    '',
    `Same run, same machine. Cold start is spawn to listening (Node start-up and imports included), median of ${c.runs} starts each, alternating:`,
    `stateless ${ms(c.statelessMs, 0)}, sandbox in memory ${ms(c.sandboxMemoryMs, 0)} (${times(c.ratio)}).`,
    '',
    `Throughput: autocannon ${sb.autocannon}, ${sb.connections} connections, ${sb.seconds} s per server in ${sb.rounds} alternating rounds.`,
    '',
    '| scenario | server | req/s | vs stateless | p99 ms | status codes |',
    '| --- | --- | ---: | ---: | ---: | --- |',
  );
  for (const [id, scenario] of Object.entries(sb.scenarios)) {
    for (const [name, r] of Object.entries(scenario.runs)) {
      const ratio = name === 'stateless' ? '' : times(sb.ratios[`${id}-${name}`]);
      const codes = Object.entries(r.statusCodes).map(([k, v]) => `${k}: ${v}`).join(', ');
      out.push(`| ${name === 'stateless' ? scenario.title : ''} | ${name} | ${fixed(r.requestsPerSecond, 0)} | ${ratio} | ${fixed(r.p99Ms, 1)} | ${codes} |`);
    }
  }
  out.push('', '| store | MCP servers created | seconds | RSS before MB | RSS after MB |', '| --- | ---: | ---: | ---: | ---: |');
  for (const [name, m] of Object.entries(sb.memory ?? {})) {
    out.push(`| ${name} | ${m.servers}${m.failed ? ` (${m.failed} failed)` : ''} | ${fixed(m.seconds)} | ${fixed(m.rssBeforeMb)} | ${fixed(m.rssAfterMb)} |`);
  }
  out.push('');
  return out;
}
