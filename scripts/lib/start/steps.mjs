// Runs one build step of `npm start` as a child process: its output is shown as it comes, and while it is
// quiet a line says the step is still running and for how long, so a long build never looks hung.
// The child leads its own process group, so stop() ends it and everything it started.
import { spawn } from 'node:child_process';

/**
 * @param {{ title: string, command: string, args: string[], cwd: string, heartbeatMs?: number, log?: (line: string) => void }} step
 * @returns {{ done: Promise<number>, stop: () => void }} done resolves with the exit code (1 when killed by a signal)
 */
export function runStep({ title, command, args, cwd, heartbeatMs = 10_000, log = (line) => console.log(line) }) {
  const started = Date.now();
  log(`\n> ${title}`);
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, FORCE_COLOR: '0' } });
  let lastOutput = Date.now();
  const show = (chunk) => {
    lastOutput = Date.now();
    for (const line of String(chunk).split('\n')) if (line.trim() !== '') log(`  ${line}`);
  };
  child.stdout.on('data', show);
  child.stderr.on('data', show);
  const heartbeat = setInterval(() => {
    if (Date.now() - lastOutput < heartbeatMs) return;
    lastOutput = Date.now();
    log(`  ... still running (${seconds(Date.now() - started)} so far)`);
  }, Math.min(heartbeatMs, 1000));
  const done = new Promise((resolve) => {
    child.once('error', (error) => {
      log(`  cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => {
      clearInterval(heartbeat);
      log(`  ${code === 0 ? 'done' : 'failed'} in ${seconds(Date.now() - started)}`);
      resolve(code ?? 1);
    });
  });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { done, stop };
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}
