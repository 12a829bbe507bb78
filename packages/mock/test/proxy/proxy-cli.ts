// `npx @vendor/api-mock proxy ...` run as a child process for the end-to-end proxy tests (bin/api-mock.mjs runs the
// built dist/cli.js: `cd packages/mock && npx tsup` first). Output is kept whole; readiness is the banner's
// "listening on URL" line, never a fixed sleep.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MINUTES = 60_000;

const bin = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));

export interface ProxyCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** the exit code, once the process has exited and both its streams are read to the end */
  closed: Promise<number | null>;
}

/** Starts `api-mock proxy ARGS`. */
export function runProxyCli(args: readonly string[]): ProxyCli {
  const child = spawn(process.execPath, [bin, 'proxy', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, closed };
}

/**
 * The proxy's URL, as soon as its banner says where it listens. Rejects with the output so far when the process
 * ends first, or when nothing came within `timeoutMs` (minutes: a busy machine starts processes slowly).
 */
export function listeningUrl(cli: ProxyCli, timeoutMs = 3 * MINUTES): Promise<string> {
  const found = () => /listening on (http:\/\/\S+)/.exec(cli.stdout())?.[1];
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      cli.child.stdout!.off('data', onData);
      cli.child.off('close', onClose);
      settle();
    };
    const onData = () => {
      const url = found();
      if (url !== undefined) done(() => resolve(url));
    };
    const onClose = (code: number | null) => done(() => reject(new Error(`the proxy exited (${code}) before listening:\n${cli.stdout()}\n${cli.stderr()}`)));
    const timer = setTimeout(() => done(() => reject(new Error(`the proxy did not listen within ${timeoutMs} ms:\n${cli.stdout()}\n${cli.stderr()}`))), timeoutMs);
    // Registered after runProxyCli's own listener, so the chunk is already in cli.stdout() when this runs.
    cli.child.stdout!.on('data', onData);
    cli.child.once('close', onClose);
    onData();
  });
}

/** SIGTERM, as a terminal's Ctrl+C or a process manager stops it: resolves with the exit code once all output is in. */
export async function stopProxyCli(cli: ProxyCli): Promise<number | null> {
  if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGTERM');
  return cli.closed;
}
