// Copy-on-write tenants, at the store: a tenant reads the shared seed until it writes, its own entries replace
// or hide seed records by id, and a reset drops them. Runs against every overlay (memory, data directory,
// Postgres): each test file calls `describeCopyOnWrite` with a way to open its overlay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeRecord } from '../../src/sandbox/record-kinds.js';
import { deriveSeed } from '../../src/sandbox/seed/derive-seed.js';
import { createSeedView } from '../../src/sandbox/seed/seed-view.js';
import { seedForTenant } from '../../src/sandbox/seed/tenant-seed.js';
import { createCopyOnWriteStore } from '../../src/sandbox/store/copy-on-write-store.js';
import type { OverlayStore } from '../../src/sandbox/store/overlay-store.js';
import type { Store, StoredRecord } from '../../src/sandbox/store/record-store.js';
import { model } from './helpers.js';

const seed = deriveSeed(model);
const kinds = [...new Set(seed.records.map((record) => record.kind))];
const seedRecord = (kind: string, predicate: (record: StoredRecord) => boolean = () => true) => {
  const found = seed.records.find((record) => record.kind === kind && predicate(record));
  if (found === undefined) throw new Error(`the seed has no ${kind} record for this test`);
  return found;
};

/** A new record of `kind` with the same shape as a seed one: placed from a body with a new id (and name). */
function newRecord(kind: string, id: string, name?: string): StoredRecord {
  const template = structuredClone(seedRecord(kind).body) as any;
  template.id = id;
  if (name !== undefined) template.manifest = { ...template.manifest, name };
  return placeRecord(kind, id, template);
}

