// The CLI in a process of its own (bin/api-mock.mjs, as a host runs it), its output kept line by line so that a test
// can wait for the line it asserts on, never for a time.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
/** Minutes: on a busy shared 2-core machine loading Node and the spec takes long. */
export const PROCESS_WAIT = { timeout: 3 * 60_000, interval: 50 };

export interface CliProcess {
  /** complete stdout lines so far */
  lines(): string[];
  stderr(): string;
  /** resolves with the first stdout line `matches` accepts (already printed or still to come) */
  waitForLine(what: string, matches: (line: string) => boolean): Promise<string>;
  /** SIGTERM; resolves with the exit code once the process is gone */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

export function startCli(args: readonly string[], env: Record<string, string> = {}): CliProcess {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = () => stdout.split('\n').slice(0, -1);
  return {
    lines,
    stderr: () => stderr,
    exited,
    async waitForLine(what, matches) {
      return vi.waitFor(() => {
        const found = lines().find(matches);
        if (found === undefined) throw new Error(`waited for ${what}; stdout so far:\n${stdout.slice(-2000)}\nstderr:\n${stderr.slice(-2000)}`);
        return found;
      }, PROCESS_WAIT);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The JSON log's line with `msg`, parsed. */
export function jsonLine(line: string): Record<string, any> | undefined {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
