// The CLI's sandbox mode and its token command, run as `npx @vendor/api-mock` runs them (bin/api-mock.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { requestExample } from './helpers.js';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const MINUTES = 60_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  exit: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, VENDOR_SANDBOX_SECRET: '', ...env } });
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, stdout: () => stdout, exit };
}

/** The URL and the printed acme token, once the banner is complete (the token is its last line). */
async function banner(sandbox: Run): Promise<{ url: string; token: string }> {
  await expect
    .poll(() => /token for tenant acme[^\n]*\n(\S+)\n/.test(sandbox.stdout()) || sandbox.child.exitCode !== null, { timeout: 3 * MINUTES, interval: 100 })
    .toBe(true);
  const url = /listening on (http:\/\/\S+)/.exec(sandbox.stdout())?.[1];
  const token = /token for tenant acme[^\n]*\n(\S+)\n/.exec(sandbox.stdout())?.[1];
  if (!url || !token) throw new Error(`the sandbox did not start:\n${sandbox.output()}`);
  return { url, token };
}

const lastLine = (text: string) => text.trim().split('\n').pop()!;

describe('npx @vendor/api-mock token', { timeout: 5 * MINUTES }, () => {
  it('prints a token (last line of stdout) that a sandbox with the same secret accepts, for that tenant', async () => {
    const token = run(['token', '--tenant', 'initech', '--subject', 'user:bob@initech.example', '--secret', 'cli-secret', '--expires-in', '1h']);
    expect(await token.exit).toBe(0);
    const sandbox = await startMock({ sandbox: { secret: 'cli-secret' }, onWarning: () => {} });
    try {
      const res = await fetch(`${sandbox.url}/initech/v1/agents/sessions/01arz3ndektsv4rrffq69g5fav.g/turns`, {
        headers: { authorization: `Bearer ${lastLine(token.stdout())}` },
      });
      expect(res.status).toBe(200);
      const other = await fetch(`${sandbox.url}/acme/v1/agents/sessions/01arz3ndektsv4rrffq69g5fav.g/turns`, {
        headers: { authorization: `Bearer ${lastLine(token.stdout())}` },
      });
      expect(other.status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it('takes the secret from VENDOR_SANDBOX_SECRET', async () => {
    const token = run(['token', '--tenant', 'acme'], { VENDOR_SANDBOX_SECRET: 'from-env' });
    expect(await token.exit).toBe(0);
    const sandbox = await startMock({ sandbox: { secret: 'from-env' }, onWarning: () => {} });
    try {
      const res = await fetch(`${sandbox.url}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${lastLine(token.stdout())}` } });
      expect(res.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('exits 2 naming the problem: no secret, a bad tenant, a bad duration', async () => {
    const noSecret = run(['token', '--tenant', 'acme']);
    expect(await noSecret.exit).toBe(2);
    expect(noSecret.output()).toContain('--secret or the VENDOR_SANDBOX_SECRET environment variable');
    const badTenant = run(['token', '--tenant', 'Not A Tenant', '--secret', 's']);
    expect(await badTenant.exit).toBe(2);
    expect(badTenant.output()).toContain('tenant must be');
    const badDuration = run(['token', '--tenant', 'acme', '--secret', 's', '--expires-in', 'soon']);
    expect(await badDuration.exit).toBe(2);
    expect(badDuration.output()).toContain('--expires-in must be a duration');
  });
});

describe('npx @vendor/api-mock --sandbox', { timeout: 5 * MINUTES }, () => {
  it('prints a working acme token and never the secret; SIGTERM lets a request in flight finish, then exits 0', async () => {
    const secret = 'do-not-print-this-secret';
    const sandbox = run(['--sandbox', '--port', '0', '--secret', secret]);
    const { url, token } = await banner(sandbox);
    expect(sandbox.output()).not.toContain(secret);
    const res = await fetch(`${url}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);

    // A PUT whose body is still to come when SIGTERM arrives: it must still get its answer. With
    // `Expect: 100-continue` the server says when it has taken the request (100 Continue); only then
    // is the request in flight, so the signal is sent after it.
    const body = requestExample('createOrUpdateMcpServer');
    body.manifest.name = 'in-flight-at-sigterm';
    const text = JSON.stringify(body);
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(`${url}/api/svc/v1/mcp`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          expect: '100-continue',
        },
      });
      req.on('response', (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('continue', () => {
        sandbox.child.kill('SIGTERM');
        // The body goes out once the sandbox has begun stopping.
        void expect.poll(sandbox.output, { timeout: MINUTES }).toContain('SIGTERM: stopping').then(() => req.end(text), reject);
      });
      req.flushHeaders();
    });
    expect(await answered).toBe(200);
    expect(await sandbox.exit).toBe(0);
  }, 5 * MINUTES);

  it('with --data, a write that was answered is there after the process is killed (SIGKILL) and started again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cli-data-'));
    try {
      const args = ['--sandbox', '--port', '0', '--secret', 'kill-secret', '--data', dir, '--tenant-ttl', '7d'];
      const first = run(args);
      const { url, token } = await banner(first);
      expect(first.stdout()).toContain(`store: in memory, kept in ${dir}`);
      expect(first.stdout()).toContain('tenants: forgotten after 7d idle (--tenant-ttl)');
      const body = requestExample('createOrUpdateMcpServer');
      body.manifest.name = 'answered-before-sigkill';
      const created = await fetch(`${url}/api/svc/v1/mcp`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(created.status).toBe(200);
      const { data } = (await created.json()) as { data: { id: string } };
      first.child.kill('SIGKILL');
      await first.exit;

      // The killed process left its owner.pid behind; the new one takes the directory over.
      const second = run(args);
      const again = await banner(second);
      try {
        const read = await fetch(`${again.url}/api/svc/v1/mcp-servers/${data.id}`, { headers: { authorization: `Bearer ${again.token}` } });
        expect(read.status).toBe(200);
        expect(((await read.json()) as any).data.manifest.name).toBe('answered-before-sigkill');
        const health = (await (await fetch(`${again.url}/_sandbox/health`)).json()) as { store: string; tenants: number };
        expect(health).toMatchObject({ status: 'ok', store: 'file' });
        expect(health.tenants).toBeGreaterThanOrEqual(1);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exit).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a random secret says so, and a token from another secret gets 401', async () => {
    const sandbox = run(['--sandbox', '--port', '0']);
    const { url } = await banner(sandbox);
    expect(sandbox.output()).toContain('secret: random');
    const foreign = run(['token', '--tenant', 'acme', '--secret', 'guess']);
    await foreign.exit;
    const res = await fetch(`${url}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${lastLine(foreign.stdout())}` } });
    expect(res.status).toBe(401);
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exit).toBe(0);
  }, 5 * MINUTES);

  it('--shared: the banner and GET /_sandbox/health say which limits are in force; a flag alone overrides its default', async () => {
    const sandbox = run(['--sandbox', '--port', '0', '--shared', '--max-tenant-bytes', '512kB']);
    const { url, token } = await banner(sandbox);
    expect(sandbox.stdout()).toContain('tenants: forgotten after 7d idle (--tenant-ttl)');
    expect(sandbox.stdout()).toContain('limits: 25 reads and 25 writes a second per tenant (bursts up to 50); 1000 records per tenant and kind; 512 kB of records per tenant');
    // Without --database-url, what a fleet would share is this process's own, and the banner says so in one line.
    expect(sandbox.stdout()).toContain('fleet: this process only: its rate limit, Prefer times=N counters, journal and tenant sweep are its own (--database-url shares them among instances)');
    const health = await (await fetch(`${url}/_sandbox/health`)).json();
    expect(health.limits).toEqual({ rateLimit: 25, burst: 50, maxRecords: 1000, maxTenantBytes: 512_000, tenantTtl: '7d' });
    const answer = await fetch(`${url}/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.headers.get('ratelimit-limit')).toBe('50');
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exit).toBe(0);
    const local = run(['--sandbox', '--port', '0']);
    await banner(local);
    expect(local.stdout()).toContain('limits: none (a local sandbox; --shared turns on the limits of a hosted one)');
    expect(local.stdout()).not.toContain('fleet:');
    local.child.kill('SIGINT');
    expect(await local.exit).toBe(0);
  }, 5 * MINUTES);

  it('exits 2 for sandbox options without --sandbox, or --data with --database-url', async () => {
    const without = run(['--data', '/tmp/x']);
    expect(await without.exit).toBe(2);
    expect(without.output()).toContain('--data only apply with --sandbox');
    const both = run(['--sandbox', '--data', '/tmp/x', '--database-url', 'postgres://127.0.0.1/x']);
    expect(await both.exit).toBe(2);
    expect(both.output()).toContain('not both');
  });

  it('exits 1 with the reason, without the password, when the database cannot be reached', async () => {
    const sandbox = run(['--sandbox', '--port', '0', '--database-url', 'postgres://sandbox:hunter2-password@127.0.0.1:1/sandbox']);
    expect(await sandbox.exit).toBe(1);
    expect(sandbox.output()).toContain('cannot open its database');
    expect(sandbox.output()).not.toContain('hunter2-password');
  }, 5 * MINUTES);
});
