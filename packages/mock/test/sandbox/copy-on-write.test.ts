// Copy-on-write tenants on the overlays that live in this process: memory, and memory with a data directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFileOverlay } from '../../src/sandbox/store/file-overlay.js';
import { createMemoryOverlay } from '../../src/sandbox/store/memory-overlay.js';
import { describeCopyOnWrite } from './copy-on-write.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-cow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeCopyOnWrite('memory', async () => createMemoryOverlay());
describeCopyOnWrite('data directory', () => openFileOverlay(dir, () => {}));

// Counting and forgetting look at every tenant of a store, so they run here on stores of their own (the
// Postgres tests share one database between instances; there the TTL is tested through the API).
describe('tenant activity', () => {
  const overlays = { memory: async () => createMemoryOverlay(), 'data directory': () => openFileOverlay(mkdtempSync(path.join(dir, 'activity-')), () => {}) };
  for (const [backend, open] of Object.entries(overlays)) {
    it(`${backend}: counts the tenants seen, and forgets the idle ones with their writes`, async () => {
      const overlay = await open();
      try {
        const record = { kind: 'mcp-server', id: 'own-1', key: 'own', parent: null, owner: null, created: null, body: { id: 'own-1' } };
        await overlay.insert('idle', record);
        await overlay.touch(['idle', 'other']);
        expect(await overlay.tenantCount()).toBe(2);
        // Idle against a zero-length TTL once the clock has moved on.
        await expect.poll(async () => overlay.forgetIdle(0).then(() => overlay.tenantCount()), { timeout: 30_000 }).toBe(0);
        expect(await overlay.find('idle', 'mcp-server', ['own-1'])).toEqual([]);
        await overlay.touch(['active']);
        expect(await overlay.tenantCount()).toBe(1);
      } finally {
        await overlay.close();
      }
    });
  }
});
