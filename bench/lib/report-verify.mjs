// The verify section of BENCHMARKS.md (bench/verify-rate.mjs): cases per second against the stateless mock.
import { fixed, int } from './format.mjs';

/** `note`: lines the main report puts under every section's heading (a failure, or a result kept from an earlier run). */
export function renderVerifySection(v, note = '') {
  const out = ['## verify: cases per second against the stateless mock', note];
  if (!v) return [...out, 'Not measured in this run.', ''];
  if (v.error) return [...out, ''];
  out.push(
    `\`verify({ stateful: false, includeDestructive: true, cases: ${v.settings.cases} })\`: all operations, one request at a time, each answer checked; ${v.settings.runs} runs per target, each with another seed (median). Findings must be 0. Reported, not budgeted.`,
    '',
    '| target | median cases/s | median s per run | cases per run | findings |',
    '| --- | ---: | ---: | ---: | ---: |',
  );
  for (const target of Object.values(v.targets)) {
    const findings = target.runs.reduce((sum, r) => sum + r.findings, 0);
    out.push(`| ${target.title} | ${fixed(target.medianCasesPerSecond, 1)} | ${fixed(target.medianSeconds, 2)} | ${int(target.runs[0].cases)} | ${int(findings)} |`);
  }
  out.push('');
  return out;
}
