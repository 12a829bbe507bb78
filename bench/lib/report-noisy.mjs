// The noisy-neighbour section of BENCHMARKS.md (bench/sandbox-noisy-neighbour.mjs).
import { fixed, int, times } from './format.mjs';

const codes = (statusCodes) => Object.entries(statusCodes ?? {}).map(([code, count]) => `${code}: ${int(count)}`).join(', ');

export function renderNoisySection(noisy, note = '') {
  const out = ['## A noisy neighbour on a shared sandbox (`--sandbox --shared`)'];
  if (!noisy) return [...out, '', 'Not measured in this run.', ''];
  if (noisy.error) return [...out, '', `Failed: ${noisy.error}`, ''];
  if (note !== '') out.push(note);
  const { settings: s, neighbour: n, writeFlood: w } = noisy;
  out.push(
    '',
    `${s.quietTenants} quiet tenants send GET by id at ${s.quietPerSecond} a second each (one connection each), alone and while one other tenant floods the same sandbox on ${s.floodConnections} connections (autocannon in its own process); ${s.rounds} rounds of ${s.roundSeconds} s each, alternating.`,
    '',
    '| quiet tenants | requests | p50 ms | p99 ms | status codes |',
    '| --- | ---: | ---: | ---: | --- |',
    `| alone | ${int(n.alone.requests)} | ${fixed(n.alone.p50Ms, 2)} | ${fixed(n.alone.p99Ms, 2)} | ${codes(n.alone.statusCodes)} |`,
    `| beside the flood | ${int(n.flooded.requests)} | ${fixed(n.flooded.p50Ms, 2)} | ${fixed(n.flooded.p99Ms, 2)} | ${codes(n.flooded.statusCodes)} |`,
    '',
    `p99 beside the flood ${times(n.p99Ratio)} of alone (p50 ${times(n.p50Ratio)}). The flood: ${fixed(n.flood.requestsPerSecond, 0)} req/s, ${codes(n.flood.statusCodes)}.`,
    '',
    `Write flood (quotas, no rate limit): one tenant wrote ${int(w.maxRecords)} MCP servers (${codes(w.toQuota)}), then ${int(w.overQuotaWrites)} more (${codes(w.over)}). RSS ${fixed(w.rssStartMb)} MB at the start, ${fixed(w.rssAtQuotaMb)} MB at the quota, ${fixed(w.rssAfterMb)} MB after.`,
    '',
  );
  const j = noisy.journalAttack;
  if (j) {
    out.push(
      `Journal attack (issue 43; quotas, no rate limit): one tenant sent ${int(j.bodies)} refused 9 MB bodies (${codes(j.refused)}); RSS ${fixed(j.rssStartMb)} MB before, ${fixed(j.rssAfterBodiesMb)} MB after. Then, its journal full (${fixed(j.journalBytes / 1e6)} MB as served), it read it back ${int(j.journalReads)} times from its own process while a quiet tenant sent GET by id:`,
      '',
      '| quiet tenant | requests | p50 ms | p99 ms | status codes |',
      '| --- | ---: | ---: | ---: | --- |',
      `| nobody reading | ${int(j.quiet.requests)} | ${fixed(j.quiet.p50Ms, 2)} | ${fixed(j.quiet.p99Ms, 2)} | ${codes(j.quiet.statusCodes)} |`,
      `| another tenant reading its journal | ${int(j.reading.requests)} | ${fixed(j.reading.p50Ms, 2)} | ${fixed(j.reading.p99Ms, 2)} | ${codes(j.reading.statusCodes)} |`,
      '',
      `p99 while the journal is read ${times(j.p99Ratio)} of quiet.`,
      '',
    );
  }
  return out;
}
