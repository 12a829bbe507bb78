// Configuration from the environment, as a container or a systemd unit gives it: every flag of every command is
// also read from VENDOR_API_MOCK_<FLAG>, a flag on the command line wins, a bad value is one line naming the
// variable and the rule, --help lists each flag beside its variable, and the banner never shows the database
// password. The CLI runs as a process (the built bin); every wait is for the line or the answer asserted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variableOf, type FlagTable } from '../../src/cli/flag-reader.js';
import { MOCK_FLAGS } from '../../src/cli/mock-options.js';
import { PROXY_FLAGS } from '../../src/cli/proxy-options.js';
import { TOKEN_FLAGS } from '../../src/cli/token-command.js';
import { VERIFY_FLAGS } from '../../src/cli/verify-options.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { freePort } from '../support/free-port.mjs';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
/** Start-ups on a busy 2-core machine: minutes, not seconds. */
const START_MS = 170_000;

/** The parent's environment without any VENDOR_API_MOCK_* or sandbox secret, plus `env`: each test sets only its own. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('VENDOR_API_MOCK_') && name !== 'VENDOR_SANDBOX_SECRET');
  return { ...Object.fromEntries(kept), ...env };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  /** resolves with the banner once the line the test waits for is out (the banner's last line is the token) */
  banner: Promise<string>;
}

const running: ChildProcess[] = [];

/** Starts the CLI and waits for its banner to end with `last` (a line of the banner). */
function start(args: string[], env: Record<string, string>, last: RegExp): Started {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv(env) });
  running.push(child);
  let out = '';
  const banner = new Promise<string>((resolve, reject) => {
    const look = () => {
      if (last.test(out)) resolve(out);
    };
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      look();
    });
    child.stderr!.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}) before its banner:\n${out}`)));
  });
  banner.catch(() => {});
  return { child, output: () => out, banner };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

afterAll(async () => {
  await Promise.all(running.map(stop));
});

const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: START_MS, env: cleanEnv(env) });

describe('VENDOR_API_MOCK_PORT', () => {
  it('alone sets the port the mock listens on', async () => {
    const port = await freePort();
    const mock = start([], { VENDOR_API_MOCK_PORT: String(port) }, /request journal:/);
    const banner = await mock.banner;
    expect(banner).toContain(`listening on http://127.0.0.1:${port}`);
    const answer = await fetch(`http://127.0.0.1:${port}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer any' } });
    expect(answer.status).toBe(200);
    await stop(mock.child);
  }, START_MS);

  it('loses to --port on the command line', async () => {
    const [fromEnv, fromFlag] = [await freePort(), await freePort()];
    const mock = start(['--port', String(fromFlag)], { VENDOR_API_MOCK_PORT: String(fromEnv) }, /request journal:/);
    expect(await mock.banner).toContain(`listening on http://127.0.0.1:${fromFlag}`);
    await stop(mock.child);
  }, START_MS);
});

