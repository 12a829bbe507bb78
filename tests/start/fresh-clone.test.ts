// The README's quick start as a new user runs it: `npm ci && npm start` in a copy of the repository with no build
// output at all (no dist/, no turbo cache), up to the printed URLs; then the docs and the mock must answer.
// Every other start test serves what this suite's own build made, so only this one sees a fresh clone's state.
// npm ci prefers the npm cache the surrounding `npm ci` filled, so the copy installs without the network.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** An install and a cold build of the docs and the mock on a busy 2-core machine: many minutes, never a bet on speed. */
const COLD_START_TIMEOUT_MS = 25 * 60_000;
/** Removing the copy's node_modules and build output (some 100,000 files) took over 3 minutes beside a busy test run. */
const REMOVE_COPY_TIMEOUT_MS = 15 * 60_000;

const copy = mkdtempSync(path.join(tmpdir(), 'fresh-clone-'));
afterAll(() => rm(copy, { recursive: true, force: true }), REMOVE_COPY_TIMEOUT_MS);

/** The files a clone has: tracked ones, and new ones not ignored (so the test sees the work in progress too). */
function copyCloneFiles(to: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  for (const file of listed.split('\0').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(path.join(repoRoot, file), path.join(to, file), { force: false, errorOnExist: false });
  }
}

/** The environment of a user's shell: nothing of this suite's npm or turbo run (which would point npm at our root). */
function userEnvironment(): NodeJS.ProcessEnv {
  const fromOurRun = (name: string) => /^(npm_|TURBO_|INIT_CWD$|VITEST)/i.test(name);
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !fromOurRun(name))), FORCE_COLOR: '0' };
}

function run(command: string, args: string[]): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(command, args, { cwd: copy, env: userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

describe('npm ci && npm start on a fresh clone', () => {
  it('builds, prints the URLs, and the docs and the mock answer', { timeout: COLD_START_TIMEOUT_MS }, async () => {
    copyCloneFiles(copy);
    const install = run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
    expect(await install.exit, install.output()).toBe(0);

    const start = run('npm', ['start', '--', '--docs-port', '0', '--mock-port', '0']);
    try {
      let ended = false;
      void start.exit.then(() => (ended = true));
      await expect
        .poll(() => {
          if (ended) throw new Error(`npm start ended before serving:\n${start.output()}`);
          return /^API mock:/m.test(start.output());
        }, { timeout: COLD_START_TIMEOUT_MS, interval: 500 })
        .toBe(true);
      const docs = /^API docs:\s+(http:\/\/\S+?)\/?\s/m.exec(start.output())![1]!;
      const mock = /^API mock:\s+(http:\/\/\S+)/m.exec(start.output())![1]!;
      const page = await fetch(`${docs}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      expect((await fetch(`${mock}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer any' } })).status).toBe(200);

      start.child.kill('SIGTERM');
      expect(await start.exit, start.output()).toBe(0);
    } finally {
      start.child.kill('SIGKILL');
    }
  });
});
