// The default overlay: each tenant's own entries in plain maps in this process. Persists nothing, unless
// the file overlay (file-overlay.ts) logs its changes. The same rules as the Postgres overlay: an id and a
// live key are unique per tenant and kind, and an upsert keeps the first id and `created`.
import { deepFreeze } from '../deep-freeze.js';
import type { OverlayEntry, OverlayStore } from './overlay-store.js';
import type { StoredRecord } from './record-store.js';
import { checkQuota, checkUpdate, hasQuota, storedBytes, type TenantQuota } from './tenant-quota.js';

/** One tenant's entries, in insertion order (a replaced entry keeps its place), and its live keys. */
export interface TenantEntries {
  byId: Map<string, OverlayEntry>;
  /** kind + key → id, for live entries only */
  byKey: Map<string, string>;
  /** with a quota: live entries by kind, and the bytes of each live entry and of all of them */
  usage: { records: Map<string, number>; sizes: Map<string, number>; bytes: number } | undefined;
}

/** What changes an overlay's entries; the file overlay writes each to its log (the one way state changes). */
export type OverlayChange = { op: 'put'; tenant: string; entry: OverlayEntry } | { op: 'drop'; tenant: string };

export interface MemoryOverlay extends OverlayStore {
  /** Applies a change as it was made: for replaying a log. */
  apply(change: OverlayChange): void;
  /** Every tenant's entries, for writing a snapshot. */
  tenants(): ReadonlyMap<string, TenantEntries>;
}

const indexKey = (kind: string, value: string) => `${kind}\u0000${value}`;

/**
 * Stored records are frozen copies, so a reader gets the record itself without a copy (a copy per read
 * was most of a sandbox GET) and still cannot change the store: writing to a result throws.
 */
function frozenCopy(record: StoredRecord): StoredRecord {
  return deepFreeze(structuredClone(record));
}

/**
 * `onChange` sees every change before it is applied; the file overlay logs it there. With a quota, each tenant's
 * usage is kept up to date as changes are applied (replayed ones too), and a write that adds a record checks it in
 * the same synchronous step as it writes, so no concurrent request can slip between the check and the write.
 */
