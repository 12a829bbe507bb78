// The Postgres overlay (--database-url): each tenant's own entries in one table that several sandbox
// instances share. A tenant that only reads has no rows; its activity is one row, written in batches.
import { createLookupBatcher } from './lookup-batcher.js';
import type { OverlayEntry, OverlayStore } from './overlay-store.js';
import { StoreUnavailableError, type Body, type StoredRecord } from './record-store.js';
import { checkQuota, checkUpdate, hasQuota, QuotaExceededError, quotaOf, storedBytes, type TenantQuota } from './tenant-quota.js';

/** What the overlay needs from a database connection. */
export interface SqlDriver {
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, any>>>;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (query: SqlDriver['query']) => Promise<T>): Promise<T>;
  /** Resolves when the database answers now, without the retries of `query` (a health check must be quick). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// json (not jsonb) keeps the key order of what was stored, so responses read like the examples.
// A tombstone (deleted) has no key, so a deleted record's name is free again.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_overlay (
  tenant text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  key text,
  parent text,
  owner text,
  seq bigserial,
  deleted boolean NOT NULL DEFAULT false,
  created json,
  body json,
  PRIMARY KEY (tenant, kind, id)
);
CREATE UNIQUE INDEX IF NOT EXISTS sandbox_overlay_key ON sandbox_overlay (tenant, kind, key);
CREATE INDEX IF NOT EXISTS sandbox_overlay_parent ON sandbox_overlay (tenant, kind, parent);
CREATE INDEX IF NOT EXISTS sandbox_overlay_owner ON sandbox_overlay (tenant, owner);
CREATE TABLE IF NOT EXISTS sandbox_tenant_activity (
  tenant text PRIMARY KEY,
  last_seen timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_tenant_activity_seen ON sandbox_tenant_activity (last_seen);
`;

/** Any fixed number: instances starting together create the schema one after the other. */
const SCHEMA_LOCK = 4_013_2026;

const COLUMNS = 'kind, id, key, parent, owner, deleted, created, body';
const INSERT_COLUMNS = 'tenant, kind, id, key, parent, owner, created, body';
const VALUES = '$1, $2, $3, $4, $5, $6, $7, $8';

const FIND_BY_ID = `SELECT ${COLUMNS} FROM sandbox_overlay WHERE tenant = $1 AND kind = $2 AND id = $3`;
// Many lookups by id in one query: `n` numbers each row by the lookup it answers.
const FIND_BY_IDS = `SELECT t.n, ${COLUMNS.split(', ').map((column) => `o.${column}`).join(', ')}
  FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS t(tenant, kind, id, n)
  JOIN sandbox_overlay o ON o.tenant = t.tenant AND o.kind = t.kind AND o.id = t.id`;
const FIND = `SELECT ${COLUMNS} FROM sandbox_overlay WHERE tenant = $1 AND kind = $2 AND (id = ANY($3::text[]) OR key = $4)`;
const LIST = `SELECT ${COLUMNS} FROM sandbox_overlay
  WHERE tenant = $1 AND kind = $2 AND ($3::text IS NULL OR parent = $3 OR id = ANY($4::text[])) ORDER BY seq`;
const INSERT = `INSERT INTO sandbox_overlay (${INSERT_COLUMNS}) VALUES (${VALUES}) ON CONFLICT DO NOTHING RETURNING id`;
// One statement each: concurrent upserts of one key (on any instance) end as one row, with the first id.
const UPSERT_BY_KEY = `INSERT INTO sandbox_overlay (${INSERT_COLUMNS}) VALUES (${VALUES})
  ON CONFLICT (tenant, kind, key) DO UPDATE SET body = EXCLUDED.body, parent = EXCLUDED.parent, owner = EXCLUDED.owner
  RETURNING ${COLUMNS}`;
const UPSERT_AT_ID = `INSERT INTO sandbox_overlay (${INSERT_COLUMNS}) VALUES (${VALUES})
  ON CONFLICT (tenant, kind, id) DO UPDATE SET body = EXCLUDED.body, parent = EXCLUDED.parent, owner = EXCLUDED.owner
  WHERE NOT sandbox_overlay.deleted
  RETURNING ${COLUMNS}`;
