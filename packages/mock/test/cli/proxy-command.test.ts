// `npx @vendor/api-mock proxy`, run as a partner runs it (bin/api-mock.mjs; build dist first with `npx tsup`):
// prints where it listens, forwards, and on SIGTERM writes --report FILE and exits 0. Never prints a secret.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningSandbox } from '../../src/index.js';
import { parseProxyArgs } from '../../src/cli/proxy-options.js';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const MINUTES = 60_000;
const PASSWORD = 'cli-upstream-passw0rd';

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

/** The proxy's URL, once its banner says it listens (or the process ended, which fails the test with its output). */
async function listeningUrl(proxy: Run): Promise<string> {
  await expect.poll(() => /listening on \S+/.test(proxy.stdout()) || proxy.child.exitCode !== null, { timeout: 3 * MINUTES, interval: 100 }).toBe(true);
  const url = /listening on (http:\/\/\S+)/.exec(proxy.stdout())?.[1];
  if (url === undefined) throw new Error(`the proxy did not start:\n${proxy.stdout()}\n${proxy.stderr()}`);
  return url;
}

describe('npx @vendor/api-mock proxy', { timeout: 5 * MINUTES }, () => {
  let sandbox: RunningSandbox;
  let token: string;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startMock({ sandbox: {}, onWarning: () => {} });
    token = await sandbox.token('acme');
    dir = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
  });

  afterAll(async () => {
    await sandbox?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('prints its URL, forwards with the token, and on SIGTERM writes --report FILE, prints a summary and exits 0', async () => {
    const reportFile = join(dir, 'nested', 'report.json');
    const upstream = new URL(sandbox.url);
    upstream.username = 'operator';
    upstream.password = PASSWORD;
    const proxy = run(['proxy', '--upstream', upstream.toString(), '--port', '0', '--report', reportFile, '--record', join(dir, 'recorded')]);
    const url = await listeningUrl(proxy);
    expect(proxy.stdout()).toContain(`control plane upstream:  ${upstream.host}`);

    const res = await fetch(`${url}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.id).toBe('jqfwg345gi25n5ju2yz5iz6m');
    expect(sandbox.requests('acme').map((entry) => entry.operationId)).toEqual(['getTeam']);
    await expect.poll(() => proxy.stdout()).toContain('GET /api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m 200');

    proxy.child.kill('SIGTERM');
    expect(await proxy.exit).toBe(0);
    const report = JSON.parse(await readFile(reportFile, 'utf8'));
    expect(report.operations).toEqual([expect.objectContaining({ operationId: 'getTeam', calls: 1, statuses: { '200': 1 }, findings: [] })]);
    expect(report.totals.findings).toBe(0);
    expect(proxy.stderr()).toContain('Without findings: getTeam (1 call: 200 ×1)');
    const output = proxy.stdout() + proxy.stderr();
    expect(output).not.toContain(token);
    expect(output).not.toContain(PASSWORD);
  });

  it('exits 2 naming the flag: no --upstream, a URL that is not http(s), an unknown option', async () => {
    const missing = run(['proxy', '--port', '0']);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr()).toContain('--upstream is required');
    const ftp = run(['proxy', '--upstream', `ftp://user:${PASSWORD}@example.com`]);
    expect(await ftp.exit).toBe(2);
    expect(ftp.stderr()).toContain('--upstream must be an http(s) URL');
    expect(ftp.stderr()).not.toContain(PASSWORD);
    const unknown = run(['proxy', '--upstream', 'http://example.com', '--sandbox']);
    expect(await unknown.exit).toBe(2);
    expect(unknown.stderr()).toContain('unknown option --sandbox');
  });
});

describe('proxy options', () => {
  it('reads every flag, --flag=value too, with the defaults of the mock', () => {
    expect(parseProxyArgs(['--upstream', 'https://api.example.com'])).toEqual({ upstream: 'https://api.example.com', port: 4010, host: '127.0.0.1', strict: false, help: false });
    expect(
      parseProxyArgs(['--upstream=https://api.example.com', '--gateway-upstream', 'https://gw.example.com/v1', '--port', '0', '--host', '0.0.0.0', '--strict', '--record', 'rec', '--report', 'r.json']),
    ).toEqual({
      upstream: 'https://api.example.com',
      gatewayUpstream: 'https://gw.example.com/v1',
      port: 0,
      host: '0.0.0.0',
      strict: true,
      record: 'rec',
      report: 'r.json',
      help: false,
    });
  });

  it('names the flag in its errors', () => {
    expect(() => parseProxyArgs(['--upstream', 'api.example.com'])).toThrow('--upstream must be an http(s) URL');
    expect(() => parseProxyArgs(['--upstream', 'http://a.example', '--gateway-upstream', 'file:///x'])).toThrow('--gateway-upstream must be an http(s) URL');
    expect(() => parseProxyArgs(['--upstream', 'http://a.example', '--port', '70000'])).toThrow('--port must be an integer');
    expect(() => parseProxyArgs(['--upstream', 'http://a.example', '--strict=yes'])).toThrow('--strict takes no value');
    expect(() => parseProxyArgs(['--upstream'])).toThrow('--upstream needs a value');
  });
});
