// A fleet instance keeps the records it read by id for a moment, so a partner's repeated GETs of one record do not
// each cost a round trip to Postgres (a second instance behind the balancer otherwise doubled those round trips per
// request). It stays one service: every write, on any instance, is answered only once no other instance can still
// answer from what it held before (RecordCoherence, fleet/record-coherence.ts); until then, or whenever this
// instance may have missed a change, lookups go to the database as before.
import { deepFreeze } from '../deep-freeze.js';
import type { OverlayEntry, OverlayStore } from './overlay-store.js';

/** How a fleet's instances tell each other that a tenant's records changed. */
export interface RecordCoherence {
  /**
   * The period in which this instance has heard every change made on any instance (a number that changes whenever it
   * may have missed one), or undefined while it cannot be sure (its listening session or its membership is down).
   */
  period(): number | undefined;
  /** Resolves once no other instance can answer `tenant`'s records ('*': every tenant's) from before this call. */
  changed(tenant: string): Promise<void>;
  /** Registers what to drop when another instance changed a tenant's records ('*': all). */
  onChanged(drop: (tenant: string) => void): void;
}

/** The coherence a fleet attaches once it is open; until then, and without one, nothing is cached. */
export interface RecordCoherenceLink {
  coherence?: RecordCoherence;
}

/**
 * How long an entry is used after its lookup was sent. A writer waits at most this long for an instance that does not
 * answer (record-coherence.ts waits the same), so an instance that missed a change serves nothing older.
 */
export const RECORD_LIFETIME_MS = 1_000;
/** Entries kept at most (a bound on memory, not on correctness): past it the expired go, then the oldest tenants'. */
const MAX_ENTRIES = 10_000;
const ALL_TENANTS = '*';

interface CachedEntry {
  entry: OverlayEntry | undefined;
  /** When its lookup was sent (performance.now), and in which coherence period. */
  sentAt: number;
  period: number;
}

interface TenantCache {
  /** Counts the changes heard for the tenant: a lookup answered after one keeps its answer to itself. */
  generation: number;
  entries: Map<string, CachedEntry>;
  lookupsInFlight: number;
}

export function withRecordCache(inner: OverlayStore, link: RecordCoherenceLink, now: () => number = () => performance.now()): OverlayStore {
  const tenants = new Map<string, TenantCache>();
  let size = 0;

  const dropTenant = (tenant: string) => {
    const cache = tenants.get(tenant);
    if (cache === undefined) return;
    size -= cache.entries.size;
    cache.entries.clear();
    cache.generation += 1;
    if (cache.lookupsInFlight === 0) tenants.delete(tenant);
  };
  const drop = (tenant: string) => {
    if (tenant !== ALL_TENANTS) return dropTenant(tenant);
    for (const name of [...tenants.keys()]) dropTenant(name);
  };
  let registered: RecordCoherence | undefined;
  const coherence = (): RecordCoherence | undefined => {
    const current = link.coherence;
    if (current !== undefined && current !== registered) {
      registered = current;
      current.onChanged(drop);
    }
    return current;
  };

  const isFresh = (held: CachedEntry, period: number) => held.period === period && now() - held.sentAt < RECORD_LIFETIME_MS;
  const dropExpired = (period: number) => {
    for (const [tenant, cache] of tenants) {
      for (const [address, held] of cache.entries) {
        if (isFresh(held, period)) continue;
        cache.entries.delete(address);
        size -= 1;
      }
      if (cache.entries.size === 0 && cache.lookupsInFlight === 0) tenants.delete(tenant);
    }
  };
  const makeRoom = (period: number) => {
    if (size >= MAX_ENTRIES) dropExpired(period);
    while (size >= MAX_ENTRIES) {
      const oldest = tenants.keys().next().value;
      if (oldest === undefined) return;
      dropTenant(oldest);
    }
  };

  const lookUp = async (period: number, tenant: string, kind: string, id: string): Promise<OverlayEntry[]> => {
    const address = `${kind}\u0000${id}`;
    const cache = tenants.get(tenant);
    const held = cache?.entries.get(address);
    if (held !== undefined && isFresh(held, period)) return held.entry === undefined ? [] : [held.entry];

    const own = cache ?? { generation: 0, entries: new Map(), lookupsInFlight: 0 };
    if (cache === undefined) tenants.set(tenant, own);
    const generation = own.generation;
    const sentAt = now();
    own.lookupsInFlight += 1;
    try {
      const [entry] = await inner.find(tenant, kind, [id]);
      const isStillCurrent = own.generation === generation && coherence()?.period() === period;
      if (isStillCurrent) {
        makeRoom(period);
        if (!own.entries.has(address)) size += 1;
        // Frozen, as the in-memory stores keep theirs: every reader shares it (and its answer's JSON, frozen-json.ts).
        if (entry?.record) deepFreeze(entry.record);
        own.entries.set(address, { entry, sentAt, period });
      }
      return entry === undefined ? [] : [entry];
    } finally {
      own.lookupsInFlight -= 1;
      if (own.lookupsInFlight === 0 && own.entries.size === 0) tenants.delete(tenant);
    }
  };

  /**
   * A write: what this instance holds of the tenant goes once it is done (a lookup still in flight then keeps its
   * answer to itself), the others' before it is answered. Also after a failure: the write may have been stored.
   */
  const written = async <T>(tenant: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      drop(tenant);
      await coherence()?.changed(tenant);
    }
  };

  return {
    ...inner,
    find(tenant, kind, ids, key) {
      const period = coherence()?.period();
      const isLookupById = key === undefined && ids.length === 1 && period !== undefined;
      if (!isLookupById) return inner.find(tenant, kind, ids, key);
      return lookUp(period, tenant, kind, ids[0]!);
    },
    insert: (tenant, record) => written(tenant, () => inner.insert(tenant, record)),
    upsertByKey: (tenant, record, seeded) => written(tenant, () => inner.upsertByKey(tenant, record, seeded)),
    replace: (tenant, record, seen) => written(tenant, () => inner.replace(tenant, record, seen)),
    remove: (tenant, targets, owner) => written(tenant, () => inner.remove(tenant, targets, owner)),
    dropTenant: (tenant) => written(tenant, () => inner.dropTenant(tenant)),
    async forgetIdle(idleMs) {
      const forgotten = await inner.forgetIdle(idleMs);
      // Tenants idle that long hold nothing here; the drop is for one that came back while it was forgotten.
      if (forgotten > 0) {
        drop(ALL_TENANTS);
        await coherence()?.changed(ALL_TENANTS);
      }
      return forgotten;
    },
  };
}
