// Which tenants are active, for a hosted sandbox: every request notes its tenant, and with a TTL, tenants
// idle for longer are forgotten: their writes dropped, so the next request finds the starting data.
// A database gets the notes in batches (one write a second, not one per request); memory gets each at once,
// so the in-process sandbox runs no timer unless it has a TTL. On a fleet (several instances on one database) the
// sweep runs only on the instance holding the sweep's lease (fleet/sweep-lease.ts), which renews it at each sweep.
import type { Store } from './store/record-store.js';

/** A fleet's side of the sweep: the lease (one instance sweeps at a time) and its own tables' idle rows. */
export interface FleetSweep {
  lease(ttlMs: number): { acquire(): Promise<boolean>; release(): Promise<void> };
  forgetIdle(idleMs: number): Promise<void>;
}

export interface TenantLifecycle {
  /** Notes a request of `tenant` (costs a Set insert). */
  seen(tenant: string): void;
  /** Tenants seen and not forgotten, with every note so far written first. */
  count(): Promise<number>;
  close(): Promise<void>;
}

const FLUSH_EVERY_MS = 1_000;
/** How often idle tenants are looked for: a tenth of the TTL, between one second and one minute. */
const sweepEveryMs = (ttlMs: number) => Math.min(60_000, Math.max(1_000, Math.round(ttlMs / 10)));

/** A lease not renewed for three sweeps is free: one missed sweep (a slow database) does not hand it over. */
const LEASE_SWEEPS = 3;

export function createTenantLifecycle(store: Store, ttlMs: number | undefined, warn: (line: string) => void, fleet?: FleetSweep): TenantLifecycle {
  let pending = new Set<string>();
  const lease = fleet !== undefined && ttlMs !== undefined ? fleet.lease(LEASE_SWEEPS * sweepEveryMs(ttlMs)) : undefined;
  let sweeps = false;
  /** Takes or renews the lease; says so when this instance starts or stops sweeping. */
  const holdsLease = async (): Promise<boolean> => {
    if (lease === undefined) return true;
    const holds = await lease.acquire();
    if (holds && !sweeps) warn('tenant TTL: this instance sweeps idle tenants now (one instance of those on the database at a time)');
    if (!holds && sweeps) warn('tenant TTL: another instance sweeps idle tenants now');
    sweeps = holds;
    return holds;
  };
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Set();
    try {
      await store.touch([...batch]);
    } catch (error) {
      // The database is down: keep the notes for the next flush; requests answer 503 meanwhile anyway.
      for (const tenant of batch) pending.add(tenant);
      throw error;
    }
  };
  const sweep = async () => {
    await flush();
    if (!(await holdsLease())) return;
    const forgotten = await store.forgetIdle(ttlMs!);
    if (forgotten > 0) warn(`forgot ${forgotten} tenant(s) idle for longer than the tenant TTL`);
    await fleet?.forgetIdle(ttlMs!);
  };
  const reportFailure = (what: string) => (error: unknown) => warn(`${what}: ${(error as Error).message}`);

  const batched = store.backend === 'postgres';
  // unref: the timers never keep a process alive that has nothing else to do.
  const flushTimer = batched ? setInterval(() => void flush().catch(reportFailure('tenant activity')), FLUSH_EVERY_MS) : undefined;
  flushTimer?.unref?.();
  const sweepTimer = ttlMs === undefined ? undefined : setInterval(() => void sweep().catch(reportFailure('tenant TTL')), sweepEveryMs(ttlMs));
  sweepTimer?.unref?.();

  return {
    seen(tenant) {
      if (batched) pending.add(tenant);
      else void store.touch([tenant]);
    },
    async count() {
      await flush();
      return store.tenantCount();
    },
    async close() {
      if (flushTimer !== undefined) clearInterval(flushTimer);
      if (sweepTimer !== undefined) clearInterval(sweepTimer);
      await flush().catch(() => {});
      // Given back, so that another instance takes the sweep over at its next one rather than when the lease runs out.
      if (sweeps) await lease?.release().catch(() => {});
    },
  };
}
