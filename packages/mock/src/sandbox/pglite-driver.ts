// PGlite (Postgres compiled to WebAssembly) in this process: in memory, or on disk with --data DIR.
// Imported only when a sandbox asks for it, so the stateless mock never loads it.
import { mkdir } from 'node:fs/promises';
import type { SqlDriver } from './sql.js';

export async function createPgliteDriver(dataDir: string): Promise<SqlDriver> {
  await mkdir(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
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
