// What makes the instances of a sandbox on one Postgres (--database-url) one service to a partner, whatever instance
// answers: the tenants' rate buckets, the Prefer fault counters, the request journal, and one sweeper. Opened with
// the store (create-sandbox.ts) on a small pool of its own, so that a flood of journal writes or bucket takes never
// waits behind the records' queries, nor they behind it. Imported only when a sandbox has a database URL.
import type { FaultCounters } from '../../faults/fault-counters.js';
import type { JournalRecorderOptions } from '../../journal/journal-recorder.js';
import type { TakeTokens } from '../limits/shared-rate-limiter.js';
import { createPgDriver } from '../store/pg-driver.js';
import type { SqlDriver } from '../store/sql-overlay.js';
import { createFleetSchema } from './fleet-schema.js';
import { forgetIdleFleetState } from './fleet-sweep.js';
import { openJournalBarrier, type JournalBarrier } from './journal-barrier.js';
import { openRecordCoherence, type FleetRecordCoherence } from './record-coherence.js';
import { pgTakeTokens } from './pg-rate-bucket.js';
import { createSharedFaultCounters } from './shared-fault-counters.js';
import { createSharedJournal, type SharedJournal } from './shared-journal.js';
import { createSweepLease, type SweepLease } from './sweep-lease.js';

export interface Fleet {
  takeTokens(perSecond: number): TakeTokens;
  faultCounters: FaultCounters;
  /** The journal every instance writes and reads (engine/create-engine.ts asks for it with its budgets). */
  journal(options: JournalRecorderOptions): SharedJournal;
  /** How this instance's record cache hears the others' writes, and they its (undefined: nothing is cached; tests). */
  records?: FleetRecordCoherence;
  /** The lease of the --tenant-ttl sweep: held by one instance at a time, free `ttlMs` after its last renewal. */
  sweepLease(ttlMs: number): SweepLease;
  /** The sweep's share of these tables: counters, journal entries and buckets nobody used for `idleMs`. */
  forgetIdle(idleMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Connections of the fleet's own pool: batched writes and takes need few. */
const FLEET_POOL_SIZE = 4;
/**
 * The fleet's writes (journal batches, fault counts, bucket takes) do not wait for the write-ahead log to reach the
 * disk (synchronous_commit off, for these sessions only): what a database crash can lose is the last fraction of a
 * second of them, never a record (the store's own pool).
 */
const FLEET_SESSION = '-c synchronous_commit=off';

export async function openFleet(databaseUrl: string, warn: (line: string) => void): Promise<Fleet> {
  const driver = await createPgDriver(databaseUrl, { max: FLEET_POOL_SIZE, serverOptions: FLEET_SESSION });
  const journals: SharedJournal[] = [];
  let barrier: JournalBarrier | undefined;
  let records: FleetRecordCoherence;
  try {
    await createFleetSchema(driver);
    barrier = await openJournalBarrier(databaseUrl, driver, () => storeAll(journals), warn);
    records = await openRecordCoherence(databaseUrl, driver, warn);
  } catch (error) {
    await barrier?.close().catch(() => {});
    await driver.close().catch(() => {});
    throw error;
  }
  return fleetOn(driver, warn, { journals, barrier, records });
}

async function storeAll(journals: readonly SharedJournal[]): Promise<void> {
  await Promise.all(journals.map((journal) => journal.storeHeld()));
}

/**
 * `peers`: the journals of this instance and how they and its records reach the other instances'; without, the
 * journal is this instance's alone and nothing is cached (tests).
 */
export function fleetOn(driver: SqlDriver, warn: (line: string) => void, peers?: { journals: SharedJournal[]; barrier: JournalBarrier; records: FleetRecordCoherence }): Fleet {
  const journals = peers?.journals ?? [];
  return {
    records: peers?.records,
    takeTokens: (perSecond) => pgTakeTokens(driver, perSecond),
    faultCounters: createSharedFaultCounters(driver),
    journal(options) {
      const journal = createSharedJournal(driver, options, warn, peers?.barrier);
      journals.push(journal);
      return journal;
    },
    sweepLease: (ttlMs) => createSweepLease(driver, ttlMs),
    forgetIdle: (idleMs) => forgetIdleFleetState(driver, idleMs),
    async close() {
      for (const journal of journals) await journal.close();
      await peers?.records.close();
      await peers?.barrier.close();
      await driver.close();
    },
  };
}
