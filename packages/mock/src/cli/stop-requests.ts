// When a long-running command (the mock, the sandbox, the proxy) must stop, by the Unix conventions a server keeps:
// - SIGINT and SIGTERM stop it, sent to it or to its process group (Ctrl+C, a supervisor, `kill`).
// - SIGHUP ("the terminal hung up") stops it only while a terminal is attached. Node resets an inherited ignore of
//   SIGHUP, so `nohup` alone would not protect it: nohup detaches all three standard streams from the terminal, and
//   without a terminal SIGHUP is ignored here (a listener replaces Node's default, which would end the process).
// - A server started in the background (`... &` in a script, `nohup ... &`) outlives the shell that started it.
// - Under `npx` or `npm exec` it stops with npm: npm runs the bin through `sh -c` and passes SIGTERM to that shell
//   only, which dies and leaves this process re-parented, holding its port. Node has no parent-death signal, so there,
//   and only there, the parent is watched: a change of `process.ppid` means npm's shell is gone.
import { isatty } from 'node:tty';

/** How often the parent is looked at: a stop is noticed within this, well inside the 5 s a supervisor waits. */
export const PARENT_POLL_MS = 250;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Calls `stop` once, with what asked for it (`SIGTERM`, `parent exited`), on the first stop request. The watch of
 * the parent never keeps the process alive by itself.
 */
export function onStopRequest(stop: (reason: string) => void, environment: NodeJS.ProcessEnv = process.env): void {
  let requested = false;
  let watch: NodeJS.Timeout | undefined;
  const request = (reason: string) => {
    if (requested) return;
    requested = true;
    clearInterval(watch);
    stop(reason);
  };
  let hungUp = false;
  for (const signal of STOP_SIGNALS) process.once(signal, () => request(signal));
  if (attachedToTerminal()) process.once('SIGHUP', () => request('SIGHUP'));
  else process.on('SIGHUP', () => (hungUp = true));
  if (startedByNpmExec(environment)) {
    watch = watchParent(() => {
      // `nohup npx ... &` and the terminal closes: the hangup that we ignore took npm with it (Node resets nohup's
      // ignore there too). That is no stop request: the server goes on, with nothing left to watch.
      if (hungUp) clearInterval(watch);
      else request('parent exited');
    });
  }
  // With the parent gone, whoever read our output may be gone too: a closed pipe must not crash the stop.
  process.stdout.on('error', ignoreClosedPipe);
  process.stderr.on('error', ignoreClosedPipe);
}

/** Whether any standard stream is a terminal; `nohup` redirects all three away from it. */
export function attachedToTerminal(): boolean {
  return isatty(0) || isatty(1) || isatty(2);
}

/** `npx` and `npm exec` say so in the environment of what they run (`npm_command=exec`). */
export function startedByNpmExec(environment: NodeJS.ProcessEnv): boolean {
  return environment.npm_command === 'exec';
}

function watchParent(onGone: () => void): NodeJS.Timeout {
  const parentAtStart = process.ppid;
  const watch = setInterval(() => {
    const parentIsGone = process.ppid !== parentAtStart;
    if (parentIsGone) onGone();
  }, PARENT_POLL_MS);
  watch.unref();
  return watch;
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') return;
  throw error;
}
