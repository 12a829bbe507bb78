// The sandbox with a data directory (--data DIR: memory, with its changes in the directory): the same behaviour, and state that
// survives a restart.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { describeSandboxBehaviour } from './behaviour.js';
import { call, requestExample } from './helpers.js';
import { describeQuotas, secretGroup } from './quotas.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-data-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeSandboxBehaviour('data directory', () => startMock({ sandbox: { secret: 'sandbox-test-secret', data: freshDir() }, onWarning: () => {} }));

describeQuotas('data directory', (limits) => startMock({ sandbox: { secret: 'sandbox-test-secret', data: freshDir(), ...limits }, onWarning: () => {} }));

describe('--data DIR', () => {
  it('counts the records kept before a restart against --max-records after it', async () => {
    const dir = freshDir();
    const options = { sandbox: { secret: 'restart-secret', data: dir, maxRecords: 2 }, onWarning: () => {} };
    const first = await startMock(options);
    const token = await first.token('acme');
    for (const name of ['kept-1', 'kept-2']) expect((await call(first.url, 'createSecretGroup', { token, body: secretGroup(name) })).status).toBe(200);
    await first.close();

    const second = await startMock(options);
    try {
      const refused = await call(second.url, 'createSecretGroup', { token, body: secretGroup('kept-3') });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('keeps 2 secret-group records');
    } finally {
      await second.close();
    }
  });

  it('keeps what was written across a restart on the same directory', async () => {
    const dir = freshDir();
    const options = { sandbox: { secret: 'restart-secret', data: dir }, onWarning: () => {} };
    const first = await startMock(options);
    expect(first.store).toBe('file');
    const token = await first.token('acme');
    const body = requestExample('createOrUpdateMcpServer');
    body.manifest.name = 'survives-restart';
    const created = await call(first.url, 'createOrUpdateMcpServer', { token, body });
    expect(created.status).toBe(200);
    await first.close();

    const second = await startMock(options);
    try {
      const read = await call(second.url, 'getMcpServer', { token, path: { id: created.body.data.id } });
      expect(read.status).toBe(200);
      expect(read.body.data.manifest.name).toBe('survives-restart');
    } finally {
      await second.close();
    }
  }, 5 * 60_000);

  it('is owned by one sandbox at a time: a second one is refused, naming the directory, until the first closes', async () => {
    const dir = freshDir();
    const options = { sandbox: { secret: 'owner-secret', data: dir }, onWarning: () => {} };
    const first = await startMock(options);
    try {
      await expect(startMock(options)).rejects.toThrow(`${dir} is in use by another sandbox (process ${process.pid})`);
    } finally {
      await first.close();
    }
    const second = await startMock(options);
    await second.close();
  });

  it('takes over a directory whose owner exited without closing it', async () => {
    const dir = freshDir();
    const options = { sandbox: { secret: 'owner-secret', data: dir }, onWarning: () => {} };
    await (await startMock(options)).close();
    // A pid no process has (above the kernel's pid_max), as a killed owner leaves behind.
    writeFileSync(path.join(dir, 'owner.pid'), '4194305');
    const sandbox = await startMock(options);
    expect(readFileSync(path.join(dir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    await sandbox.close();
  });

  it('skips a last line cut short by a crash, with a warning, and keeps every whole change before it', async () => {
    const dir = freshDir();
    const warnings: string[] = [];
    const options = { sandbox: { secret: 'crash-secret', data: dir }, onWarning: (line: string) => warnings.push(line) };
    const first = await startMock(options);
    const token = await first.token('acme');
    const body = requestExample('createOrUpdateMcpServer');
    body.manifest.name = 'before-the-crash';
    const created = await call(first.url, 'createOrUpdateMcpServer', { token, body });
    // What a crash leaves: the change log as written so far (close() would compact it), plus half a line.
    const log = readFileSync(path.join(dir, 'changes.jsonl'), 'utf8');
    expect(log).toContain('before-the-crash');
    await first.close();
    writeFileSync(path.join(dir, 'changes.jsonl'), log);
    rmSync(path.join(dir, 'snapshot.jsonl'));
    appendFileSync(path.join(dir, 'changes.jsonl'), '{"op":"put","tenant":"acme","entry":{"kind":"mcp-ser');

    const second = await startMock(options);
    try {
      expect(warnings.some((line) => line.includes('changes.jsonl: skipped its last line'))).toBe(true);
      const read = await call(second.url, 'getMcpServer', { token, path: { id: created.body.data.id } });
      expect(read.body.data.manifest.name).toBe('before-the-crash');
    } finally {
      await second.close();
    }
  });

  it('refuses a directory that holds a database of an earlier version, saying what to do', async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'PG_VERSION'), '16\n');
    await expect(startMock({ sandbox: { secret: 's', data: dir }, onWarning: () => {} })).rejects.toThrow(
      /holds an embedded Postgres database from an earlier version of the sandbox.*start with an empty directory/,
    );
  });

  it('--tenant-ttl forgets an idle tenant: /_sandbox/health counts it, then not; its writes are gone', async () => {
    const sandbox = await startMock({ sandbox: { secret: 'ttl-secret', data: freshDir(), tenantTtl: 1_000 }, onWarning: () => {} });
    try {
      const token = await sandbox.token('short-lived');
      const body = requestExample('createOrUpdateMcpServer');
      body.manifest.name = 'forgotten';
      const created = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body });
      const health = async () => (await (await fetch(`${sandbox.url}/_sandbox/health`)).json()) as { tenants: number };
      expect((await health()).tenants).toBe(1);
      await expect.poll(async () => (await health()).tenants, { timeout: 2 * 60_000, interval: 250 }).toBe(0);
      expect((await call(sandbox.url, 'getMcpServer', { token, path: { id: created.body.data.id } })).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