const TOMBSTONE = `INSERT INTO sandbox_overlay (tenant, kind, id, deleted) SELECT $1, t.kind, t.id, true FROM unnest($2::text[], $3::text[]) AS t(kind, id)
  ON CONFLICT (tenant, kind, id) DO UPDATE SET deleted = true, key = NULL, created = NULL, body = NULL`;
const TOMBSTONE_OWNED = 'UPDATE sandbox_overlay SET deleted = true, key = NULL, created = NULL, body = NULL WHERE tenant = $1 AND owner = $2 AND NOT deleted';
// Sorted, so two instances touching the same tenants lock their rows in one order and never deadlock.
const TOUCH = `INSERT INTO sandbox_tenant_activity (tenant, last_seen) SELECT t, now() FROM unnest($1::text[]) AS t ORDER BY t
  ON CONFLICT (tenant) DO UPDATE SET last_seen = now()`;
const IDLE = "last_seen < now() - $1 * interval '1 millisecond'";
// Quotas: a write that may add a record holds this tenant's lock (any instance) from its count to its insert.
// Two keys (a fixed number and the tenant's hash) keep these locks apart from the schema's one-key lock.
const QUOTA_LOCK = `SELECT pg_advisory_xact_lock(${SCHEMA_LOCK}, hashtext($1))`;
// The bytes as stored: body is json, kept as the text JSON.stringify wrote (tenant-quota.ts counts the same).
const USAGE = `SELECT count(*) FILTER (WHERE kind = $2)::int AS records, coalesce(sum(octet_length(body::text)), 0)::bigint AS bytes
  FROM sandbox_overlay WHERE tenant = $1 AND NOT deleted`;
const LIVE_AT_KEY = 'SELECT id, octet_length(body::text) AS bytes FROM sandbox_overlay WHERE tenant = $1 AND kind = $2 AND key = $3 AND NOT deleted';
const AT_ID = 'SELECT deleted, coalesce(octet_length(body::text), 0) AS bytes FROM sandbox_overlay WHERE tenant = $1 AND kind = $2 AND id = $3';

export async function createSqlOverlay(driver: SqlDriver, sandboxQuota?: TenantQuota): Promise<OverlayStore> {
  await guard(() =>
    driver.transaction(async (query) => {
      await query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
      for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await query(statement);
    }),
  );

  const byId = createLookupBatcher((lookups: RecordLookup[]) => findByIds(driver, lookups));

  return {
    backend: 'postgres',
    find: (tenant, kind, ids, key) =>
      guard(async () => {
        const isLookupById = key === undefined && ids.length === 1;
        if (isLookupById) {
          const entry = await byId.load({ tenant, kind, id: ids[0]! });
          return entry === undefined ? [] : [entry];
        }
        return (await driver.query(FIND, [tenant, kind, ids, key ?? null])).map(toEntry);
      }),
    list: (tenant, kind, parent, ids) => guard(async () => (await driver.query(LIST, [tenant, kind, parent ?? null, ids])).map(toEntry)),
    insert: (tenant, record) =>
      guard(async () => {
        const quota = quotaOf(sandboxQuota, tenant);
        if (hasQuota(quota)) return insertWithinQuota(driver, quota, tenant, record);
        return (await driver.query(INSERT, [tenant, ...values(record)])).length > 0;
      }),
    upsertByKey: (tenant, record, seeded) =>
      guard(async () => {
        const quota = quotaOf(sandboxQuota, tenant);
        if (hasQuota(quota)) return upsertWithinQuota(driver, quota, tenant, record, seeded);
        if (seeded !== undefined) {
          const atSeed = await upsert(driver, UPSERT_AT_ID, tenant, { ...record, id: seeded.id, created: seeded.created });
          // No row: the tenant deleted the seed's record, so the name starts a new one.
          if (atSeed !== undefined) return atSeed;
        }
        return (await upsert(driver, UPSERT_BY_KEY, tenant, record))!;
      }),
    replace: (tenant, record, seen) =>
      guard(async () => {
        const quota = quotaOf(sandboxQuota, tenant);
        if (hasQuota(quota) && quota.maxBytes > 0) return replaceWithinQuota(driver, quota, tenant, record, seen);
        return (await upsert(driver, UPSERT_AT_ID, tenant, record)) !== undefined;
      }),
    remove: (tenant, targets, owner) =>
      guard(() =>
        driver.transaction(async (query) => {
          await query(TOMBSTONE, [tenant, targets.map((t) => t.kind), targets.map((t) => t.id)]);
          await query(TOMBSTONE_OWNED, [tenant, owner]);
        }),
      ),
    dropTenant: (tenant) => guard(async () => void (await driver.query('DELETE FROM sandbox_overlay WHERE tenant = $1', [tenant]))),
    touch: (tenants) => guard(async () => void (await driver.query(TOUCH, [[...tenants]]))),
    tenantCount: () => guard(async () => Number((await driver.query('SELECT count(*)::int AS n FROM sandbox_tenant_activity'))[0]!.n)),
    forgetIdle: (idleMs) =>
      guard(() =>
        driver.transaction(async (query) => {
          const forgotten = await query(`DELETE FROM sandbox_tenant_activity WHERE ${IDLE} RETURNING tenant`, [idleMs]);
          if (forgotten.length === 0) return 0;
          await query('DELETE FROM sandbox_overlay WHERE tenant = ANY($1::text[])', [forgotten.map((row) => row.tenant)]);
          return forgotten.length;
        }),
      ),
    ping: () => guard(() => driver.ping()),
    close: () => driver.close(),
  };
}

