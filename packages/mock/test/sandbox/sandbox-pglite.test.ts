// The sandbox on an embedded database on disk (--data DIR, PGlite): the same behaviour, and state that
// survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { describeSandboxBehaviour } from './behaviour.js';
import { call, requestExample } from './helpers.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-pglite-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeSandboxBehaviour('PGlite', () => startMock({ sandbox: { secret: 'sandbox-test-secret', data: freshDir() }, onWarning: () => {} }));

describe('--data DIR', () => {
  it('keeps what was written across a restart on the same directory', async () => {
    const dir = freshDir();
    const options = { sandbox: { secret: 'restart-secret', data: dir }, onWarning: () => {} };
    const first = await startMock(options);
    expect(first.store).toBe('pglite');
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
});
