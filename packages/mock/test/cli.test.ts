// The built CLI (dist/cli.js): prints the URLs, logs one line per request, stops cleanly on SIGTERM/SIGINT.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const spec = fileURLToPath(new URL('./fixtures/mini-spec.json', import.meta.url));

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

describe('vendor-api-mock CLI', () => {
  it('is built with a shebang', () => {
    expect(readFileSync(cli, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

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
      expect(mock.output()).toBe(`vendor-api-mock: port ${port} is already in use; choose another with --port <port>\n`);
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