/** Inserts under the tenant's quota lock: counts what it keeps, refuses past the quota, else inserts. */
function insertWithinQuota(driver: SqlDriver, quota: TenantQuota, tenant: string, record: StoredRecord): Promise<boolean> {
  return driver.transaction(async (query) => {
    await query(QUOTA_LOCK, [tenant]);
    await checkUsage(query, quota, tenant, record);
    return (await query(INSERT, [tenant, ...values(record)])).length > 0;
  });
}

/**
 * The upsert under the tenant's quota lock: an update of a live record (by key, or the seed's record it sees) is
 * always allowed; a new record is counted first. Under the lock no other write of the tenant adds a record
 * meanwhile, so the upsert meets no race on the key.
 */
function upsertWithinQuota(driver: SqlDriver, quota: TenantQuota, tenant: string, record: StoredRecord, seeded: StoredRecord | undefined): Promise<StoredRecord> {
  return driver.transaction(async (query) => {
    await query(QUOTA_LOCK, [tenant]);
    const [own] = await query(LIVE_AT_KEY, [tenant, record.kind, record.key]);
    const ownIsLive = own !== undefined;
    if (!ownIsLive && seeded !== undefined) {
      const [atSeed] = await query(AT_ID, [tenant, record.kind, seeded.id]);
      const deletedSeeded = atSeed?.deleted === true;
      if (!deletedSeeded) {
        const atSeedRecord = { ...record, id: seeded.id, created: seeded.created };
        // The tenant's changed copy of the seed's record, else the seed's record itself (which its quota does not count).
        const keptBytes = atSeed === undefined ? 0 : Number(atSeed.bytes);
        await checkGrowth(query, quota, tenant, atSeedRecord, { keptBytes, seenBytes: atSeed === undefined ? storedBytes(seeded) : keptBytes });
        const rows = await query(UPSERT_AT_ID, [tenant, ...values(atSeedRecord)]);
        return toEntry(rows[0]!).record!;
      }
    }
    if (ownIsLive) await checkGrowth(query, quota, tenant, record, { keptBytes: Number(own.bytes), seenBytes: Number(own.bytes) });
    else await checkUsage(query, quota, tenant, record);
    const rows = await query(UPSERT_BY_KEY, [tenant, ...values(record)]);
    return toEntry(rows[0]!).record!;
  });
}

