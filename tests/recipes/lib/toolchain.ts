// Running a recipe's commands: bash in the recipe's folder, with the toolchains' caches under
// node_modules/.cache (a clean clone's CI run downloads the generators and libraries once), a time limit per
// command, and an error that names the command and shows its output when it fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './recipe-page.js';

export const CACHE_DIR = path.join(repoRoot, 'node_modules/.cache');

/** The Go toolchain (Debian's image puts it in /usr/local/go/bin) and its caches. */
export function goEnvironment(): NodeJS.ProcessEnv {
  const goCache = path.join(CACHE_DIR, 'vendor-go');
  return {
    PATH: `/usr/local/go/bin:${process.env.PATH ?? ''}`,
    GOPATH: path.join(goCache, 'path'),
    GOMODCACHE: path.join(goCache, 'mod'),
    GOCACHE: path.join(goCache, 'build'),
    // Module cache files writable, so that the cache can be removed like any other folder.
    GOFLAGS: '-modcacherw -buildvcs=false',
    // The installed Go builds; never a download of another toolchain.
    GOTOOLCHAIN: 'local',
  };
}

/** Maven's local repository under the cache, given to every `mvn` the recipe runs. */
export const MAVEN_REPOSITORY = path.join(CACHE_DIR, 'vendor-maven');

/** Fails with a message saying what to install when a tool is missing. */
export function requireTool(command: string, env: NodeJS.ProcessEnv, install: string): void {
  const found = spawnSync('bash', ['-c', `command -v ${command}`], { env: { ...process.env, ...env } });
  if (found.status !== 0) throw new Error(`${command} is not on PATH (${env.PATH ?? process.env.PATH}): ${install}`);
}

export interface CommandRun {
  command: string;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs one command line of a recipe with bash; rejects on a non-zero exit or after `limitMs`. */
export function runCommand(command: string, options: { cwd: string; env: NodeJS.ProcessEnv; limitMs: number }): Promise<CommandRun> {
  if (!existsSync(options.cwd)) throw new Error(`recipe folder ${options.cwd} is missing`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', command], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      // Its own process group: the generator's and the compiler's children stop too.
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`\`${command}\` did not finish within ${options.limitMs / 60_000} minutes\n${tail(stdout, stderr)}`));
    }, options.limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const seconds = (Date.now() - started) / 1000;
      if (code === 0) resolve({ command, stdout, stderr, seconds });
      else reject(new Error(`\`${command}\` exited with ${code} after ${seconds.toFixed(1)} s\n${tail(stdout, stderr)}`));
    });
  });
}

function tail(stdout: string, stderr: string): string {
  const last = (text: string) => text.split('\n').slice(-60).join('\n');
  return `--- stdout\n${last(stdout)}\n--- stderr\n${last(stderr)}`;
}
