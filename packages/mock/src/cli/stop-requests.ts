// When a long-running command (the mock, the sandbox, the proxy) must stop: on SIGINT, SIGTERM or SIGHUP, and when
// the process that started it goes away. `npx` and `npm exec` run the bin through `sh -c`, and on SIGTERM npm
// forwards the signal to that shell only: the shell dies and this process is left running, re-parented, holding its
// port. Node has no parent-death signal, so the parent is watched: a change of `process.ppid` means it is gone.
// `node dist/cli.js` started by a shell script stops with the script, as a foreground process would.

/** How often the parent is looked at: a stop is noticed within this, well inside the 5 s a supervisor waits. */
export const PARENT_POLL_MS = 250;

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Calls `stop` once, with what asked for it (`SIGTERM`, `parent exited`), on the first stop request. The watch of
 * the parent never keeps the process alive by itself.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  let requested = false;
  const request = (reason: string) => {
    if (requested) return;
    requested = true;
    clearInterval(watch);
    stop(reason);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, () => request(signal));
  const parentAtStart = process.ppid;
  const watch = setInterval(() => {
    const parentIsGone = process.ppid !== parentAtStart;
    if (parentIsGone) request('parent exited');
  }, PARENT_POLL_MS);
  watch.unref();
  // With the parent gone, whoever read our output may be gone too: a closed pipe must not crash the stop.
  process.stdout.on('error', ignoreClosedPipe);
  process.stderr.on('error', ignoreClosedPipe);
}

function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') return;
  throw error;
}