/** An update at an id under the tenant's quota lock: refused when it would grow the tenant's bytes past the quota. */
function replaceWithinQuota(driver: SqlDriver, quota: TenantQuota, tenant: string, record: StoredRecord, seen: StoredRecord | undefined): Promise<boolean> {
  return driver.transaction(async (query) => {
    await query(QUOTA_LOCK, [tenant]);
    const [atId] = await query(AT_ID, [tenant, record.kind, record.id]);
    if (atId?.deleted === true) return false;
    const keptBytes = atId === undefined ? 0 : Number(atId.bytes);
    await checkGrowth(query, quota, tenant, record, { keptBytes, seenBytes: atId === undefined ? storedBytes(seen ?? null) : keptBytes });
    return (await query(UPSERT_AT_ID, [tenant, ...values(record)])).length > 0;
  });
}

async function checkGrowth(query: SqlDriver['query'], quota: TenantQuota, tenant: string, record: StoredRecord, replaced: { keptBytes: number; seenBytes: number }): Promise<void> {
  if (quota.maxBytes <= 0) return;
  const growsSeen = storedBytes(record) > replaced.seenBytes;
  if (!growsSeen) return;
  const [usage] = await query(USAGE, [tenant, record.kind]);
  checkUpdate(quota, tenant, record, { records: Number(usage!.records), bytes: Number(usage!.bytes) }, replaced);
}

async function checkUsage(query: SqlDriver['query'], quota: TenantQuota, tenant: string, record: StoredRecord): Promise<void> {
  const [usage] = await query(USAGE, [tenant, record.kind]);
  checkQuota(quota, tenant, record, { records: Number(usage!.records), bytes: Number(usage!.bytes) });
}

/** SQLSTATE unique_violation. */
const UNIQUE_VIOLATION = '23505';
const UPSERT_ATTEMPTS = 10;

/**
 * Runs an upsert (UPSERT_AT_ID or UPSERT_BY_KEY); undefined when it wrote nothing (a deleted record).
 * ON CONFLICT settles races on one unique index, and a record has two (id and key): concurrent upserts of
 * one record can meet on the other one, and the loser fails with unique_violation. Tried again, it finds
 * the winner's row and updates it.
 */
async function upsert(driver: SqlDriver, statement: string, tenant: string, record: StoredRecord): Promise<StoredRecord | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      const rows = await driver.query(statement, [tenant, ...values(record)]);
      return rows.length === 0 ? undefined : toEntry(rows[0]!).record!;
    } catch (error) {
      const lostRace = (error as { code?: unknown }).code === UNIQUE_VIOLATION;
      if (!lostRace || attempt === UPSERT_ATTEMPTS) throw error;
    }
  }
}

interface RecordLookup {
  tenant: string;
  kind: string;
  id: string;
}

/** The entry of each lookup, in order (undefined where the tenant has none). */
async function findByIds(driver: SqlDriver, lookups: RecordLookup[]): Promise<Array<OverlayEntry | undefined>> {
  if (lookups.length === 1) {
    const [{ tenant, kind, id }] = lookups as [RecordLookup];
    const rows = await driver.query(FIND_BY_ID, [tenant, kind, id]);
    return [rows.length === 0 ? undefined : toEntry(rows[0]!)];
  }
  const rows = await driver.query(FIND_BY_IDS, [lookups.map((l) => l.tenant), lookups.map((l) => l.kind), lookups.map((l) => l.id)]);
  const found: Array<OverlayEntry | undefined> = new Array(lookups.length).fill(undefined);
  for (const row of rows) found[Number(row.n) - 1] = toEntry(row);
  return found;
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

function toEntry(row: Record<string, any>): OverlayEntry {
  if (row.deleted === true) return { kind: row.kind, id: row.id, record: null };
  const record: StoredRecord = {
    kind: row.kind,
    id: row.id,
    key: row.key ?? null,
    parent: row.parent ?? null,
    owner: row.owner ?? null,
    created: parseJson(row.created),
    body: parseJson(row.body) as Body,
  };
  return { kind: row.kind, id: row.id, record };
}

/** pg parses json columns; this also accepts text, in case it is configured not to. */
function parseJson(value: unknown): any {
  if (typeof value === 'string') return JSON.parse(value);
  return value ?? null;
}

/** Every database failure becomes StoreUnavailableError (the sandbox answers 503); its message names no secret. */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const isOurs = error instanceof StoreUnavailableError || error instanceof QuotaExceededError;
    if (isOurs) throw error;
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
