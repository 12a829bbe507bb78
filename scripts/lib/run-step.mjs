// Runs one long step as a child process (a build step of `npm start`, the turbo run of `npm test`) and keeps
// its user informed: what the step prints is shown as it comes, through a view that may reword or hold back
// lines, and when nothing was shown for a while a line says the step is still running, so a long step
// never looks hung. The child leads its own process group, so stop() ends it and everything it started.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * What a step shows. Each hook gets the current time (ms) and returns the lines to print.
 * @typedef {object} StepView
 * @property {(text: string, now: number) => string[]} line one line the child printed (stdout or stderr)
 * @property {(now: number) => string} quiet printed when nothing was printed for heartbeatMs
 * @property {(now: number) => string[]} [tick] about once a second
 * @property {(now: number) => string[]} [end] once the child has exited, before the closing line
 */

/** The default view: every non-blank line of the child, indented; when quiet, how long the step has run. */
export function plainView(startedAt) {
  return {
    line: (text) => (text.trim() === '' ? [] : [`  ${text}`]),
    quiet: (now) => `  ... still running (${seconds(now - startedAt)} so far)`,
  };
}

/**
 * @param {{ title: string, command: string, args: string[], cwd: string, heartbeatMs?: number, log?: (line: string) => void, view?: StepView }} step
 * @returns {{ done: Promise<number>, stop: () => void }} done resolves with the exit code (1 when killed by a signal)
 */
export function runStep({ title, command, args, cwd, heartbeatMs = 10_000, log = (line) => console.log(line), view }) {
  const started = Date.now();
  const shown = view ?? plainView(started);
  let lastPrinted = started;
  const print = (lines) => {
    for (const line of lines) {
      log(line);
      lastPrinted = Date.now();
    }
  };

  print([`\n> ${title}`]);
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: plainOutputEnv(process.env) });
  // Whole lines: a chunk of output may end in the middle of one.
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (text) => print(shown.line(text, Date.now())));
  }
  const heartbeat = setInterval(() => {
    const now = Date.now();
    print(shown.tick?.(now) ?? []);
    if (now - lastPrinted >= heartbeatMs) print([shown.quiet(now)]);
  }, Math.min(heartbeatMs, 1000));

  const done = new Promise((resolve) => {
    child.once('error', (error) => {
      clearInterval(heartbeat);
      log(`  cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => {
      clearInterval(heartbeat);
      print(shown.end?.(Date.now()) ?? []);
      log(`  ${code === 0 ? 'done' : 'failed'} in ${seconds(Date.now() - started)}`);
      resolve(code ?? 1);
    });
  });
  return { done, stop: () => stopProcessGroup(child) };
}

/**
 * The child's environment, asking every tool for output without colour codes: the child writes to a pipe read
 * line by line (turbo's task prefixes are matched as text) and shown in a terminal or captured to a log file.
 * NO_COLOR is the one spelling they all honour; FORCE_COLOR goes, because vitest's colours (tinyrainbow) and
 * picocolors take any FORCE_COLOR, `0` included, as "force colour on".
 */
export function plainOutputEnv(env) {
  const plain = { ...env, NO_COLOR: '1' };
  delete plain.FORCE_COLOR;
  return plain;
}

/** Ends a child spawned with `detached: true` (the leader of its own process group) and everything it started. */
export function stopProcessGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}
