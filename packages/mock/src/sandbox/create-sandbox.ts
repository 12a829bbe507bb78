// The sandbox: a stateful, tenant-isolated mode of the mock (`npx @vendor/api-mock --sandbox`, `startMock({ sandbox })`).
// It rides the mock's pipeline through the seam (seam.ts): its tokens name the caller (caller-auth.ts) and its
// handlers answer valid requests from the store (handlers/). It adds /_sandbox/health and /_sandbox/reset.
import type { SpecModel } from '@vendor/spec-model';
import type { CorsPolicy } from '../core/cors.js';
import type { IncomingRequest, Reply, RequestHeaders } from '../core/exchange.js';
import { answerAdminRoute } from './admin-routes.js';
import { authenticateCaller } from './caller-auth.js';
import { unavailable } from './handlers/answer-builders.js';
import { handlerFor } from './handlers/handler-table.js';
import type { SandboxServices } from './handlers/sandbox-handler.js';
import type { AdmitVerdict, SandboxAnswer, SandboxAuth, SandboxSeam } from '../pipeline/seams.js';
import type { FaultCounters } from '../faults/fault-counters.js';
import type { JournalRecorder, JournalRecorderOptions } from '../journal/journal-recorder.js';
import type { Fleet } from './fleet/open-fleet.js';
import type { RecordCoherenceLink } from './store/record-cache.js';
import { createRateLimiter, rateLimitedError, type RateLimiter, type RateVerdict } from './limits/rate-limiter.js';
import { createSharedRateLimiter, type TakeTokens } from './limits/shared-rate-limiter.js';
import { resolveLimits, type LimitOptions, type SandboxLimits } from './limits/sandbox-limits.js';
import { deriveSeed } from './seed/derive-seed.js';
import { createSeedView, type SeedView } from './seed/seed-view.js';
import type { StoreChoice } from './store/open-store.js';
import type { StoreObserver } from './store/store-observer.js';
import { StoreUnavailableError, type Store } from './store/record-store.js';
import { QuotaExceededError, type TenantQuota } from './store/tenant-quota.js';
import { signedUrlKey } from './signed-url-key.js';
import { createTenantLifecycle } from './tenant-lifecycle.js';
import { readTenantTtl } from './tenant-ttl.js';
import { createTokenIssuer } from './tokens.js';
import { chooseSigningKeys, type KeyOptions, type KeySources, type SecretSource } from './keys/key-choice.js';
import type { AdminApi } from './tenancy/admin-api.js';
import { checkAdminToken, createAdminCheck, ADMIN_TOKEN_ENV } from './tenancy/admin-token.js';
import type { TenantLimits, TenantRegistry } from './tenancy/tenant-registry.js';
import { tokenStanding, type TenantsMode } from './tenancy/token-standing.js';
import type { TokenStanding } from './caller-auth.js';

/** The limits of a shared sandbox (rateLimit, maxRecords, maxTenantBytes, shared) come from LimitOptions. */
export interface SandboxOptions extends LimitOptions, KeyOptions {
  /** signs and checks tokens (one key, kid "default"); default: VENDOR_SANDBOX_SIGNING_KEYS, VENDOR_SANDBOX_SECRET, else a random secret for this process */
  secret?: string;
  /** the admin API's token (--admin-token-file FILE, else VENDOR_SANDBOX_ADMIN_TOKEN); without one /_sandbox/admin/ answers 404. Needs databaseUrl. */
  adminToken?: string;
  /** a file holding the admin token */
  adminTokenFile?: string;
  /** 'open' (default): any valid token's tenant is served; 'provisioned': only tenants created through the admin API. Needs databaseUrl. */
  tenants?: TenantsMode;
  /** a directory the sandbox keeps its data in, so it survives restarts (one process owns it); default: in memory */
  data?: string;
  /** a Postgres URL shared by several sandbox instances; exclusive with `data` */
  databaseUrl?: string;
  /** the most Postgres connections this instance opens (default 10) */
  databasePool?: number;
  /** forget tenants idle for longer: a duration ("7d", "12h", "30m") or milliseconds; default: never (7d with `shared`) */
  tenantTtl?: string | number;
  /** the metrics' pool gauges and the tracer's query spans (observe/), for a Postgres store */
  storeObserver?: StoreObserver;
}