export function describeCopyOnWrite(backend: string, open: () => Promise<OverlayStore>): void {
  describe(`copy-on-write tenants on ${backend}`, () => {
    let overlay: OverlayStore;
    let store: Store;
    // Each run gets its own tenant names, so runs on a shared database do not see each other's writes.
    const run = `${backend.toLowerCase().replace(/[^a-z0-9]/g, '')}-${Date.now().toString(36)}`;
    const tenant = (name: string) => `${name}-${run}`;
    /** Every entry the tenant has in the overlay, of every kind. */
    const entriesOf = async (name: string) => {
      let count = 0;
      for (const kind of kinds) count += (await overlay.list(name, kind, undefined, [])).length;
      return count;
    };

    beforeAll(async () => {
      overlay = await open();
      store = createCopyOnWriteStore(createSeedView(seed), overlay);
    }, 5 * 60_000);
    afterAll(async () => {
      await store?.close();
    }, 60_000);

    it('a tenant that only reads writes nothing, and reads its own renamed copy of every seed record', async () => {
      const readers = Array.from({ length: 20 }, (_, i) => tenant(`reader${i}`));
      for (const name of readers) {
        for (const expected of seedForTenant(seed, name)) {
          expect(await store.get(name, expected.kind, expected.id)).toEqual(expected);
        }
        for (const kind of kinds) expect((await store.list(name, kind)).length).toBe(seed.records.filter((r) => r.kind === kind).length);
      }
      for (const name of readers) expect(await entriesOf(name)).toBe(0);
      const team = await store.get(readers[0]!, 'team', seedRecord('team').id);
      expect(JSON.stringify(team)).toContain(readers[0]);
      expect(JSON.stringify(team)).not.toMatch(/(?<![A-Za-z])acme(?![A-Za-z])/);
    });

    it('an update replaces the seed record in place, for that tenant only', async () => {
      const writer = tenant('writer');
      const parent = seedRecord('agent-skill-version').parent!;
      const before = await store.list(writer, 'agent-skill-version', parent);
      const target = before[1]!;
      expect(await store.update(writer, target.kind, target.id, { ...target.body, description: 'changed' })).toBe(true);
      const after = await store.list(writer, 'agent-skill-version', parent);
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
      expect(after[1]!.body.description).toBe('changed');
      expect((await store.get(tenant('bystander'), target.kind, target.id))!.body.description).not.toBe('changed');
      expect(await entriesOf(writer)).toBe(1);
    });

    it('a delete hides a seed record and every record it owns, and frees its key', async () => {
      const deleter = tenant('deleter');
      const repo = seedRecord('ml-repo', (r) => seed.records.filter((owned) => owned.owner === r.id).length > 1);
      const owned = seed.records.filter((record) => record.owner === repo.id);
      expect(await store.deleteWithOwned(deleter, 'ml-repo', repo.id)).toBe(true);
      expect(await store.get(deleter, 'ml-repo', repo.id)).toBeUndefined();
      for (const record of owned) expect(await store.get(deleter, record.kind, record.id)).toBeUndefined();
      expect(await store.getByKey(deleter, 'ml-repo', repo.key!)).toBeUndefined();
      expect(await store.list(deleter, 'agent-skill-version')).toHaveLength(seed.records.filter((r) => r.kind === 'agent-skill-version' && r.owner !== repo.id).length);
      expect(await store.deleteWithOwned(deleter, 'ml-repo', repo.id)).toBe(false);
      const again = placeRecord('ml-repo', `new-repo-${run}`, { id: `new-repo-${run}`, name: repo.key! });
      expect(await store.insert(deleter, again)).toBe(true);
      expect((await store.getByKey(deleter, 'ml-repo', repo.key!))!.id).toBe(again.id);
      expect(await store.get(tenant('bystander'), 'ml-repo', repo.id)).toBeDefined();
    });

    it("an upsert of a seed record's key keeps its id and created; after a delete the key starts a new record", async () => {
      const upserter = tenant('upserter');
      const server = seedForTenant(seed, upserter).find((record) => record.kind === 'mcp-server')!;
      const changed = newRecord('mcp-server', `fresh-${run}`, server.key!);
      const stored = await store.upsertByKey(upserter, changed);
      expect(stored.id).toBe(server.id);
      expect(stored.created).toEqual(server.created);
      expect(JSON.stringify(stored.created)).toContain(upserter);
      expect((await store.get(upserter, 'mcp-server', server.id))!.body.id).toBe(changed.body.id);
      expect(await store.deleteWithOwned(upserter, 'mcp-server', server.id)).toBe(true);
      const reborn = await store.upsertByKey(upserter, newRecord('mcp-server', `reborn-${run}`, server.key!));
      expect(reborn.id).toBe(`reborn-${run}`);
      expect(await store.list(upserter, 'mcp-server')).toHaveLength(seed.records.filter((r) => r.kind === 'mcp-server').length);
    });

    it('an insert is refused for a key or an id the seed holds, and for one the tenant took', async () => {
      const inserter = tenant('inserter');
      const server = seedRecord('mcp-server');
      expect(await store.insert(inserter, newRecord('mcp-server', `taken-key-${run}`, server.key!))).toBe(false);
      expect(await store.insert(inserter, newRecord('mcp-server', server.id, `other-name-${run}`))).toBe(false);
      expect(await store.insert(inserter, newRecord('mcp-server', `own-${run}`, `own-name-${run}`))).toBe(true);
      expect(await store.insert(inserter, newRecord('mcp-server', `own2-${run}`, `own-name-${run}`))).toBe(false);
      expect(await entriesOf(inserter)).toBe(1);
    });

    it('twenty concurrent upserts of one new name end as one record', async () => {
      const racer = tenant('racer');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.upsertByKey(racer, newRecord('mcp-server', `race-${i}-${run}`, 'one-name'))));
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect((await store.list(racer, 'mcp-server')).filter((r) => r.key === 'one-name')).toHaveLength(1);
    });

    it("reads made together (one query on Postgres) each get their own tenant's record", async () => {
      const team = seedRecord('team');
      const names = Array.from({ length: 20 }, (_, i) => tenant(`together${i}`));
      const writers = names.filter((_, i) => i % 2 === 0);
      for (const name of writers) await store.update(name, 'team', team.id, { ...team.body, description: `own ${name}` });
      const read = await Promise.all(names.map((name) => store.get(name, 'team', team.id)));
      read.forEach((record, i) => {
        const isWriter = i % 2 === 0;
        if (isWriter) expect(record!.body.description).toBe(`own ${names[i]}`);
        else expect(record!.body.description).toBe(seedForTenant(seed, names[i]!).find((r) => r.kind === 'team')!.body.description);
      });
      const missing = await Promise.all(names.map((name) => store.get(name, 'team', `no-such-team-${name}`)));
      expect(missing.every((record) => record === undefined)).toBe(true);
    });

    it("twenty concurrent upserts of a seed record's name keep its id, and concurrent updates of one seed record all land", async () => {
      const racer = tenant('seed-racer');
      const server = seedRecord('mcp-server');
      const upserts = await Promise.all(Array.from({ length: 20 }, (_, i) => store.upsertByKey(racer, newRecord('mcp-server', `seed-race-${i}-${run}`, server.key!))));
      expect(new Set(upserts.map((r) => r.id))).toEqual(new Set([server.id]));
      const team = seedRecord('team');
      const updates = await Promise.all(Array.from({ length: 20 }, (_, i) => store.update(tenant('update-racer'), 'team', team.id, { ...team.body, description: `update ${i}` })));
      expect(updates.every((updated) => updated)).toBe(true);
      expect((await store.get(tenant('update-racer'), 'team', team.id))!.body.description).toMatch(/^update \d+$/);
    });

    it('a reset drops every entry of the tenant, and only of that tenant', async () => {
      const resetter = tenant('resetter');
      const other = tenant('keeper');
      const team = seedRecord('team');
      for (const name of [resetter, other]) {
        await store.update(name, 'team', team.id, { ...team.body, description: 'mine' });
        await store.insert(name, newRecord('mcp-server', `kept-${run}`, `kept-${run}`));
      }
      await store.resetTenant(resetter);
      expect(await entriesOf(resetter)).toBe(0);
      expect((await store.get(resetter, 'team', team.id))!.body.description).not.toBe('mine');
      expect(await store.get(resetter, 'mcp-server', `kept-${run}`)).toBeUndefined();
      expect(await entriesOf(other)).toBe(2);
    });
  });
}
