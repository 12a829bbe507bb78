// How a fleet's record caches hear each other's writes (src/sandbox/fleet/record-coherence.ts), on a real Postgres
// (the throwaway cluster), through two "instances" (two fleets on one database): a change is answered once the other
// dropped what it held, an instance that never answers is waited out for one entry lifetime, and one that leaves is
// no longer waited for. Then the same through the stores: a record written on one instance is read on the other at
// once, though the other had it cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFleet, type Fleet } from '../../../src/sandbox/fleet/open-fleet.js';
import { createSeedView } from '../../../src/sandbox/seed/seed-view.js';
import { deriveSeed } from '../../../src/sandbox/seed/derive-seed.js';
import { openStore } from '../../../src/sandbox/store/open-store.js';
import { createPgDriver } from '../../../src/sandbox/store/pg-driver.js';
import { RECORD_LIFETIME_MS, type RecordCoherenceLink } from '../../../src/sandbox/store/record-cache.js';
import type { Store, StoredRecord } from '../../../src/sandbox/store/record-store.js';
import type { SqlDriver } from '../../../src/sandbox/store/sql-overlay.js';
import { model } from '../helpers.js';
import { startCluster, type Cluster } from '../postgres-cluster.js';

let cluster: Cluster;
let one: Fleet;
let other: Fleet;
let sql: SqlDriver;
const heardByOther: string[] = [];
const heardByOne: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  [one, other] = await Promise.all([openFleet(cluster.url, () => {}), openFleet(cluster.url, () => {})]);
  one.records!.onChanged((tenant) => heardByOne.push(tenant));
  other.records!.onChanged((tenant) => heardByOther.push(tenant));
  sql = await createPgDriver(cluster.url);
}, 5 * 60_000);

afterAll(async () => {
  await one?.close();
  await other?.close();
  await sql?.close();
  await cluster?.destroy();
}, 60_000);

// Every row, whether or not its lease ran out: on a busy machine a renewal may come late, but only leaving deletes a row.
const members = async () => (await sql.query('SELECT instance FROM sandbox_cache_members ORDER BY instance')).map((row) => String(row.instance));

describe('record coherence between two instances', () => {
  it('makes each instance a member with a period while it listens', async () => {
    expect(await members()).toHaveLength(2);
    expect(one.records!.period()).toBeTypeOf('number');
    expect(other.records!.period()).toBeTypeOf('number');
  });

  it('answers a change once the other instance dropped the tenant, and never tells the writer itself', async () => {
    await one.records!.changed('acme');
    expect(heardByOther, 'what the other had dropped when the change was answered').toContain('acme');
    expect(heardByOne).not.toContain('acme');
    await other.records!.changed('*');
    expect(heardByOne).toContain('*');
  });

  it('waits out one entry lifetime for a member that never answers', async () => {
    await sql.query("INSERT INTO sandbox_cache_members (instance, expires_at) VALUES ('silent', now() + interval '1 minute')");
    try {
      const startedAt = performance.now();
      await one.records!.changed('quiet-tenant');
      expect(performance.now() - startedAt, 'ms the change waited').toBeGreaterThanOrEqual(RECORD_LIFETIME_MS);
      expect(heardByOther).toContain('quiet-tenant');
    } finally {
      await sql.query("DELETE FROM sandbox_cache_members WHERE instance = 'silent'");
    }
  });
});

describe('records written on one instance, read on another', () => {
  let storeOne: Store;
  let storeOther: Store;

  beforeAll(async () => {
    const seed = createSeedView(deriveSeed(model));
    const open = async (fleet: Fleet) => {
      const recordCache: RecordCoherenceLink = { coherence: fleet.records };
      return openStore({ databaseUrl: cluster.url, recordCache }, seed, () => {});
    };
    [storeOne, storeOther] = [await open(one), await open(other)];
  }, 60_000);

  afterAll(async () => {
    await storeOne?.close();
    await storeOther?.close();
  });

  const server = (description: string): StoredRecord => ({ kind: 'mcp-server', id: 'coherent-1', key: 'coherent', parent: null, owner: null, created: null, body: { id: 'coherent-1', description } });
  const description = async (store: Store) => (await store.get('coherent-tenant', 'mcp-server', 'coherent-1'))?.body.description;

  it('reads every write at once, though the reader had the record cached', async () => {
    await storeOne.insert('coherent-tenant', server('version 0'));
    for (let version = 1; version <= 20; version++) {
      const [writer, reader] = version % 2 === 0 ? [storeOne, storeOther] : [storeOther, storeOne];
      // Both hold the record (read twice: the second from the cache) before it changes.
      await description(reader);
      expect(await description(reader)).toBe(`version ${version - 1}`);
      await writer.update('coherent-tenant', 'mcp-server', 'coherent-1', server(`version ${version}`).body);
      expect(await description(reader), `version ${version}, read on the other instance`).toBe(`version ${version}`);
      expect(await description(writer)).toBe(`version ${version}`);
    }
    await storeOther.deleteWithOwned('coherent-tenant', 'mcp-server', 'coherent-1');
    expect(await description(storeOne), 'after a delete on the other instance').toBeUndefined();
  });

  it('a reset on one instance is seen on the other at once', async () => {
    await storeOne.insert('reset-tenant', { ...server('mine'), id: 'own-1', body: { id: 'own-1', description: 'mine' } });
    expect((await storeOther.get('reset-tenant', 'mcp-server', 'own-1'))?.body.description).toBe('mine');
    await storeOne.resetTenant('reset-tenant');
    expect(await storeOther.get('reset-tenant', 'mcp-server', 'own-1')).toBeUndefined();
  });

  it('after close an instance is no longer a member', async () => {
    const extra = await openFleet(cluster.url, () => {});
    expect(await members()).toHaveLength(3);
    await extra.close();
    expect(await members()).toHaveLength(2);
  });
});
