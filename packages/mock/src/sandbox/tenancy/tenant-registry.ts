// Tenant administration's state in the shared Postgres: the tenants an operator created or changed (status,
// limits), the tokens the admin API issued (and which are revoked), and the audit of every admin action. Every
// write is one transaction that also notes the action in the audit and bumps a version number; every instance
// polls that number once a second and reloads what changed, so a revocation, a suspension or a deletion reaches
// every instance within about a second, and checking a request against it costs a Map lookup, not a query.
import type { SqlDriver } from '../store/sql-overlay.js';

export type TenantStatus = 'active' | 'suspended';

/** The limits a tenant is held to; 0: none. */
export interface TenantLimits {
  rateLimit: number;
  maxRecords: number;
  maxTenantBytes: number;
}

/** A tenant's own limits; absent (or null when patching): the sandbox's. */
export type LimitOverrides = { [K in keyof TenantLimits]?: number | null };

/** What every instance keeps in memory of an administered tenant. */
export interface KnownTenant {
  status: TenantStatus | 'deleted';
  limits: Partial<TenantLimits>;
  /** tokens issued (iat, seconds) before this were issued before the tenant was deleted: refused */
  tokensValidFrom: number | undefined;
}

/** A tenant as the admin API shows it. */
export interface TenantView {
  name: string;
  status: TenantStatus;
  limits: TenantLimits;
  records: number;
  bytes: number;
  lastRequestAt: string | null;
  createdAt: string | null;
}

