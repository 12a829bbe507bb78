// `npm start` under a supervisor: a signal to the npm process frees both ports, a taken port is one line,
// the build step shows progress. Runs with --skip-build (serves the dist folders turbo built for this suite):
// a build inside the suite would rebuild packages other test tasks are reading.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../../scripts/lib/start/options.mjs';
import { runStep } from '../../scripts/lib/run-step.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MINUTES = 180_000; // process start-ups on a busy shared machine: minutes, not seconds

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(command: string, args: string[]): Started {
  // Without TURBO_FORCE etc. from the suite's own turbo run; the script's own behaviour is under test.
  const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** Waits for both URLs (the readiness signal), or fails with the output when the process ends first. */
async function urlsOf(started: Started): Promise<{ docs: string; mock: string }> {
  let exited = false;
  void started.exit.then(() => (exited = true));
  await expect
    .poll(() => {
      if (exited) throw new Error(`npm start ended before serving:\n${started.output()}`);
      return /API mock:/.test(started.output());
    }, { timeout: MINUTES, interval: 100 })
    .toBe(true);
  return {
    docs: /API docs:\s+(http:\/\/\S+?)\/?\s/.exec(started.output())![1]!,
    mock: /API mock:\s+(http:\/\/\S+)/.exec(started.output())![1]!,
  };
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Whether something still accepts connections on the port. */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

describe.each(['SIGTERM', 'SIGINT'] as const)('npm start, then %s to the npm process', (signal) => {
  it('serves docs and mock, then stops both and frees both ports', async () => {
    const npm = start('npm', ['start', '--', '--skip-build', '--docs-port', '0', '--mock-port', '0']);
    try {
      const urls = await urlsOf(npm);
      expect((await fetch(`${urls.docs}/`)).status).toBe(200);
      expect((await fetch(`${urls.mock}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer t' } })).status).toBe(200);
      // One ready curl line against the mock just started, answered as it is pasted.
      const tryIt = npm.output().split('\n').filter((line) => line.startsWith('Try it:'));
      expect(tryIt).toHaveLength(1);
      const curl = tryIt[0]!.slice('Try it:'.length).trim();
      expect(curl.startsWith(`curl -s '${urls.mock}/`)).toBe(true);
      const { stdout } = await promisify(execFile)('/bin/sh', ['-c', `${curl} --max-time 60 --write-out '\n%{http_code}'`], { encoding: 'utf8' });
      const [body, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), stdout.slice(stdout.lastIndexOf('\n') + 1)];
      expect(status).toBe('200');
      expect(JSON.parse(body)).toHaveProperty('data');
      // The console's sandbox token is in the banner, so a partner's own code can call the same sandbox.
      const sandboxUrl = /API sandbox:\s+(http:\/\/\S+)/.exec(npm.output())![1]!;
      const token = /^Sandbox token for tenant acme .*:\n {2}(\S+)$/m.exec(npm.output())?.[1];
      expect(token, npm.output()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const samePath = new URL(curl.split("'")[1]!).pathname;
      expect((await fetch(`${sandboxUrl}${samePath}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await fetch(`${sandboxUrl}${samePath}`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);

      npm.child.kill(signal); // the npm process, as docker stop, systemd or a CI cancel would
      expect(await npm.exit).toBe(0);
      expect(npm.output()).toContain(`${signal}: stopping the docs server and the mock`);
      await expect.poll(async () => (await canBind(portOf(urls.docs))) && (await canBind(portOf(urls.mock))), { timeout: MINUTES }).toBe(true);
    } finally {
      npm.child.kill('SIGKILL');
    }
  }, MINUTES);
});

describe.each([
  ['--docs-port', '--mock-port'],
  ['--mock-port', '--docs-port'],
])('npm start with %s taken', (takenOption, otherOption) => {
  it('prints one line naming the port and the option, exits non-zero, no stack trace', async () => {
    const { port, server } = await occupiedPort();
    try {
      const script = start(process.execPath, ['scripts/start.mjs', '--skip-build', takenOption, String(port), otherOption, '0']);
      expect(await script.exit).toBe(1);
      expect(script.output()).toBe(`npm start: port ${port} is already in use; choose another with ${takenOption} <port>\n`);

      const npm = start('npm', ['start', '--', '--skip-build', takenOption, String(port), otherOption, '0']);
      expect(await npm.exit).not.toBe(0);
      expect(npm.output()).toContain(`npm start: port ${port} is already in use; choose another with ${takenOption} <port>`);
      expect(npm.output()).not.toMatch(/^\s+at /m);
      expect(npm.output()).not.toContain('EADDRINUSE');
    } finally {
      server.close();
    }
  }, MINUTES);
});

describe('npm start options', () => {
  it('reads both ports and --skip-build; a bad port names its option', () => {
    expect(parseStartArgs(['--docs-port', '9000', '--mock-port=0', '--skip-build'])).toEqual({ docsPort: 9000, mockPort: 0, skipBuild: true, help: false });
    expect(() => parseStartArgs(['--mock-port', 'x'])).toThrow('--mock-port must be a port number from 0 to 65535 (got x)');
  });

  it('exits 2 with one line for an unknown option', async () => {
    const script = start(process.execPath, ['scripts/start.mjs', '--verbose']);
    expect(await script.exit).toBe(2);
    expect(script.output()).toBe('npm start: unknown option --verbose (see npm start -- --help)\n');
  }, MINUTES);
});

describe('a build step of npm start', () => {
  it('shows its output as it comes and says it is still running while it is quiet', async () => {
    const lines: string[] = [];
    // A step that prints one line, then stays quiet until stop() ends it, once the progress line was seen.
    const step = runStep({
      title: 'quiet step',
      command: process.execPath,
      args: ['-e', 'console.log("first line"); setInterval(() => {}, 1000);'],
      cwd: repoRoot,
      heartbeatMs: 200,
      log: (line: string) => lines.push(line),
    });
    const isProgress = (l: string) => /^ {2}\.\.\. still running \(\d+ s so far\)$/.test(l);
    // On a busy machine the child may take longer to print than a heartbeat: wait for both, in any order.
    await expect.poll(() => lines.includes('  first line') && lines.some(isProgress), { timeout: MINUTES }).toBe(true);
    expect(lines[0]).toBe('\n> quiet step');
    step.stop();
    expect(await step.done).toBe(1);
    expect(lines.at(-1)).toMatch(/^ {2}failed in \d+ s$/);
  }, MINUTES);
});
