// Every long-running command (the mock, the sandbox, the proxy) stops within 5 s and frees its port when it, its
// group, or the npx / npm exec that started it is signalled, and outlives a shell that started it in the background.
// Started through `npx @vendor/api-mock` (the workspace's bin, as a partner's project runs the installed one): npm
// runs the bin through `sh -c` and passes SIGTERM to that shell only, so without a watch of its parent the command
// was left running, re-parented, holding its port.
// bin/api-mock.mjs runs the built dist/cli.js: `npx tsup` in packages/mock first (turbo's test task builds it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PARENT_POLL_MS } from '../../src/cli/stop-requests.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
/** The requirement: what a supervisor or CI waits before it kills. */
const STOP_DEADLINE_MS = 5_000;
/** Starting npm and Node on a busy machine: minutes, not seconds. */
const START_TIMEOUT_MS = 3 * 60_000;

const COMMANDS = {
  mock: [],
  sandbox: ['--sandbox'],
  // The upstream is never called: nothing is sent through the proxy.
  proxy: ['proxy', '--upstream', 'http://127.0.0.1:9'],
} as const;

interface Started {
  starter: ChildProcess;
  port: number;
  /** the Node process that serves (the starter's descendant that listens) */
  server: number;
}

const started: number[] = [];

afterEach(() => {
  // Whatever a failed test left behind, by its own pid.
  for (const pid of started.splice(0)) {
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
});

/** `command args...` with the command's own args and `--port 0`, in its own process group; resolves once it listens. */
async function start(command: string, args: readonly string[], { appendPort = true } = {}): Promise<Started> {
  const starter = spawn(command, appendPort ? [...args, '--port', '0'] : [...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(starter.pid!);
  let output = '';
  starter.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  starter.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (found === undefined) return;
      clearTimeout(timer);
      resolve(new URL(found));
    };
    starter.stdout!.on('data', look);
    starter.once('exit', (code) => reject(new Error(`${command} exited with ${code} before listening:\n${output}`)));
  });
  // The process that serves: the deepest one running the bin (npm and sh name it too, above it); the starter itself
  // when it is the bin.
  const server = [starter.pid!, ...descendants(starter.pid!)].filter((pid) => commandLine(pid).includes('api-mock')).at(-1)!;
  expect(server, `no api-mock process under ${command}: ${descendants(starter.pid!).map(commandLine).join('; ')}`).toBeDefined();
  started.push(server);
  return { starter, port: Number(url.port), server };
}