export function createMemoryOverlay(
  backend: 'memory' | 'file' = 'memory',
  onChange: (change: OverlayChange) => void = () => {},
  quota?: TenantQuota,
): MemoryOverlay {
  const tenants = new Map<string, TenantEntries>();
  const counted = hasQuota(quota);
  const measured = counted && quota.maxBytes > 0;
  const lastSeen = new Map<string, number>();
  let closed = false;

  const apply = (change: OverlayChange) => {
    if (change.op === 'drop') {
      tenants.delete(change.tenant);
      return;
    }
    let entries = tenants.get(change.tenant);
    if (entries === undefined) {
      entries = { byId: new Map(), byKey: new Map(), usage: counted ? { records: new Map(), sizes: new Map(), bytes: 0 } : undefined };
      tenants.set(change.tenant, entries);
    }
    const { entry } = change;
    const previous = entries.byId.get(indexKey(entry.kind, entry.id));
    if (entries.usage !== undefined) countChange(entries.usage, previous, entry);
    const previousKey = previous?.record?.key ?? null;
    if (previousKey !== null) entries.byKey.delete(indexKey(entry.kind, previousKey));
    entries.byId.set(indexKey(entry.kind, entry.id), entry);
    const key = entry.record?.key ?? null;
    if (key !== null) entries.byKey.set(indexKey(entry.kind, key), entry.id);
  };
  const change = (made: OverlayChange) => {
    onChange(made);
    apply(made);
  };
  /** Throws QuotaExceededError when `record`, a new record of `tenant`, would pass a quota. */
  const checkNew = (tenant: string, record: StoredRecord) => {
    if (!counted) return;
    const usage = tenants.get(tenant)?.usage;
    checkQuota(quota, tenant, record, { records: usage?.records.get(record.kind) ?? 0, bytes: usage?.bytes ?? 0 });
  };
  /**
   * Throws QuotaExceededError when writing `record` over what the tenant has at its id (its own entry, else
   * `seen`: the starting data's record) would grow its bytes past the quota.
   */
  const checkGrowth = (tenant: string, record: StoredRecord, seen: StoredRecord | undefined) => {
    if (!measured) return;
    const usage = tenants.get(tenant)?.usage;
    const own = entryById(tenant, record.kind, record.id);
    const keptBytes = own === undefined ? 0 : (usage?.sizes.get(indexKey(record.kind, record.id)) ?? 0);
    const seenBytes = own === undefined ? storedBytes(seen ?? null) : keptBytes;
    checkUpdate(quota!, tenant, record, { records: 0, bytes: usage?.bytes ?? 0 }, { keptBytes, seenBytes });
  };
  const countChange = (usage: NonNullable<TenantEntries['usage']>, previous: OverlayEntry | undefined, next: OverlayEntry) => {
    const wasLive = previous !== undefined && previous.record !== null;
    const isLive = next.record !== null;
    const records = usage.records.get(next.kind) ?? 0;
    usage.records.set(next.kind, records + Number(isLive) - Number(wasLive));
    if (!measured) return;
    const key = indexKey(next.kind, next.id);
    const size = storedBytes(next.record);
    usage.bytes += size - (usage.sizes.get(key) ?? 0);
    usage.sizes.set(key, size);
  };
  const put = (tenant: string, record: StoredRecord) => change({ op: 'put', tenant, entry: { kind: record.kind, id: record.id, record: frozenCopy(record) } });
  const entryById = (tenant: string, kind: string, id: string) => tenants.get(tenant)?.byId.get(indexKey(kind, id));
  const entryByKey = (tenant: string, kind: string, key: string) => {
    const id = tenants.get(tenant)?.byKey.get(indexKey(kind, key));
    if (id === undefined) return undefined;
    return entryById(tenant, kind, id);
  };

  return {
    backend,
    apply,
    tenants: () => tenants,
    async find(tenant, kind, ids, key) {
      const found: OverlayEntry[] = [];
      for (const id of ids) {
        const entry = entryById(tenant, kind, id);
        if (entry !== undefined) found.push(entry);
      }
      if (key !== undefined) {
        const entry = entryByKey(tenant, kind, key);
        if (entry !== undefined && !found.includes(entry)) found.push(entry);
      }
      return found;
    },
    async list(tenant, kind, parent, ids) {
      const entries = tenants.get(tenant);
      if (entries === undefined) return [];
      const wanted = new Set(ids);
      const out: OverlayEntry[] = [];
      for (const entry of entries.byId.values()) {
        if (entry.kind !== kind) continue;
        const isUnderParent = parent === undefined || entry.record?.parent === parent;
        if (isUnderParent || wanted.has(entry.id)) out.push(entry);
      }
      return out;
    },
    async insert(tenant, record) {
      const idTaken = entryById(tenant, record.kind, record.id) !== undefined;
      const keyTaken = record.key !== null && entryByKey(tenant, record.kind, record.key) !== undefined;
      if (idTaken || keyTaken) return false;
      checkNew(tenant, record);
      put(tenant, record);
      return true;
    },
    async upsertByKey(tenant, record, seeded) {
      const own = entryByKey(tenant, record.kind, record.key!);
      let stored: StoredRecord = record;
      // An update of the tenant's own record, or of a seed record it sees, is always allowed; a new one is counted.
      let isUpdate = false;
      if (own !== undefined) {
        stored = { ...record, id: own.id, created: own.record!.created };
        isUpdate = true;
      } else if (seeded !== undefined) {
        const seededEntry = entryById(tenant, record.kind, seeded.id);
        const deletedSeeded = seededEntry !== undefined && seededEntry.record === null;
        if (!deletedSeeded) {
          stored = { ...record, id: seeded.id, created: seeded.created };
          isUpdate = true;
        }
      }
      if (isUpdate) checkGrowth(tenant, stored, seeded);
      else checkNew(tenant, stored);
      put(tenant, stored);
      return entryById(tenant, stored.kind, stored.id)!.record!;
    },
    async replace(tenant, record, seen) {
      const entry = entryById(tenant, record.kind, record.id);
      const deleted = entry !== undefined && entry.record === null;
      if (deleted) return false;
      checkGrowth(tenant, record, seen);
      put(tenant, record);
      return true;
    },
    async remove(tenant, targets, owner) {
      const tombstones = new Map<string, { kind: string; id: string }>();
      for (const target of targets) tombstones.set(indexKey(target.kind, target.id), target);
      for (const entry of tenants.get(tenant)?.byId.values() ?? []) {
        if (entry.record?.owner === owner) tombstones.set(indexKey(entry.kind, entry.id), entry);
      }
      for (const { kind, id } of tombstones.values()) change({ op: 'put', tenant, entry: { kind, id, record: null } });
    },
    async dropTenant(tenant) {
      if (tenants.has(tenant)) change({ op: 'drop', tenant });
    },
    async touch(seen) {
      const now = Date.now();
      for (const tenant of seen) lastSeen.set(tenant, now);
    },
    async tenantCount() {
      return lastSeen.size;
    },
    async forgetIdle(idleMs) {
      const since = Date.now() - idleMs;
      let forgotten = 0;
      for (const [tenant, seenAt] of lastSeen) {
        if (seenAt >= since) continue;
        lastSeen.delete(tenant);
        if (tenants.has(tenant)) change({ op: 'drop', tenant });
        forgotten += 1;
      }
      return forgotten;
    },
    async ping() {
      if (closed) throw new Error('the memory store is closed');
    },
    async close() {
      closed = true;
      tenants.clear();
      lastSeen.clear();
    },
  };
}