export interface AuditEntry {
  at: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

export interface IssuedToken {
  jti: string;
  tenant: string;
  subject: string;
  /** seconds since the epoch */
  expiresAt: number;
}

export interface TenantRegistry {
  /** The administered tenant, from memory (at most a refresh old); undefined for one never administered. */
  known(tenant: string): KnownTenant | undefined;
  /** Whether this token id was revoked (from memory). */
  isRevoked(jti: string): boolean;
  /** The limits `tenant` is held to: its own where it has them, else the sandbox's. */
  limitsOf(tenant: string): TenantLimits;
  /** undefined when a tenant of that name exists already */
  create(name: string, limits: LimitOverrides): Promise<TenantView | undefined>;
  list(): Promise<TenantView[]>;
  get(name: string): Promise<TenantView | undefined>;
  /** `open`: a tenant only seen in requests may be changed (it gets a row); undefined when there is no such tenant */
  update(name: string, change: { status?: TenantStatus; limits?: LimitOverrides }, open: boolean): Promise<TenantView | undefined>;
  /** Drops its records, its activity and its tokens; false when there is no such tenant. */
  remove(name: string): Promise<boolean>;
  /** Notes a token the admin API issued (so that it can be revoked by its jti). */
  noteToken(token: IssuedToken): Promise<void>;
  /** 'unknown': no token of that jti was issued through the admin API */
  revoke(jti: string): Promise<'revoked' | 'unknown'>;
  audit(): Promise<AuditEntry[]>;
  /** Calls `listener` on every instance when a tenant is deleted (on any instance): its journal goes too. */
  onDeleted(listener: (tenant: string) => void): void;
  /** Reads the version now and reloads when it moved (the timer does this every REFRESH_MS). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** How often each instance looks for admin changes made on any instance: well inside the 5 s they must take effect in. */
export const REFRESH_MS = 1_000;

// Own tables, beside the overlay's (sql-overlay.ts); the listing reads sandbox_overlay and sandbox_tenant_activity.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sandbox_admin_tenants (
  name text PRIMARY KEY,
  status text NOT NULL,
  rate_limit integer,
  max_records integer,
  max_tenant_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  tokens_valid_from bigint
);
CREATE TABLE IF NOT EXISTS sandbox_admin_tokens (
  jti text PRIMARY KEY,
  tenant text NOT NULL,
  subject text NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS sandbox_admin_tokens_tenant ON sandbox_admin_tokens (tenant);
CREATE TABLE IF NOT EXISTS sandbox_admin_audit (
  seq bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL,
  target text NOT NULL,
  detail json NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_admin_version (
  id integer PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO sandbox_admin_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING
`;

/** Any fixed number apart from the overlay's: instances starting together create these tables one after the other. */
const SCHEMA_LOCK = 4_014_2026;

const VERSION = 'SELECT version FROM sandbox_admin_version WHERE id = 1';
const BUMP = 'UPDATE sandbox_admin_version SET version = version + 1 WHERE id = 1';
const KNOWN = 'SELECT name, status, rate_limit, max_records, max_tenant_bytes, tokens_valid_from FROM sandbox_admin_tenants';
const REVOKED = 'SELECT jti FROM sandbox_admin_tokens WHERE revoked_at IS NOT NULL AND expires_at > now()';
const AUDIT = 'INSERT INTO sandbox_admin_audit (action, target, detail) VALUES ($1, $2, $3)';
const AUDIT_LIST = 'SELECT at, action, target, detail FROM sandbox_admin_audit ORDER BY seq';

// Administered tenants that are not deleted, and tenants only seen in requests (--tenants open) since any deletion.
// Activity is written in batches a second apart (tenant-lifecycle.ts), stamped when written: requests served just
// before a deletion may be noted just after it, so activity within DELETION_GRACE of a deletion is not a new use.
const DELETION_GRACE = "interval '3 seconds'";
const VIEWS = `
WITH names AS (
  SELECT name FROM sandbox_admin_tenants WHERE status <> 'deleted'
  UNION
  SELECT a.tenant FROM sandbox_tenant_activity a LEFT JOIN sandbox_admin_tenants t ON t.name = a.tenant
    WHERE t.tokens_valid_from IS NULL OR a.last_seen >= to_timestamp(t.tokens_valid_from) + ${DELETION_GRACE}
)
SELECT n.name, t.status, t.rate_limit, t.max_records, t.max_tenant_bytes, t.created_at, a.last_seen,
  coalesce(u.records, 0) AS records, coalesce(u.bytes, 0) AS bytes
FROM names n
LEFT JOIN sandbox_admin_tenants t ON t.name = n.name
LEFT JOIN sandbox_tenant_activity a ON a.tenant = n.name
LEFT JOIN LATERAL (
  SELECT count(*)::int AS records, coalesce(sum(octet_length(o.body::text)), 0)::bigint AS bytes
  FROM sandbox_overlay o WHERE o.tenant = n.name AND NOT o.deleted
) u ON true
WHERE $1::text IS NULL OR n.name = $1
ORDER BY n.name`;

const LIMIT_COLUMNS: Record<keyof TenantLimits, string> = { rateLimit: 'rate_limit', maxRecords: 'max_records', maxTenantBytes: 'max_tenant_bytes' };

export async function createTenantRegistry(driver: SqlDriver, defaults: TenantLimits, warn: (line: string) => void): Promise<TenantRegistry> {
  await driver.transaction(async (query) => {
    await query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await query(statement);
  });

  let version = -1;
  let tenants = new Map<string, KnownTenant>();
  let revoked = new Set<string>();
  const deletedListeners: Array<(tenant: string) => void> = [];

  /** Tenants deleted since the last reload: a new or a later tokens_valid_from. The first load reports none. */
  const reportDeletions = (before: Map<string, KnownTenant>, after: Map<string, KnownTenant>) => {
    if (version < 0) return;
    for (const [name, known] of after) {
      const wasDeletedNow = known.tokensValidFrom !== undefined && known.tokensValidFrom !== before.get(name)?.tokensValidFrom;
      if (wasDeletedNow) for (const listener of deletedListeners) listener(name);
    }
  };

  const reload = async () => {
    const [row] = await driver.query(VERSION);
    const current = Number(row!.version);
    if (current === version) return;
    const [known, gone] = await Promise.all([driver.query(KNOWN), driver.query(REVOKED)]);
    const before = tenants;
    tenants = new Map(known.map((r) => [r.name as string, knownOf(r)]));
    revoked = new Set(gone.map((r) => r.jti as string));
    reportDeletions(before, tenants);
    version = current;
  };
  await reload();
  let refreshing: Promise<void> | undefined;
  const refresh = () => {
    refreshing ??= reload().finally(() => (refreshing = undefined));
    return refreshing;
  };
  // unref: the poll never keeps a process alive that has nothing else to do. A failed poll keeps what was known.
  const timer = setInterval(() => void refresh().catch((error: Error) => warn(`tenant administration: ${error.message}`)), REFRESH_MS);
  timer.unref?.();

  /** One admin write: its statements, its audit line and the version bump in one transaction, then this instance reloads at once. */
  const write = async <T>(action: string, target: string, work: (query: SqlDriver['query']) => Promise<{ result: T; detail: Record<string, unknown> } | undefined>) => {
    const done = await driver.transaction(async (query) => {
      const outcome = await work(query);
      if (outcome === undefined) return undefined;
      await query(AUDIT, [action, target, JSON.stringify(outcome.detail)]);
      await query(BUMP);
      return outcome;
    });
    await refresh();
    return done?.result;
  };

  const views = async (name: string | null) => (await driver.query(VIEWS, [name])).map((row) => viewOf(row, defaults));
  const viewOfName = async (name: string) => (await views(name))[0];

  return {
    known: (tenant) => tenants.get(tenant),
    isRevoked: (jti) => revoked.has(jti),
    limitsOf(tenant) {
      const own = tenants.get(tenant)?.limits;
      if (own === undefined) return defaults;
      return { ...defaults, ...own };
    },
    async create(name, limits) {
      const created = await write('tenant.create', name, async (query) => {
        // A deleted tenant's row stays (its tokens_valid_from keeps its old tokens refused): creating it again revives the row.
        const rows = await query(
          `INSERT INTO sandbox_admin_tenants (name, status, rate_limit, max_records, max_tenant_bytes) VALUES ($1, 'active', $2, $3, $4)
           ON CONFLICT (name) DO UPDATE SET status = 'active', rate_limit = $2, max_records = $3, max_tenant_bytes = $4, created_at = now()
             WHERE sandbox_admin_tenants.status = 'deleted'
           RETURNING name`,
          [name, limits.rateLimit ?? null, limits.maxRecords ?? null, limits.maxTenantBytes ?? null],
        );
        if (rows.length === 0) return undefined;
        return { result: true, detail: { limits } };
      });
      if (created === undefined) return undefined;
      return viewOfName(name);
    },
    list: () => views(null),
    get: (name) => viewOfName(name),
    async update(name, change, open) {
      // Asked of the database, not the memory: a tenant created on another instance a moment ago is there.
      const [row] = await driver.query('SELECT status FROM sandbox_admin_tenants WHERE name = $1', [name]);
      const isAdministered = row !== undefined && row.status !== 'deleted';
      const exists = isAdministered || (open && (await viewOfName(name)) !== undefined);
      if (!exists) return undefined;
      const columns = Object.entries(change.limits ?? {}).map(([key, value]) => [LIMIT_COLUMNS[key as keyof TenantLimits], value] as const);
      const updated = await write('tenant.update', name, async (query) => {
        await query(`INSERT INTO sandbox_admin_tenants (name, status) VALUES ($1, 'active') ON CONFLICT (name) DO UPDATE SET status = 'active' WHERE sandbox_admin_tenants.status = 'deleted'`, [name]);
        const sets = ['status = coalesce($2, status)', ...columns.map(([column], i) => `${column} = $${i + 3}`)];
        await query(`UPDATE sandbox_admin_tenants SET ${sets.join(', ')} WHERE name = $1`, [name, change.status ?? null, ...columns.map(([, value]) => value)]);
        return { result: true, detail: change };
      });
      if (updated === undefined) return undefined;
      return viewOfName(name);
    },
    async remove(name) {
      if ((await viewOfName(name)) === undefined) return false;
      const removed = await write('tenant.delete', name, async (query) => {
        // Rounded up: a token signed in the second of the deletion is refused too (iat counts whole seconds).
        const validFrom = Math.ceil(Date.now() / 1000);
        await query('DELETE FROM sandbox_overlay WHERE tenant = $1', [name]);
        await query('DELETE FROM sandbox_tenant_activity WHERE tenant = $1', [name]);
        await query('UPDATE sandbox_admin_tokens SET revoked_at = now() WHERE tenant = $1 AND revoked_at IS NULL', [name]);
        await query(
          `INSERT INTO sandbox_admin_tenants (name, status, tokens_valid_from) VALUES ($1, 'deleted', $2)
           ON CONFLICT (name) DO UPDATE SET status = 'deleted', rate_limit = NULL, max_records = NULL, max_tenant_bytes = NULL, tokens_valid_from = $2`,
          [name, validFrom],
        );
        return { result: true, detail: { tokensValidFrom: new Date(validFrom * 1000).toISOString() } };
      });
      return removed === true;
    },
    async noteToken(token) {
      await write('token.issue', token.tenant, async (query) => {
        await query('INSERT INTO sandbox_admin_tokens (jti, tenant, subject, expires_at) VALUES ($1, $2, $3, to_timestamp($4))', [token.jti, token.tenant, token.subject, token.expiresAt]);
        // Expired tokens are refused by their exp anyway: their rows go, so the table holds only live tokens.
        await query("DELETE FROM sandbox_admin_tokens WHERE expires_at < now() - interval '1 day'");
        return { result: true, detail: { jti: token.jti, subject: token.subject, expiresAt: new Date(token.expiresAt * 1000).toISOString() } };
      });
    },
    async revoke(jti) {
      const revokedNow = await write('token.revoke', jti, async (query) => {
        const rows = await query('UPDATE sandbox_admin_tokens SET revoked_at = coalesce(revoked_at, now()) WHERE jti = $1 RETURNING tenant, subject', [jti]);
        if (rows.length === 0) return undefined;
        return { result: true, detail: { tenant: rows[0]!.tenant, subject: rows[0]!.subject } };
      });
      return revokedNow === true ? 'revoked' : 'unknown';
    },
    async audit() {
      return (await driver.query(AUDIT_LIST)).map((row) => ({
        at: new Date(row.at).toISOString(),
        action: row.action,
        target: row.target,
        detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail,
      }));
    },
    onDeleted: (listener) => void deletedListeners.push(listener),
    refresh,
    async close() {
      clearInterval(timer);
      await driver.close();
    },
  };
}

function knownOf(row: Record<string, any>): KnownTenant {
  const limits: Partial<TenantLimits> = {};
  for (const [key, column] of Object.entries(LIMIT_COLUMNS)) {
    if (row[column] !== null && row[column] !== undefined) limits[key as keyof TenantLimits] = Number(row[column]);
  }
  return { status: row.status, limits, tokensValidFrom: row.tokens_valid_from === null ? undefined : Number(row.tokens_valid_from) };
}

function viewOf(row: Record<string, any>, defaults: TenantLimits): TenantView {
  const own = (column: string, fallback: number) => (row[column] === null || row[column] === undefined ? fallback : Number(row[column]));
  const isAdministered = row.status !== null && row.status !== undefined && row.status !== 'deleted';
  return {
    name: row.name,
    status: isAdministered ? row.status : 'active',
    limits: {
      rateLimit: own('rate_limit', defaults.rateLimit),
      maxRecords: own('max_records', defaults.maxRecords),
      maxTenantBytes: own('max_tenant_bytes', defaults.maxTenantBytes),
    },
    records: Number(row.records),
    bytes: Number(row.bytes),
    lastRequestAt: row.last_seen ? new Date(row.last_seen).toISOString() : null,
    createdAt: isAdministered && row.created_at ? new Date(row.created_at).toISOString() : null,
  };
}
