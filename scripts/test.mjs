#!/usr/bin/env node
// `npm test`: every task of the monorepo through turbo (test, lint, lint:spec, check:drift, test:contract, test:python,
// test:recipes),
// 3 at a time, showing progress: a line as each task ends ("✓ @vendor/api-mock#test 42 s", or "✗ ... failed"
// followed by the task's output), and, when nothing ended for 15 s, a line naming what the run is waiting
// for. When every task passed it ends with scripts/test-summary.mjs's closing line
// "Tests: N passed, N failed", which CI reads; otherwise it exits non-zero after turbo's list of failures.
// package.json runs it with `exec`, so SIGINT or SIGTERM sent to the npm process stops turbo and its tasks.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { runStep, stopProcessGroup } from './lib/run-step.mjs';
import { createTurboProgress } from './lib/turbo-progress.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TASKS = ['test', 'lint', 'lint:spec', 'check:drift', 'test:contract', 'test:python', 'test:recipes'];
// The fastest whole-suite setting measured on the shared 2-core machine (README, "Development").
const CONCURRENCY = 3;
const HEARTBEAT_MS = 15_000;
const turboRun = ['turbo', 'run', ...TASKS, `--concurrency=${CONCURRENCY}`];

let planning; // turbo's dry run, while it runs
let step; // the turbo run, once started
let stoppedBy;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    stoppedBy = signal;
    if (planning) stopProcessGroup(planning);
    if (!step) process.exit(exitCodeFor(signal));
    step.stop(); // step.done then resolves, and the script exits below
  });
}

const tasks = await plannedTasks();
const progress = createTurboProgress({ tasks, concurrency: CONCURRENCY, startedAt: Date.now() });
const indented = (lines) => lines.map((line) => `  ${line}`);
step = runStep({
  title: `${turboRun.join(' ')} (${tasks.length} tasks; a line as each one ends)`,
  command: 'npx',
  args: [
    ...turboRun,
    // Turbo prints a task's output when the task ends: the only sign it gives that a task ended.
    '--log-order=grouped',
    '--output-logs=new-only',
    // A failure is reported as its task ends, not at the end of the run; tasks that do not depend on it still run.
    '--continue=dependencies-successful',
  ],
  cwd: repoRoot,
  heartbeatMs: HEARTBEAT_MS,
  view: {
    line: (line, now) => indented(progress.line(line, now)),
    tick: (now) => indented(progress.tick(now)),
    end: (now) => indented(progress.end(now)),
    quiet: (now) => `  ${progress.stillRunning(now)}`,
  },
});
const code = await step.done;
if (stoppedBy) process.exit(exitCodeFor(stoppedBy));
if (code !== 0) process.exit(code);

const summary = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/test-summary.mjs')], { cwd: repoRoot, stdio: 'inherit' });
process.exit(summary.status ?? 1);

/** Every task of the run and the tasks it depends on, from turbo's dry run (a second or two). */
async function plannedTasks() {
  // Its own process group, like the run itself, so that a signal stops npx and turbo both.
  planning = spawn('npx', [...turboRun, '--dry=json'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise((resolve, reject) => {
    planning.once('error', reject);
    planning.once('close', resolve);
  });
  const [json, errors, exitCode] = await Promise.all([text(planning.stdout), text(planning.stderr), exited]);
  planning = undefined;
  if (exitCode !== 0) {
    console.error(`npm test: turbo could not plan the run (exit ${exitCode}):\n${errors}`);
    process.exit(1);
  }
  return JSON.parse(json).tasks.map((task) => ({ id: task.taskId, dependencies: task.dependencies ?? [], command: task.command }));
}

function exitCodeFor(signal) {
  return 128 + constants.signals[signal];
}
