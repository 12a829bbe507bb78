// The CLI as `npx @vendor/api-mock` runs it (bin/api-mock.mjs, which runs the built dist/cli.js): prints the URLs,
// logs one line per request, stops cleanly on SIGTERM/SIGINT.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const spec = fileURLToPath(new URL('../fixtures/mini-spec.json', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

function run(args: string[], nodeArgs: string[] = []): { child: ChildProcess; output: () => string; url: Promise<string>; exit: Promise<number | null> } {
  const child = spawn(process.execPath, [...nodeArgs, cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`CLI exited before listening:\n${out}`)));
  });
  url.catch(() => {}); // tests that expect an early exit do not wait for the URL
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, url, exit };
}

describe('the bin that npx @vendor/api-mock runs', () => {
  it('is the committed bin/api-mock.mjs, shipped in the package, with a shebang', () => {
    // Committed rather than built: npm links a bin at install time only if its file exists then.
    expect(Object.values(pkg.bin)).toEqual(['./bin/api-mock.mjs']);
    expect(pkg.files).toContain('bin');
    expect(readFileSync(cli, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('names the scoped package in its usage, for the mock and for the token command', () => {
    const help = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8', timeout: 170_000 });
    expect(help.status).toBe(0);
    expect(help.stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mock \[--port 4010\]/);
    const tokenHelp = spawnSync(process.execPath, [cli, 'token', '--help'], { encoding: 'utf8', timeout: 170_000 });
    expect(tokenHelp.status).toBe(0);
    expect(tokenHelp.stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mock token --tenant NAME/);
  });

  it('before a build, says in one line to run npm run build, without a stack trace', async () => {
    // A copy of the bin in a folder without dist/: what a fresh clone has after `npm ci`.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-mock-unbuilt-'));
    try {
      await mkdir(path.join(dir, 'bin'));
      await copyFile(cli, path.join(dir, 'bin/api-mock.mjs'));
      const result = spawnSync(process.execPath, [path.join(dir, 'bin/api-mock.mjs'), '--help'], { encoding: 'utf8', timeout: 170_000 });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain('run `npm run build`');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the CLI', () => {
  it('prints the URL and both base URLs, logs each request without the token, and exits 0 on SIGTERM', async () => {
    const mock = run(['--port', '0', '--host', '127.0.0.1', '--spec', spec]);
    const url = await mock.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.output()).toContain(`control plane baseUrl:   ${url}`);
    expect(mock.output()).toContain(`gateway gatewayBaseUrl:  ${url}`);

    const res = await fetch(`${url}/acme/v1/agents/sessions/s1/turns?limit=3&page_token=tok`, {
      headers: { authorization: 'Bearer cli-secret-token', 'x-vendor-provider-name': 'p' },
    });
    expect(res.status).toBe(200);
    await expect.poll(mock.output).toMatch(/GET \/acme\/v1\/agents\/sessions\/s1\/turns 200 \d+\.\dms/);
    expect(mock.output()).not.toContain('cli-secret-token');
    expect(mock.output()).not.toContain('page_token');

    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
    expect(mock.output()).toContain('SIGTERM: stopping the mock');
  });

  it('runs chaos mode from --faults/--fault-kinds/--seed, prints the seed to replay, and keeps a journal', async () => {
    const mock = run(['--port', '0', '--faults', '1', '--fault-kinds', '429', '--seed', 'cli-seed', '--journal-size', '5']);
    const url = await mock.url;
    await expect.poll(mock.output).toContain('request journal:');
    expect(mock.output()).toContain('chaos: 100% of requests fail (429); replay with --seed cli-seed');
    expect(mock.output()).toContain(`request journal: GET ${url}/_mock/requests (last 5)`);
    const res = await fetch(`${url}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer t' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    const journal = await (await fetch(`${url}/_mock/requests`)).json();
    expect(journal.requests.map((r: { status: number }) => r.status)).toEqual([429]);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it('exits 0 on SIGINT', async () => {
    const mock = run(['--port', '0', '--spec', spec]);
    await mock.url;
    mock.child.kill('SIGINT');
    expect(await mock.exit).toBe(0);
  });

  it('counts "ready in N ms" from process start, so the time Node takes before the CLI runs is included', async () => {
    // A preload that holds the process for 400 ms before the CLI's modules load: a timer started by the CLI misses it.
    const hold = `data:text/javascript,const until = Date.now() + 400; while (Date.now() < until) {}`;
    const mock = run(['--port', '0', '--spec', spec], ['--import', hold]);
    await mock.url;
    const readyMs = Number(/ready in (\d+) ms/.exec(mock.output())?.[1]);
    expect(readyMs).toBeGreaterThanOrEqual(400);
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  it('says in one line which port is taken and which option changes it, without a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const mock = run(['--port', String(port), '--spec', spec]);
      expect(await mock.exit).toBe(1);
      expect(mock.output()).toBe(`@vendor/api-mock: port ${port} is already in use; choose another with --port <port>\n`);
    } finally {
      blocker.close();
    }
  });

  it('exits 2 with a message naming the option for a bad port', async () => {
    const mock = run(['--port', 'x']);
    expect(await mock.exit).toBe(2);
    expect(mock.output()).toContain('--port must be an integer from 0 to 65535 (got x)');
  });
});