describe('VENDOR_API_MOCK_RATE_LIMIT', () => {
  it('alone sets the sandbox rate limit: the banner says so and a burst past it is answered 429', async () => {
    const port = await freePort();
    const sandbox = start(['--sandbox', '--port', String(port)], { VENDOR_API_MOCK_RATE_LIMIT: '3' }, /token for tenant acme.*\n\S+\n/);
    const banner = await sandbox.banner;
    expect(banner).toContain('limits: 3 reads and 3 writes a second per tenant (bursts up to 6)');
    const token = banner.trimEnd().split('\n').at(-1)!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/svc/v1/teams/t1`, { headers: { authorization: `Bearer ${token}` } })),
    );
    const statuses = answers.map((answer) => answer.status);
    // At most the burst (6) and what refilled meanwhile pass; 20 at once cannot all.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    await stop(sandbox.child);
  }, START_MS);
});

describe('VENDOR_API_MOCK_DATABASE_URL', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, START_MS);
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('alone puts the sandbox on Postgres, and the banner shows the URL without its passwords', async () => {
    // The cluster trusts loopback connections, so the passwords are sent to no one: they are here to be hidden.
    const url = new URL(cluster.url);
    url.password = 'userinfo-secret';
    url.searchParams.set('application_name', 'environment-test');
    url.searchParams.set('sslpassword', 'query-secret');
    const port = await freePort();
    const sandbox = start(['--sandbox', '--port', String(port)], { VENDOR_API_MOCK_DATABASE_URL: url.toString() }, /token for tenant acme.*\n\S+\n/);
    const banner = await sandbox.banner;
    expect(banner).toContain(`store: Postgres at postgres://postgres:***@127.0.0.1:${cluster.port}/postgres?application_name=environment-test&sslpassword=*** (at most 10 connections)`);
    expect(banner).not.toContain('userinfo-secret');
    expect(banner).not.toContain('query-secret');
    const health = await fetch(`http://127.0.0.1:${port}/_sandbox/health`);
    expect(health.status).toBe(200);
    expect(sandbox.output()).not.toMatch(/userinfo-secret|query-secret/);
    await stop(sandbox.child);
  }, START_MS);

  it('takes --database-pool from VENDOR_API_MOCK_DATABASE_POOL beside it', async () => {
    const port = await freePort();
    const env = { VENDOR_API_MOCK_DATABASE_URL: cluster.url, VENDOR_API_MOCK_DATABASE_POOL: '3', VENDOR_API_MOCK_SANDBOX: 'true', VENDOR_API_MOCK_PORT: String(port) };
    const sandbox = start([], env, /token for tenant acme.*\n\S+\n/);
    expect(await sandbox.banner).toContain('(at most 3 connections)');
    await stop(sandbox.child);
  }, START_MS);
});

describe('a bad value in the environment', () => {
  it.each([
    [[], { VENDOR_API_MOCK_PORT: 'abc' }, '@vendor/api-mock: VENDOR_API_MOCK_PORT must be an integer from 0 to 65535 (got abc)'],
    [['--sandbox'], { VENDOR_API_MOCK_RATE_LIMIT: 'fast' }, '@vendor/api-mock: VENDOR_API_MOCK_RATE_LIMIT must be a whole number, 0 to turn it off (got fast)'],
    [['--sandbox'], { VENDOR_API_MOCK_DATABASE_URL: 'mysql://u:pw-secret@h/db' }, '@vendor/api-mock: VENDOR_API_MOCK_DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [[], { VENDOR_API_MOCK_DATABASE_URL: 'postgres://h/db' }, '@vendor/api-mock: VENDOR_API_MOCK_DATABASE_URL only apply with --sandbox'],
    [[], { VENDOR_API_MOCK_SANDBOX: 'yes' }, '@vendor/api-mock: VENDOR_API_MOCK_SANDBOX must be true, false, 1 or 0 (got yes)'],
    [['proxy'], { VENDOR_API_MOCK_UPSTREAM: 'notaurl' }, '@vendor/api-mock proxy: VENDOR_API_MOCK_UPSTREAM must be an http(s) URL (without query or fragment)'],
  ] as const)('%j %j is one line naming the variable and the rule', (args, env, line) => {
    const result = run([...args], env);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${line}\n`);
    expect(result.stderr).not.toContain('pw-secret');
  }, START_MS);
});

describe('--help', () => {
  it.each([
    ['the mock', [], MOCK_FLAGS],
    ['proxy', ['proxy'], PROXY_FLAGS],
    ['verify', ['verify'], VERIFY_FLAGS],
    ['token', ['token'], TOKEN_FLAGS],
  ] as const)('of %s names each flag beside its variable', (_command, args, flags: FlagTable) => {
    const result = run([...args, '--help'], {});
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    for (const spec of Object.values(flags)) {
      const beside = lines.some((line) => line.trimStart().startsWith(spec.flag) && line.trimEnd().endsWith(` ${variableOf(spec.flag)}`));
      expect(beside, `${spec.flag} beside ${variableOf(spec.flag)}`).toBe(true);
    }
  }, START_MS);
});
