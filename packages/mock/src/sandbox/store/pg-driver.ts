// Postgres through `pg`, for several sandbox instances sharing one database (--database-url).
// Imported only when a sandbox asks for it. The URL (it may hold a password) never reaches a log line.
import type { Pool as PgPool } from 'pg';
import { importOptional } from './optional-import.js';
import type { SqlDriver } from './sql-store.js';
import { retryTransient } from './transient-retry.js';

type Query = SqlDriver['query'];

export async function createPgDriver(databaseUrl: string): Promise<SqlDriver> {
  const pg = await importOptional('pg', () => import('pg'), 'The sandbox with --database-url');
  const Pool = (pg.default ?? pg).Pool;
  const pool: PgPool = new Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 10_000 });
  // An idle connection that the server drops emits 'error' on the pool; without a listener Node would crash.
  // The next query gets a fresh connection, or fails and the sandbox answers 503.
  pool.on('error', () => {});
  return {
    backend: 'postgres',
    query(sql, params = []) {
      return retryTransient(async () => (await pool.query(sql, params)).rows);
    },
    transaction(work) {
      // A transaction that lost a race was rolled back whole, so running it again is safe.
      return retryTransient(() => runTransaction(pool, work));
    },
    close: () => pool.end(),
  };
}

async function runTransaction<T>(pool: PgPool, work: (query: Query) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(async (sql, params = []) => (await client.query(sql, params)).rows);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    broken = error as Error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed mid-transaction is dropped, not reused.
    client.release(broken);
  }
}
