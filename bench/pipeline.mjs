// Section 4: wall time of the pipeline. Cold `npm run build -- --force` (turbo ignores its cache and every
// tsup build cleans its dist first), then `npm run build` again (all turbo cache hits), then `npm test` with
// turbo's cache off (skipped with BENCH_SKIP_TEST=1). Each command runs once; its exit code and turbo's summary are recorded.
import { repoRoot } from './lib/paths.mjs';
import { run as runCommand } from './lib/proc.mjs';
import { round } from './lib/stats.mjs';
import { seconds } from './lib/format.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const PLAIN = { FORCE_COLOR: '0', NO_COLOR: '1', TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function turboSummary(output) {
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const tasks = text.match(/Tasks:\s+(\d+) successful, (\d+) total/);
  const cached = text.match(/Cached:\s+(\d+) cached, (\d+) total/);
  const time = text.match(/Time:\s+([\d.]+m?s)/);
  return {
    tasksSuccessful: tasks ? Number(tasks[1]) : undefined,
    tasksTotal: tasks ? Number(tasks[2]) : undefined,
    cached: cached ? Number(cached[1]) : undefined,
    fullTurbo: /FULL TURBO/.test(text),
    turboTime: time?.[1],
  };
}

async function timed(id, title, args, timeoutMs, env = {}) {
  process.stderr.write(`  pipeline: ${title} ...\n`);
  const r = await runCommand(npm, args, { cwd: repoRoot, env: { ...PLAIN, ...env }, timeoutMs });
  const all = `${r.stdout}\n${r.stderr}`;
  const entry = {
    id,
    title,
    command: `${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}npm ${args.join(' ')}`,
    seconds: round(r.ms / 1000, 2),
    exitCode: r.code,
    ok: r.code === 0 && !r.timedOut,
    timedOut: r.timedOut,
    turbo: turboSummary(all),
  };
  const summary = all.match(/Tests:\s+\d+ passed, \d+ failed[^\n]*/);
  if (summary) entry.tests = summary[0].trim();
  if (!entry.ok) entry.outputTail = all.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n').slice(-25);
  process.stderr.write(`  pipeline: ${title}: ${seconds(entry.seconds, 2)} (exit ${r.code})\n`);
  return entry;
}

export async function run(settings) {
  const cfg = settings.pipeline;
  const steps = [];
  if (!cfg.skipBuild) {
    steps.push(await timed('build-cold', 'cold build (turbo --force: no cache, dist rebuilt)', ['run', 'build', '--', '--force'], cfg.buildTimeoutMs));
    steps.push(await timed('build-cached', 'cached rebuild (turbo cache hits)', ['run', 'build'], cfg.buildTimeoutMs));
  }
  // TURBO_FORCE: every task runs. Otherwise the time depends on what an earlier run left in turbo's cache
  // (a second bench run measured 0.6 s of cache replay instead of the suite).
  if (!cfg.skipTest) steps.push(await timed('test', 'npm test (whole suite, turbo cache off)', ['test'], cfg.testTimeoutMs, { TURBO_FORCE: '1' }));
  return { skipped: { build: cfg.skipBuild, test: cfg.skipTest }, steps };
}

if (isMain(import.meta.url)) await writeSectionResult(run);