/** Signals `pid`, then waits for the server to be gone and its port free; returns how long that took. */
async function stoppedAfter(signalled: () => void, { server, port }: Started): Promise<number> {
  const t0 = performance.now();
  signalled();
  const giveUpAt = t0 + START_TIMEOUT_MS;
  while (performance.now() < giveUpAt) {
    const gone = !isAlive(server) && !(await isListening(port));
    if (gone) return performance.now() - t0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server (pid ${server}) still runs or port ${port} is still taken`);
}

describe.each(Object.entries(COMMANDS))('%s started through npx', { timeout: 2 * START_TIMEOUT_MS }, (_name, args) => {
  it('stops within 5 s and frees its port when the npx process gets SIGTERM', async () => {
    const run = await start('npx', ['@vendor/api-mock', ...args]);
    const ms = await stoppedAfter(() => process.kill(run.starter.pid!, 'SIGTERM'), run);
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
  });

  it('stops within 5 s when the npx process group gets SIGINT (Ctrl+C in a terminal)', async () => {
    const run = await start('npx', ['@vendor/api-mock', ...args]);
    const ms = await stoppedAfter(() => process.kill(-run.starter.pid!, 'SIGINT'), run);
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
  });
});

describe('the mock started other ways', { timeout: 2 * START_TIMEOUT_MS }, () => {
  it('through npm exec: stops within 5 s when the npm process gets SIGTERM', async () => {
    const run = await start('npm', ['exec', '--', '@vendor/api-mock']);
    const ms = await stoppedAfter(() => process.kill(run.starter.pid!, 'SIGTERM'), run);
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
  });

  it('as the bin run by node: stops within 5 s on SIGTERM and on SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const run = await start(process.execPath, [bin]);
      const ms = await stoppedAfter(() => process.kill(run.starter.pid!, signal), run);
      expect(ms, signal).toBeLessThan(STOP_DEADLINE_MS);
    }
  });
});

describe('started in the background by a shell that then exits', { timeout: 2 * START_TIMEOUT_MS }, () => {
  // `... &` in a CI step used by the next one, `nohup ... &` in a terminal: a server outlives its shell, and only a
  // stop request ends it. The stop line names what stopped it, so an earlier, unwanted stop shows as another name.
  it.each([
    ['a script: `vendor-api-mock &`', ''],
    ['nohup: `nohup vendor-api-mock > log &`', 'nohup'],
  ])('%s keeps serving after the shell exits, and ignores SIGHUP without a terminal', async (_name, prefix) => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'mock-bg-')), 'mock.log');
    const script = `${prefix} "${process.execPath}" "${bin}" --port 0 > "${log}" 2>&1 < /dev/null & echo $!`;
    const shell = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: withoutNpmExec() });
    const server = Number(shell.stdout.trim());
    started.push(server);
    const url = await listeningUrlIn(log);
    // The shell has exited: the server is re-parented and must go on past several looks at its parent.
    expect(parentOf(server)).not.toBe(shell.pid);
    await answeredWhileParentLooksPass(url);
    process.kill(server, 'SIGHUP');
    expect((await fetch(new URL('/api/svc/v1/teams/t1', url), { headers: { authorization: 'Bearer t' } })).status).toBe(200);
    const ms = await stoppedAfter(() => process.kill(server, 'SIGTERM'), { starter: undefined as never, port: Number(url.port), server });
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
    const output = readFileSync(log, 'utf8');
    expect(output).toContain('SIGTERM: stopping the mock');
    expect(output).not.toMatch(/(SIGHUP|parent exited): stopping/);
  });

  it('nohup through npx: `nohup npx @vendor/api-mock > log &` survives the hangup that takes npm with it', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'mock-bg-')), 'mock.log');
    // In a session of its own, as a terminal's shell runs a job: the hangup goes to the whole group.
    const shell = spawnSync('setsid', ['sh', '-c', `nohup npx @vendor/api-mock --port 0 > "${log}" 2>&1 < /dev/null & echo $!`], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: withoutNpmExec(),
    });
    const npx = Number(shell.stdout.trim());
    started.push(npx);
    const url = await listeningUrlIn(log);
    const server = [npx, ...descendants(npx)].filter((pid) => commandLine(pid).includes('api-mock')).at(-1)!;
    started.push(server);
    process.kill(-shell.pid, 'SIGHUP'); // the terminal closes: npm (Node resets nohup's ignore) and its shell end
    await expect.poll(() => isAlive(npx), { timeout: START_TIMEOUT_MS }).toBe(false);
    await answeredWhileParentLooksPass(url);
    const ms = await stoppedAfter(() => process.kill(server, 'SIGTERM'), { starter: undefined as never, port: Number(url.port), server });
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
    expect(readFileSync(log, 'utf8')).toContain('SIGTERM: stopping the mock');
  });

  it('with a terminal, SIGHUP (the terminal hung up) stops it within 5 s', async () => {
    // script(1) gives the mock a pseudo-terminal, as an interactive shell would.
    const run = await start('script', ['-qfec', `"${process.execPath}" "${bin}" --port 0`, '/dev/null'], { appendPort: false });
    const ms = await stoppedAfter(() => process.kill(run.server, 'SIGHUP'), run);
    expect(ms).toBeLessThan(STOP_DEADLINE_MS);
  });
});

/** The environment of a process that no `npx` or `npm exec` started (the suite itself may run under one). */
function withoutNpmExec(): NodeJS.ProcessEnv {
  const { npm_command: _command, npm_lifecycle_event: _event, ...environment } = process.env;
  return environment;
}

async function listeningUrlIn(log: string): Promise<URL> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = /listening on (http:\/\/\S+)/.exec(readFileSync(log, { encoding: 'utf8', flag: 'a+' }))?.[1];
      return found !== undefined;
    }, { timeout: START_TIMEOUT_MS, interval: 100 })
    .toBe(true);
  return new URL(found!);
}

/** Requests the mock until its parent has been looked at several times since the shell exited (watch or not). */
async function answeredWhileParentLooksPass(url: URL): Promise<void> {
  const until = performance.now() + 4 * PARENT_POLL_MS;
  while (performance.now() < until) {
    const response = await fetch(new URL('/api/svc/v1/teams/t1', url), { headers: { authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, PARENT_POLL_MS / 2));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Linux: every process under `pid`, from /proc's list of each process's children. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
