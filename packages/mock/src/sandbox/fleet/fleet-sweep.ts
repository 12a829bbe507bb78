// The --tenant-ttl sweep's share of the fleet's tables, run by the instance that holds the sweep's lease: what no
// request used for longer than the TTL goes (a forgotten tenant's fault counters and journal), each tenant keeps at
// most MAX_KEYS_PER_SCOPE fault counters as in memory, and buckets idle for a minute go (they are full by then, and a
// missing bucket is a full one).
import { MAX_KEYS_PER_SCOPE } from '../../faults/fault-counters.js';
import type { SqlDriver } from '../store/sql-overlay.js';

const IDLE_COUNTERS = "DELETE FROM sandbox_fault_counts WHERE used_at < now() - $1 * interval '1 millisecond'";
const COUNTERS_PAST_CAP = `DELETE FROM sandbox_fault_counts WHERE (tenant, key) IN (
    SELECT tenant, key FROM (SELECT tenant, key, row_number() OVER (PARTITION BY tenant ORDER BY used_at DESC) AS n FROM sandbox_fault_counts) t
    WHERE n > $1
  )`;
const IDLE_JOURNAL = "DELETE FROM sandbox_journal WHERE stored_at < now() - $1 * interval '1 millisecond'";
const FULL_BUCKETS = 'DELETE FROM sandbox_rate_buckets WHERE at_ms < extract(epoch FROM clock_timestamp()) * 1000 - 60000';

export async function forgetIdleFleetState(driver: SqlDriver, idleMs: number): Promise<void> {
  await driver.query(IDLE_COUNTERS, [idleMs]);
  await driver.query(COUNTERS_PAST_CAP, [MAX_KEYS_PER_SCOPE]);
  await driver.query(IDLE_JOURNAL, [idleMs]);
  await driver.query(FULL_BUCKETS);
}
