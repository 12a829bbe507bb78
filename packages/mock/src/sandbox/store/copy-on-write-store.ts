// Copy-on-write tenants: each tenant reads the shared seed (seed/seed-view.ts) until it writes, and its
// own entries (overlay-store.ts) replace or hide the seed's records by id. A new tenant costs no seed rows
// or copies in any backend, and a reset drops its entries. The merge rules live here once, for every backend.
import type { SeedView } from '../seed/seed-view.js';
import type { OverlayEntry, OverlayStore } from './overlay-store.js';
import type { Store, StoredRecord } from './record-store.js';

export function createCopyOnWriteStore(seed: SeedView, overlay: OverlayStore): Store {
  /** The record as the tenant sees it: its own entry when it has one, else the seed's. */
  const merged = (seeded: StoredRecord | undefined, entry: OverlayEntry | undefined): StoredRecord | undefined => {
    if (entry !== undefined) return entry.record ?? undefined;
    return seeded;
  };

  const get = async (tenant: string, kind: string, id: string) => {
    const [entry] = await overlay.find(tenant, kind, [id]);
    return merged(seed.get(tenant, kind, id), entry);
  };

  const getByKey = async (tenant: string, kind: string, key: string) => {
    const seeded = seed.getByKey(tenant, kind, key);
    const seededIds = seeded === undefined ? [] : [seeded.id];
    const entries = await overlay.find(tenant, kind, seededIds, key);
    const own = entries.find((entry) => entry.record?.key === key);
    if (own !== undefined) return own.record!;
    const seededEntry = entries.find((entry) => entry.id === seeded?.id);
    return merged(seeded, seededEntry);
  };

  return {
    backend: overlay.backend,
    get,
    getByKey,
    async list(tenant, kind, parent) {
      const seeded = seed.list(tenant, kind, parent);
      const entries = await overlay.list(
        tenant,
        kind,
        parent,
        seeded.map((record) => record.id),
      );
      const entryById = new Map(entries.map((entry) => [entry.id, entry]));
      const isListed = (record: StoredRecord | null): record is StoredRecord => record !== null && (parent === undefined || record.parent === parent);
      const out: StoredRecord[] = [];
      // The seed's records keep their place when the tenant changed them, as a database row keeps its order.
      for (const record of seeded) {
        const entry = entryById.get(record.id);
        const current = entry === undefined ? record : entry.record;
        if (isListed(current)) out.push(current);
      }
      for (const entry of entries) {
        const isOwnRecord = !seed.has(kind, entry.id);
        if (isOwnRecord && isListed(entry.record)) out.push(entry.record);
      }
      return out;
    },
    async insert(tenant, record) {
      const idTaken = (await get(tenant, record.kind, record.id)) !== undefined;
      if (idTaken) return false;
      if (record.key !== null) {
        const keyTaken = (await getByKey(tenant, record.kind, record.key)) !== undefined;
        if (keyTaken) return false;
      }
      // The overlay refuses an id or key that a concurrent insert took meanwhile.
      return overlay.insert(tenant, record);
    },
    upsertByKey(tenant, record) {
      if (record.key === null) throw new Error('upsertByKey needs a key');
      return overlay.upsertByKey(tenant, record, seed.getByKey(tenant, record.kind, record.key));
    },
    async update(tenant, kind, id, body) {
      const current = await get(tenant, kind, id);
      if (current === undefined) return false;
      return overlay.replace(tenant, { ...current, body }, current);
    },
    async deleteWithOwned(tenant, kind, id) {
      const target = await get(tenant, kind, id);
      if (target === undefined) return false;
      const ownedSeedRecords = seed.ownedBy(tenant, id).map((record) => ({ kind: record.kind, id: record.id }));
      await overlay.remove(tenant, [{ kind, id }, ...ownedSeedRecords], id);
      return true;
    },
    resetTenant: (tenant) => overlay.dropTenant(tenant),
    touch: (tenants) => overlay.touch(tenants),
    tenantCount: () => overlay.tenantCount(),
    forgetIdle: (idleMs) => overlay.forgetIdle(idleMs),
    ping: () => overlay.ping(),
    close: () => overlay.close(),
  };
}
