// The SQL backends' one schema and one set of queries: PGlite (embedded) and Postgres (pg) run the same text.
import { StoreUnavailableError, type Body, type Store, type StoredRecord } from './record-store.js';

/** What the store needs from a database connection. */
export interface SqlDriver {
  readonly backend: 'pglite' | 'postgres';
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, any>>>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (query: SqlDriver['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// json (not jsonb) keeps the key order of what was stored, so responses read like the examples.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_tenants (
  tenant text PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS sandbox_records (
  tenant text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  key text,
  parent text,
  owner text,
  seq bigserial,
  created json,
  body json NOT NULL,
  PRIMARY KEY (tenant, kind, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS sandbox_records_key ON sandbox_records (tenant, kind, key);
CREATE INDEX IF NOT EXISTS sandbox_records_parent ON sandbox_records (tenant, kind, parent);
CREATE INDEX IF NOT EXISTS sandbox_records_owner ON sandbox_records (tenant, owner);
`;

/** Any fixed number: instances starting together create the schema one after the other. */
const SCHEMA_LOCK = 4_013_2026;

const COLUMNS = 'kind, id, key, parent, owner, created, body';

const INSERT_SEED = `
INSERT INTO sandbox_records (tenant, ${COLUMNS})
SELECT $1, r.kind, r.id, r.key, r.parent, r.owner, r.created, r.body
FROM json_to_recordset($2::json) AS r(ord int, kind text, id text, key text, parent text, owner text, created json, body json)
ORDER BY r.ord`;

export async function createSqlStore(driver: SqlDriver): Promise<Store> {
  await guard(() =>
    driver.transaction(async (query) => {
      await query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
      for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await query(statement);
    }),
  );

  const seedJson = (seed: readonly StoredRecord[]) => JSON.stringify(seed.map((record, ord) => ({ ...record, ord })));

  return {
    backend: driver.backend,
    ensureTenant: (tenant, seed) =>
      guard(() =>
        driver.transaction(async (query) => {
          // A second instance's INSERT waits on the first one's row until it commits, then inserts nothing.
          const claimed = await query('INSERT INTO sandbox_tenants (tenant) VALUES ($1) ON CONFLICT DO NOTHING RETURNING tenant', [tenant]);
          if (claimed.length > 0) await query(INSERT_SEED, [tenant, seedJson(seed)]);
        }),
      ),
    resetTenant: (tenant, seed) =>
      guard(() =>
        driver.transaction(async (query) => {
          await query('INSERT INTO sandbox_tenants (tenant) VALUES ($1) ON CONFLICT (tenant) DO UPDATE SET seeded_at = now()', [tenant]);
          await query('DELETE FROM sandbox_records WHERE tenant = $1', [tenant]);
          await query(INSERT_SEED, [tenant, seedJson(seed)]);
        }),
      ),
    get: (tenant, kind, id) =>
      guard(async () => first(await driver.query(`SELECT ${COLUMNS} FROM sandbox_records WHERE tenant = $1 AND kind = $2 AND id = $3`, [tenant, kind, id]))),
    getByKey: (tenant, kind, key) =>
      guard(async () => first(await driver.query(`SELECT ${COLUMNS} FROM sandbox_records WHERE tenant = $1 AND kind = $2 AND key = $3`, [tenant, kind, key]))),
    list: (tenant, kind, parent) =>
      guard(async () => {
        const rows =
          parent === undefined
            ? await driver.query(`SELECT ${COLUMNS} FROM sandbox_records WHERE tenant = $1 AND kind = $2 ORDER BY seq`, [tenant, kind])
            : await driver.query(`SELECT ${COLUMNS} FROM sandbox_records WHERE tenant = $1 AND kind = $2 AND parent = $3 ORDER BY seq`, [tenant, kind, parent]);
        return rows.map(toRecord);
      }),
    insert: (tenant, record) =>
      guard(async () => {
        const rows = await driver.query(
          `INSERT INTO sandbox_records (tenant, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
          [tenant, ...values(record)],
        );
        return rows.length > 0;
      }),
    upsertByKey: (tenant, record) =>
      guard(async () => {
        if (record.key === null) throw new Error('upsertByKey needs a key');
        // One statement: concurrent upserts of one key (on any instance) end as one row, with the first id.
        const rows = await driver.query(
          `INSERT INTO sandbox_records (tenant, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (tenant, kind, key) DO UPDATE SET body = EXCLUDED.body, parent = EXCLUDED.parent, owner = EXCLUDED.owner
           RETURNING ${COLUMNS}`,
          [tenant, ...values(record)],
        );
        return toRecord(rows[0]!);
      }),
    update: (tenant, kind, id, body: Body) =>
      guard(async () => {
        const rows = await driver.query('UPDATE sandbox_records SET body = $4 WHERE tenant = $1 AND kind = $2 AND id = $3 RETURNING id', [
          tenant,
          kind,
          id,
          JSON.stringify(body),
        ]);
        return rows.length > 0;
      }),
    deleteWithOwned: (tenant, kind, id) =>
      guard(() =>
        driver.transaction(async (query) => {
          const deleted = await query('DELETE FROM sandbox_records WHERE tenant = $1 AND kind = $2 AND id = $3 RETURNING id', [tenant, kind, id]);
          if (deleted.length === 0) return false;
          await query('DELETE FROM sandbox_records WHERE tenant = $1 AND owner = $2', [tenant, id]);
          return true;
        }),
      ),
    ping: () => guard(async () => void (await driver.query('SELECT 1'))),
    close: () => driver.close(),
  };
}

function values(record: StoredRecord): unknown[] {
  return [
    record.kind,
    record.id,
    record.key,
    record.parent,
    record.owner,
    record.created === null ? null : JSON.stringify(record.created),
    JSON.stringify(record.body),
  ];
}

function first(rows: Array<Record<string, any>>): StoredRecord | undefined {
  return rows.length === 0 ? undefined : toRecord(rows[0]!);
}

function toRecord(row: Record<string, any>): StoredRecord {
  return {
    kind: row.kind,
    id: row.id,
    key: row.key ?? null,
    parent: row.parent ?? null,
    owner: row.owner ?? null,
    created: parseJson(row.created),
    body: parseJson(row.body) as Body,
  };
}

/** Both drivers parse json columns; this also accepts text, in case a driver is configured not to. */
function parseJson(value: unknown): any {
  if (typeof value === 'string') return JSON.parse(value);
  return value ?? null;
}

/** Every database failure becomes StoreUnavailableError (the sandbox answers 503); its message names no secret. */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    throw new StoreUnavailableError(describeDatabaseError(error), { cause: error });
  }
}

export function describeDatabaseError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const code = typeof e?.code === 'string' ? ` (${e.code})` : '';
  // pg's messages name hosts and users at most; strip anything URL-shaped in case one carries a password.
  const message = String(e?.message ?? error).replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>');
  return `the sandbox database is unavailable${code}: ${message}`;
}
