// The tables that make the instances of a sandbox on one Postgres (--database-url) one service, beside the
// records' own (store/sql-overlay.ts): the tenants' rate buckets, the `Prefer: times=N, key=K` counters, the request
// journal, the lease that lets one instance at a time sweep idle tenants, and the members whose record caches a
// write waits for (record-coherence.ts). Created idempotently at start, under
// an advisory lock, so instances starting together create them one after the other.
import type { SqlDriver } from '../store/sql-overlay.js';

// The journal keeps each entry whole as JSON (what GET /_mock/requests shows, secrets already masked), so fields
// added to entries later pass through; only what the filters and the budgets read has a column of its own.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_rate_buckets (
  tenant text NOT NULL,
  kind text NOT NULL,
  tokens double precision NOT NULL,
  taken double precision NOT NULL,
  at_ms double precision NOT NULL,
  PRIMARY KEY (tenant, kind)
);
CREATE TABLE IF NOT EXISTS sandbox_fault_counts (
  tenant text NOT NULL,
  key text NOT NULL,
  seen integer NOT NULL,
  used_at timestamptz NOT NULL,
  PRIMARY KEY (tenant, key)
);
CREATE TABLE IF NOT EXISTS sandbox_journal (
  seq bigserial PRIMARY KEY,
  tenant text NOT NULL,
  request_id text,
  operation_id text,
  method text NOT NULL,
  bytes integer NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now(),
  entry json NOT NULL
);
ALTER TABLE sandbox_journal ADD COLUMN IF NOT EXISTS received_ms double precision NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS sandbox_journal_tenant ON sandbox_journal (tenant, seq);
CREATE TABLE IF NOT EXISTS sandbox_fleet_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_cache_members (
  instance text PRIMARY KEY,
  expires_at timestamptz NOT NULL
)
`;

/** Any fixed number, not the records' schema lock (sql-overlay.ts): the two schemas are created independently. */
const FLEET_SCHEMA_LOCK = 4_813_2026;

export async function createFleetSchema(driver: SqlDriver): Promise<void> {
  await driver.transaction(async (query) => {
    await query(`SELECT pg_advisory_xact_lock(${FLEET_SCHEMA_LOCK})`);
    for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await query(statement);
  });
}
