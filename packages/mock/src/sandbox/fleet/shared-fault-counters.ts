// `Prefer: fault=..., times=N, key=K` on a fleet: the count of each tenant's key is one row for every instance, bumped
// by one statement, so the first N requests that carry the key fail whichever instances answer them. Only requests
// that carry times and key pay the round trip. Old keys go with the sweep (fleet-sweep.ts), at most
// MAX_KEYS_PER_SCOPE per tenant as in memory.
import type { FaultCounters } from '../../faults/fault-counters.js';
import type { SqlDriver } from '../store/sql-overlay.js';

const BUMP = `INSERT INTO sandbox_fault_counts (tenant, key, seen, used_at) VALUES ($1, $2, 1, now())
  ON CONFLICT (tenant, key) DO UPDATE SET seen = sandbox_fault_counts.seen + 1, used_at = now()
  RETURNING seen`;

export function createSharedFaultCounters(driver: SqlDriver): FaultCounters {
  return {
    async shouldFail(scope, key, times) {
      const [row] = await driver.query(BUMP, [scope, key]);
      return Number(row!.seen) <= times;
    },
    async clear(scope) {
      await driver.query('DELETE FROM sandbox_fault_counts WHERE tenant = $1', [scope]);
    },
  };
}
