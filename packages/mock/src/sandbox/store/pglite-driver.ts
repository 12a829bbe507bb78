// PGlite (Postgres compiled to WebAssembly) in this process: in memory, or on disk with --data DIR.
// Imported only when a sandbox asks for it, so the stateless mock never loads it.
import { mkdir } from 'node:fs/promises';
import { importOptional } from './optional-import.js';
import type { SqlDriver } from './sql-store.js';

export async function createPgliteDriver(dataDir: string): Promise<SqlDriver> {
  await mkdir(dataDir, { recursive: true });
  const { PGlite } = await importOptional('@electric-sql/pglite', () => import('@electric-sql/pglite'), 'The sandbox with --data DIR');
  // Relaxed durability: a query returns before its pages reach the disk (5x faster writes here); close()
  // flushes, so a clean stop keeps everything, and a crash may lose the last moments of a sandbox.
  const db = await PGlite.create(dataDir, { relaxedDurability: true });
  return {
    backend: 'pglite',
    async query(sql, params = []) {
      return (await db.query<Record<string, any>>(sql, params)).rows;
    },
    transaction(work) {
      return db.transaction(async (tx) => work(async (sql, params = []) => (await tx.query<Record<string, any>>(sql, params)).rows));
    },
    close: () => db.close(),
  };
}
