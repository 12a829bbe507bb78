// Opens the store a sandbox asked for: Postgres (databaseUrl), PGlite on disk (data), or memory (default).
// The database drivers are imported only here and only when asked for, so the in-memory sandbox never loads them.
import { MissingDriverError } from './optional-import.js';
import { StoreUnavailableError, type Store } from './record-store.js';
import { createMemoryStore } from './memory-store.js';
import { createSqlStore, describeDatabaseError } from './sql-store.js';

export interface StoreChoice {
  /** a directory for an embedded database (PGlite) */
  data?: string;
  /** a Postgres URL; never repeated in an error (it may hold a password) */
  databaseUrl?: string;
}

export async function openStore(choice: StoreChoice): Promise<Store> {
  try {
    if (choice.databaseUrl !== undefined) {
      const { createPgDriver } = await import('./pg-driver.js');
      return await createSqlStore(await createPgDriver(choice.databaseUrl));
    }
    if (choice.data !== undefined) {
      const { createPgliteDriver } = await import('./pglite-driver.js');
      return await createSqlStore(await createPgliteDriver(choice.data));
    }
  } catch (error) {
    if (error instanceof MissingDriverError) throw error;
    const reason = error instanceof StoreUnavailableError ? error.message : describeDatabaseError(error);
    throw new Error(`sandbox: cannot open its database: ${reason}`, { cause: error });
  }
  return createMemoryStore();
}
