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
import { createRateLimiter, rateLimitedError } from './limits/rate-limiter.js';
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
import { createTokenIssuer, randomSecret } from './tokens.js';

/** The limits of a shared sandbox (rateLimit, maxRecords, maxTenantBytes, shared) come from LimitOptions. */
export interface SandboxOptions extends LimitOptions {
  /** signs and checks tokens; default: VENDOR_SANDBOX_SECRET, else a random secret for this process */
  secret?: string;
  /** a directory the sandbox keeps its data in, so it survives restarts (one process owns it); default: in memory */
  data?: string;
  /** a Postgres URL shared by several sandbox instances; exclusive with `data` */
  databaseUrl?: string;
  /** forget tenants idle for longer: a duration ("7d", "12h", "30m") or milliseconds; default: never (7d with `shared`) */
  tenantTtl?: string | number;
  /** the metrics' pool gauges and the tracer's query spans (observe/), for a Postgres store */
  storeObserver?: StoreObserver;
}

export interface Sandbox {
  seam: SandboxSeam;
  backend: Store['backend'];
  /** where the secret came from, for the start-up line (never the secret itself) */
  secretSource: 'option' | 'environment' | 'random';
  /** the limits in force (0: none) */
  limits: SandboxLimits;
  /** With a rate limit: counts a request of `tenant` to a route beside the operations (reset, the journal). */
  admit: ((tenant: string, method: string) => AdmitVerdict) | undefined;
  /** Answers /_sandbox/* requests, CORS preflights included; false when the path is not one of them. */
  admin(request: IncomingRequest, reply: Reply, cors: CorsPolicy): boolean;
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
export interface SandboxHost {
  openStore(choice: StoreChoice, seed: SeedView, warn: (line: string) => void): Promise<Store>;
  /** VENDOR_SANDBOX_SECRET where there is an environment */
  environmentSecret: string | undefined;
}

export async function createSandbox(model: SpecModel, options: SandboxOptions, warn: (line: string) => void, host: SandboxHost): Promise<Sandbox> {
  if (options.data !== undefined && options.databaseUrl !== undefined) {
    throw new Error('sandbox: give either data (a directory one process keeps its data in) or databaseUrl (a Postgres server), not both');
  }
  const fromEnv = host.environmentSecret;
  const secretSource = options.secret !== undefined ? 'option' : fromEnv ? 'environment' : 'random';
  const secret = options.secret ?? (fromEnv || randomSecret());
  if (secret === '') throw new Error('sandbox: the secret must not be empty');
  const limits = resolveLimits(options);
  const tenantTtlMs = limits.tenantTtl === undefined ? undefined : readTenantTtl(limits.tenantTtl);
  const quota: TenantQuota | undefined = limits.maxRecords > 0 || limits.maxTenantBytes > 0 ? { maxRecords: limits.maxRecords, maxBytes: limits.maxTenantBytes } : undefined;
  const admit = limits.rateLimit > 0 ? admitAtRate(limits.rateLimit) : undefined;
  const issuer = createTokenIssuer(secret);
  const seed = deriveSeed(model);
  const store = await host.openStore({ ...options, quota }, createSeedView(seed), warn);
  const tenants = createTenantLifecycle(store, tenantTtlMs, warn);
  const services: SandboxServices = {
    store,
    model,
    exampleTenant: seed.exampleTenant,
    urlKey: await signedUrlKey(secret),
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
    authenticate: (ctx) => authenticateCaller(issuer, ctx.headers),
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
    limits,
    admit,
    admin: (request, reply, cors) => answerAdminRoute(request, reply, cors, { issuer, store, tenants, warn, limits, admit }),
    token: (tenant, subject, expiresIn) => issuer.sign(tenant, subject, expiresIn),
    authenticate: (headers) => authenticateCaller(issuer, headers),
    tenantCount: () => tenants.count(),
    ping: () => store.ping(),
    async close() {
      await tenants.close();
      await store.close();
    },
  };
}

/** The rate limit as the pipeline and the routes beside it ask it: served or not, the headers, and the 429. */
function admitAtRate(perSecond: number): (tenant: string, method: string) => AdmitVerdict {
  const limiter = createRateLimiter(perSecond);
  return (tenant, method) => {
    const verdict = limiter.admit(tenant, method);
    if (verdict.admitted) return verdict;
    return { ...verdict, error: rateLimitedError(tenant, method, limiter, verdict) };
  };
}
