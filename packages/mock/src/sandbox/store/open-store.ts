// Opens the store a sandbox asked for: Postgres (databaseUrl), memory with a file (data), or memory (default),
// each as an overlay over the shared seed. The Postgres driver is imported only here and only when asked
// for, so the in-memory sandbox never loads it.
import type { SeedView } from '../seed/seed-view.js';
import { createCopyOnWriteStore } from './copy-on-write-store.js';
import { createMemoryOverlay } from './memory-overlay.js';
import { MissingDriverError } from './optional-import.js';
import type { OverlayStore } from './overlay-store.js';
import { withRecordCache, type RecordCoherenceLink } from './record-cache.js';
import { StoreUnavailableError, type Store } from './record-store.js';
import { createSqlOverlay, describeDatabaseError } from './sql-overlay.js';
import type { TenantQuota } from './tenant-quota.js';
import type { StoreObserver } from './store-observer.js';

export interface StoreChoice {
  /** a directory the sandbox keeps its data in (one process owns it) */
  data?: string;
  /** a Postgres URL; never repeated in an error (it may hold a password) */
  databaseUrl?: string;
  /** the most connections to it (default DEFAULT_POOL_SIZE) */
  databasePool?: number;
  /** what one tenant's writes may keep; undefined: no limit */
  quota?: TenantQuota;
  /** the pool's gauges and the queries' spans, when metrics or traces are on */
  storeObserver?: StoreObserver;
  /** on Postgres: records read by id are kept a moment once the fleet attaches its coherence here */
  recordCache?: RecordCoherenceLink;
}

export async function openStore(choice: StoreChoice, seed: SeedView, warn: (line: string) => void): Promise<Store> {
  return createCopyOnWriteStore(seed, await openOverlay(choice, warn));
}

async function openOverlay(choice: StoreChoice, warn: (line: string) => void): Promise<OverlayStore> {
  if (choice.data !== undefined) {
    const { openFileOverlay } = await import('./file-overlay.js');
    try {
      return await openFileOverlay(choice.data, warn, choice.quota);
    } catch (error) {
      throw new Error(`sandbox: cannot open its data directory: ${(error as Error).message}`, { cause: error });
    }
  }
  if (choice.databaseUrl === undefined) return createMemoryOverlay('memory', undefined, choice.quota);
  try {
    const { createPgDriver } = await import('./pg-driver.js');
    const overlay = await createSqlOverlay(await createPgDriver(choice.databaseUrl, { max: choice.databasePool, observer: choice.storeObserver }), choice.quota);
    return choice.recordCache === undefined ? overlay : withRecordCache(overlay, choice.recordCache);
  } catch (error) {
    if (error instanceof MissingDriverError) throw error;
    const reason = error instanceof StoreUnavailableError ? error.message : describeDatabaseError(error);
    throw new Error(`sandbox: cannot open its database: ${reason}`, { cause: error });
  }
}
