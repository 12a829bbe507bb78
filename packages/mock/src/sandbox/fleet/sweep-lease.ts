// One sweeper for a fleet: the --tenant-ttl sweep runs only on the instance that holds the lease row. A row, not a
// session advisory lock: the instances reach the database through a pool, whose connections come and go, and a
// lease needs no connection of its own. The holder renews it at each sweep; a lease not renewed for `ttlMs` is free,
// so when its instance stops (it gives the lease back) or dies (the lease runs out), another takes it over.
import { hex, randomBytes } from '../../core/web-crypto.js';
import type { SqlDriver } from '../store/sql-overlay.js';

export interface SweepLease {
  /** Takes or renews the lease; true when this instance holds it now. */
  acquire(): Promise<boolean>;
  /** Gives it back (at stop), so another instance takes it over at its next sweep. */
  release(): Promise<void>;
}

const TAKE = `INSERT INTO sandbox_fleet_leases (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
  ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
  WHERE sandbox_fleet_leases.holder = EXCLUDED.holder OR sandbox_fleet_leases.expires_at < now()
  RETURNING holder`;
const RELEASE = 'DELETE FROM sandbox_fleet_leases WHERE name = $1 AND holder = $2';

export const SWEEP_LEASE = 'tenant-ttl-sweep';

export function createSweepLease(driver: SqlDriver, ttlMs: number, name = SWEEP_LEASE): SweepLease {
  const holder = `instance-${hex(randomBytes(8))}`;
  return {
    async acquire() {
      const rows = await driver.query(TAKE, [name, holder, ttlMs]);
      return rows.length > 0;
    },
    async release() {
      await driver.query(RELEASE, [name, holder]);
    },
  };
}
