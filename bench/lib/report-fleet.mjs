// The fleet section of BENCHMARKS.md (bench/sandbox-fleet.mjs).
import { fixed, int, times } from './format.mjs';

const codes = (statusCodes) => Object.entries(statusCodes ?? {}).map(([code, count]) => `${code}: ${int(count)}`).join(', ');

export function renderFleetSection(fleet, note = '') {
  const out = ['## A fleet: sandbox instances on one Postgres (`--database-url`)'];
  if (!fleet) return [...out, '', 'Not measured in this run.', ''];
  if (fleet.error) return [...out, '', `Failed: ${fleet.error}`, ''];
  if (note !== '') out.push(note);
  out.push(
    '',
    `GET by id (getTeam) of one tenant, autocannon ${fleet.autocannon}, ${fleet.connections} connections, ${fleet.seconds} s per target in ${fleet.rounds} alternating rounds. CPU: utime + stime of each instance during its rounds; its requests from haproxy's stats.`,
    '',
    '| target | req/s | vs | status codes | requests per CPU-second of each instance |',
    '| --- | ---: | ---: | --- | --- |',
  );
  const row = (title, summary, ratio) => {
    const perCpu = Object.entries(summary.instances ?? {}).map(([name, c]) => `${name}: ${int(c.requestsPerCpuSecond)} (${int(c.requests)} in ${fixed(c.cpuSeconds)} CPU-s)`).join('; ');
    return `| ${title} | ${fixed(summary.requestsPerSecond, 0)} | ${ratio} | ${codes(summary.statusCodes)} | ${perCpu} |`;
  };
  const { limiter, fleet: balanced, ratios } = fleet;
  if (limiter?.limited) out.push(row(`one instance, --rate-limit ${int(fleet.rateLimit)} (shared limiter)`, limiter.limited, times(ratios.limiterVsNone)));
  if (limiter?.unlimited) out.push(row('one instance, --rate-limit 0', limiter.unlimited, ''));
  if (balanced?.two) out.push(row('two instances behind haproxy', balanced.two, times(ratios.twoVsOne)));
  if (balanced?.one) out.push(row('one instance behind the same haproxy', balanced.one, ''));
  out.push('');
  return out;
}