export interface Sandbox {
  seam: SandboxSeam;
  backend: Store['backend'];
  /** where the secret came from, for the start-up line (never the secret itself) */
  secretSource: SecretSource;
  /** the kid new tokens carry, and how many keys verify */
  signingKid: string;
  keyCount: number;
  /** whether /_sandbox/admin/ answers, and which tenants are served */
  adminApi: boolean;
  tenantsMode: TenantsMode;
  /** the limits in force (0: none) */
  limits: SandboxLimits;
  /** With a rate limit: counts a request of `tenant` to a route beside the operations (reset, the journal). */
  admit: ((tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>) | undefined;
  /** On a database: the `Prefer: times=N, key=K` counters every instance shares; undefined: the engine's own, in memory. */
  faultCounters: FaultCounters | undefined;
  /** On a database: the journal every instance writes and reads, with the engine's budgets; undefined: in memory. */
  sharedJournal: ((options: JournalRecorderOptions) => JournalRecorder) | undefined;
  /** Answers /_sandbox/* requests, CORS preflights included; false when the path is not one of them. */
  admin(request: IncomingRequest, reply: Reply, cors: CorsPolicy): boolean;
  /** Calls `listener` when a tenant is deleted through the admin API on any instance (the engine drops its journal). */
  onTenantDeleted(listener: (tenant: string) => void): void;
  token(tenant: string, subject?: string, expiresIn?: string): Promise<string>;
  /** Who sends `headers` (their bearer token), for routes beside the operations such as the request journal. */
  authenticate(headers: RequestHeaders): Promise<SandboxAuth>;
  /** tenants the store holds (the metrics' vendor_mock_tenants) */
  tenantCount(): Promise<number>;
  /** resolves when the store answers (/readyz); rejects when its database does not */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What the host supplies: the server opens any store and reads the environment; the in-process fetch has memory only. */
export interface SandboxHost extends KeySources {
  openStore(choice: StoreChoice, seed: SeedView, warn: (line: string) => void): Promise<Store>;
  /** VENDOR_SANDBOX_SECRET where there is an environment */
  environmentSecret: string | undefined;
  /** The tables that make the instances on one database one service (fleet/open-fleet.ts); the server's host only. */
  openFleet?: (databaseUrl: string, warn: (line: string) => void) => Promise<Fleet>;
  /** VENDOR_SANDBOX_ADMIN_TOKEN where there is an environment */
  environmentAdminToken?: string | undefined;
  /** tenant administration on the shared database (the Node host); absent where there is none */
  openTenancy?: (databaseUrl: string, defaults: TenantLimits, warn: (line: string) => void) => Promise<TenantRegistry>;
}

export async function createSandbox(model: SpecModel, options: SandboxOptions, warn: (line: string) => void, host: SandboxHost): Promise<Sandbox> {
  if (options.data !== undefined && options.databaseUrl !== undefined) {
    throw new Error('sandbox: give either data (a directory one process keeps its data in) or databaseUrl (a Postgres server), not both');
  }
  const { keys, source: secretSource } = chooseSigningKeys(options, host);
  const adminToken = chooseAdminToken(options, host);
  const tenantsMode = options.tenants ?? 'open';
  checkTenancyStore(options, adminToken, tenantsMode);
  const limits = resolveLimits(options);
  const tenantTtlMs = limits.tenantTtl === undefined ? undefined : readTenantTtl(limits.tenantTtl);
  const administered = adminToken !== undefined || tenantsMode === 'provisioned';
  // The registry opens after the store (its listing reads the store's tables); the quota asks it per write.
  let registry: TenantRegistry | undefined;
  const quota = sandboxQuota(limits, administered ? (tenant) => ownQuota(registry, tenant) : undefined);
  const issuer = createTokenIssuer(keys);
  const seed = deriveSeed(model);
  // The store opens first (its errors name the database); the fleet then lets its record cache hear the others.
  const recordCache: RecordCoherenceLink = {};
  const store = await host.openStore({ ...options, quota, recordCache }, createSeedView(seed), warn);
  let fleet: Fleet | undefined;
  try {
    fleet = options.databaseUrl !== undefined && host.openFleet !== undefined ? await host.openFleet(options.databaseUrl, warn) : undefined;
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  recordCache.coherence = fleet?.records;
  if (administered) registry = await openRegistry(host, options.databaseUrl!, limits, warn, store, fleet);
  const atRate = (perSecond: number) => admitAtRate(perSecond, fleet?.takeTokens(perSecond), warn);
  const admit = registry !== undefined ? admitAtTenantRate(registry, atRate) : limits.rateLimit > 0 ? atRate(limits.rateLimit) : undefined;
  const standing: TokenStanding | undefined = registry === undefined ? undefined : tokenStanding(registry, tenantsMode);
  const isAdmin = adminToken === undefined ? undefined : createAdminCheck(adminToken);
  const adminApi: AdminApi | undefined = registry === undefined ? undefined : { registry: resettingOnRemove(registry, store), issuer, mode: tenantsMode, isAdmin };
  const tenants = createTenantLifecycle(store, tenantTtlMs, warn, fleet === undefined ? undefined : { lease: (ttlMs) => fleet.sweepLease(ttlMs), forgetIdle: (idleMs) => fleet.forgetIdle(idleMs) });
  const services: SandboxServices = {
    store,
    model,
    exampleTenant: seed.exampleTenant,
    urlKey: await signedUrlKey(keys[0]!.secret),
    now: () => new Date(),
  };
  // A database that fails answers 503 and the sandbox keeps running; any other error is a bug (500).
  // A write past a quota is refused in the operation's shape (403: not worth a retry; the note says why).
  const storeFailed = (where: string, error: unknown): SandboxAnswer => {
    if (error instanceof QuotaExceededError) return { error: { status: 403, kind: 'quota-exceeded', message: error.message } };
    if (!(error instanceof StoreUnavailableError)) throw error;
    warn(`${where}: ${error.message}`);
    return unavailable();
  };

  const seam: SandboxSeam = {
    authenticate: (ctx) => authenticateCaller(issuer, ctx.headers, standing),
    admit,
    async answer(ctx) {
      tenants.seen(ctx.caller.tenant);
      const handler = handlerFor(ctx.op.operationId);
      if (handler === undefined) return undefined;
      try {
        return await handler(services, ctx);
      } catch (error) {
        return storeFailed(ctx.op.operationId, error);
      }
    },
  };

  return {
    seam,
    backend: store.backend,
    secretSource,
    signingKid: issuer.signingKid,
    keyCount: keys.length,
    adminApi: isAdmin !== undefined,
    tenantsMode,
    limits,
    admit,
    faultCounters: fleet?.faultCounters,
    sharedJournal: fleet === undefined ? undefined : (journalOptions) => fleet.journal(journalOptions),
    admin: (request, reply, cors) => answerAdminRoute(request, reply, cors, { issuer, store, tenants, warn, limits, admit, standing, adminApi }),
    onTenantDeleted: (listener) => registry?.onDeleted(listener),
    token: (tenant, subject, expiresIn) => issuer.sign(tenant, subject, expiresIn),
    authenticate: (headers) => authenticateCaller(issuer, headers, standing),
    tenantCount: () => tenants.count(),
    ping: () => store.ping(),
    async close() {
      await tenants.close();
      await registry?.close();
      await fleet?.close();
      await store.close();
    },
  };
}

/**
 * The rate limit as the pipeline and the routes beside it ask it: served or not, the headers, and the 429. On a
 * database (`take`), one budget for every instance (limits/shared-rate-limiter.ts); else this process's own.
 */
function admitAtRate(perSecond: number, take: TakeTokens | undefined, warn: (line: string) => void): (tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict> {
  const limiter: Pick<RateLimiter, 'perSecond' | 'admit'> | ReturnType<typeof createSharedRateLimiter> =
    take === undefined ? createRateLimiter(perSecond) : createSharedRateLimiter({ perSecond, take, warn });
  const withError = (tenant: string, method: string, verdict: RateVerdict): AdmitVerdict => {
    if (verdict.admitted) return verdict;
    return { ...verdict, error: rateLimitedError(tenant, method, limiter.perSecond, verdict) };
  };
  return (tenant, method) => {
    const verdict = limiter.admit(tenant, method);
    if (verdict instanceof Promise) return verdict.then((counted) => withError(tenant, method, counted));
    return withError(tenant, method, verdict);
  };
}

/** The admin token: { adminToken }, else --admin-token-file FILE, else VENDOR_SANDBOX_ADMIN_TOKEN; undefined: the admin API is off. */
function chooseAdminToken(options: SandboxOptions, host: SandboxHost): string | undefined {
  if (options.adminToken !== undefined && options.adminTokenFile !== undefined) throw new Error('sandbox: give either adminToken or adminTokenFile, not both');
  if (options.adminToken !== undefined) return checkAdminToken(options.adminToken, 'adminToken');
  if (options.adminTokenFile !== undefined) {
    if (host.readTextFile === undefined) throw new Error('sandbox: adminTokenFile needs a file system; give adminToken instead');
    return checkAdminToken(host.readTextFile(options.adminTokenFile, '--admin-token-file'), `--admin-token-file ${options.adminTokenFile}`);
  }
  if (host.environmentAdminToken) return checkAdminToken(host.environmentAdminToken, ADMIN_TOKEN_ENV);
  return undefined;
}

/** Tenant administration keeps tenants, revocations and the audit where every instance sees them: it needs the database. */
function checkTenancyStore(options: SandboxOptions, adminToken: string | undefined, mode: TenantsMode): void {
  if (options.databaseUrl !== undefined) return;
  if (adminToken !== undefined) {
    throw new Error('sandbox: the admin API (--admin-token-file, VENDOR_SANDBOX_ADMIN_TOKEN) needs --database-url: its tenants, revocations and audit live in the shared database');
  }
  if (mode === 'provisioned') throw new Error('sandbox: --tenants provisioned needs --database-url: provisioned tenants live in the shared database');
}

async function openRegistry(host: SandboxHost, databaseUrl: string, limits: SandboxLimits, warn: (line: string) => void, store: Store, fleet: Fleet | undefined): Promise<TenantRegistry> {
  const defaults: TenantLimits = { rateLimit: limits.rateLimit, maxRecords: limits.maxRecords, maxTenantBytes: limits.maxTenantBytes };
  try {
    if (host.openTenancy === undefined) throw new Error('sandbox: tenant administration needs the Node server (a database), not the in-process fetch');
    return await host.openTenancy(databaseUrl, defaults, warn);
  } catch (error) {
    await fleet?.close().catch(() => {});
    await store.close();
    throw error;
  }
}

/** A tenant deleted through the admin API also loses its records through the store, so no instance keeps any it had read. */
function resettingOnRemove(registry: TenantRegistry, store: Store): TenantRegistry {
  return {
    ...registry,
    async remove(name) {
      const removed = await registry.remove(name);
      if (removed) await store.resetTenant(name);
      return removed;
    },
  };
}

/** The sandbox's quota, asking a tenant's own (the admin API's limits) at each write when tenants are administered. */
function sandboxQuota(limits: SandboxLimits, of: ((tenant: string) => TenantQuota | undefined) | undefined): TenantQuota | undefined {
  const base = { maxRecords: limits.maxRecords, maxBytes: limits.maxTenantBytes };
  if (of !== undefined) return { ...base, of };
  return limits.maxRecords > 0 || limits.maxTenantBytes > 0 ? base : undefined;
}

function ownQuota(registry: TenantRegistry | undefined, tenant: string): TenantQuota | undefined {
  const own = registry?.known(tenant)?.limits;
  const hasOwn = own !== undefined && (own.maxRecords !== undefined || own.maxTenantBytes !== undefined);
  if (!hasOwn) return undefined;
  const limits = registry!.limitsOf(tenant);
  return { maxRecords: limits.maxRecords, maxBytes: limits.maxTenantBytes };
}

type Admit = (tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>;

/** Each tenant at its own rate (the admin API's limits, else the sandbox's): one limiter per distinct rate. */
function admitAtTenantRate(registry: TenantRegistry, limiterAt: (perSecond: number) => Admit): Admit {
  const atRate = new Map<number, Admit>();
  const unlimited: AdmitVerdict = { admitted: true, headers: {} };
  return (tenant, method) => {
    const rate = registry.limitsOf(tenant).rateLimit;
    if (rate <= 0) return unlimited;
    let admit = atRate.get(rate);
    if (admit === undefined) {
      admit = limiterAt(rate);
      atRate.set(rate, admit);
    }
    return admit(tenant, method);
  };
}
