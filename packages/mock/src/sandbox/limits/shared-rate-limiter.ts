// --rate-limit N on a fleet (--database-url): one budget per tenant and kind (reads, writes) for every instance on the
// database. The bucket itself (2N tokens, refilled at N a second) is a row in Postgres (fleet/pg-rate-bucket.ts); each
// instance takes tokens from it in batches and serves requests from its batch without asking the database, so a
// request costs a round trip only once per batch (1/B of them), and a refused one none at all.
//
// Why a batched local bucket, not rate-limiter-flexible's RateLimiterPostgres: that limiter makes one upsert per
// request (its in-memory block only spares the requests of a tenant already over its points, and its insurance
// limiter only stands in when the database fails), so every admitted request would wait for a database round trip
// (about 0.5-1 ms here, and a pooled connection), and it counts fixed windows, not the token bucket whose
// RateLimit-* headers partners already read. Batches of B = N/10 (1 to 100) keep the error small: at most B tokens
// per instance are held and not yet spent, so over any 5 s window (5N requests) K instances serve at most K·B more
// or fewer than one bucket would: 3 instances at N = 25 take batches of 3, at most ±9 of 125 (7 %).
//
// Tokens a batch holds are good for LEASE_MS only (a tenant idle on one instance cannot come back with an old
// batch on top of a full bucket). When the database cannot be reached, each instance counts alone again (the
// process's own bucket, as without --database-url) until the database answers, and says so once.
import { createRateLimiter, type RateLimiter, type RateVerdict } from './rate-limiter.js';

export type RateKind = 'read' | 'write';

/** What one take from the shared bucket got. */
export interface TokenGrant {
  /** tokens granted to this instance (0 to `want`) */
  taken: number;
  /** tokens left in the shared bucket after the take */
  left: number;
}

/** Takes up to `want` whole tokens from the shared bucket of `tenant` and `kind` (capacity 2N, refilled at N a second). */
export type TakeTokens = (tenant: string, kind: RateKind, want: number) => Promise<TokenGrant>;

export interface SharedRateLimiter {
  readonly perSecond: number;
  /** the batch size B */
  readonly batch: number;
  /** Counts a request; answers at once while this instance holds tokens (or knows the bucket empty), else after one take. */
  admit(tenant: string, method: string): RateVerdict | Promise<RateVerdict>;
  /** Buckets kept in this process. */
  buckets(): number;
}

export interface SharedRateLimiterOptions {
  perSecond: number;
  take: TakeTokens;
  /** ms, monotonic; default performance.now() */
  now?: () => number;
  /** [0, 1); default Math.random: the jitter of the wait after an empty take */
  random?: () => number;
  /** one line when the database fails (and the instance counts alone) and when it answers again */
  warn?: (line: string) => void;
}

/** How long the tokens of a batch may be spent. */
export const LEASE_MS = 1_000;
/** After a failed take, the instance counts alone this long before it asks the database again. */
const RETRY_DATABASE_MS = 1_000;
/** The longest a refusal is held (as the local limiter does). */
const MAX_HOLD_MS = 1_000;
const SWEEP_AT = 10_000;
/** 2^(3-1) = 4 refills of a batch at most between two takes of a starved share: 0.4 s at B = N/10 (× 1.25 jitter), well under the 2 s the bucket fills in. */
const MAX_MISSES = 3;

/** B: a tenth of the rate, 1 to 100 (see the header for the error it allows). */
export function batchSize(perSecond: number): number {
  return Math.min(100, Math.max(1, Math.ceil(perSecond / 10)));
}

interface LocalShare {
  /** tokens this instance took and has not spent */
  tokens: number;
  /** when they lapse (ms, this process's clock) */
  lapsesAt: number;
  /** the shared bucket's tokens as last seen, and when */
  sharedLeft: number;
  sharedAt: number;
  /** the bucket was short: no take before this (it will hold a batch by then) */
  emptyUntil: number;
  /** the take in flight: every request waiting for tokens waits for this one */
  taking: Promise<void> | undefined;
  /** short takes in a row (other instances took the refill first): each doubles the wait before the next */
  misses: number;
  /** requests waiting for a take: the next take asks for as many (at least a batch), so a burst costs one round trip */
  waiting: number;
  nextRefusalAt: number;
}

export function createSharedRateLimiter(options: SharedRateLimiterOptions): SharedRateLimiter {
  const { perSecond, take } = options;
  if (!Number.isInteger(perSecond) || perSecond <= 0) throw new Error(`rateLimit must be a whole number of requests a second, 1 or more (got ${perSecond})`);
  const now = options.now ?? (() => performance.now());
  const warn = options.warn ?? (() => {});
  const random = options.random ?? Math.random;
  const capacity = 2 * perSecond;
  const perMs = perSecond / 1000;
  const batch = batchSize(perSecond);
  const limit = String(capacity);
  const shares = new Map<string, LocalShare>();
  // The database failed: this process's own bucket answers until `aloneUntil`.
  const alone: RateLimiter = createRateLimiter(perSecond, now);
  let aloneUntil = 0;
  let countsAlone = false;

  const keyOf = (tenant: string, kind: RateKind) => `${kind}\u0000${tenant}`;

  const sharedEstimate = (share: LocalShare, at: number) => Math.min(capacity, share.sharedLeft + Math.max(0, at - share.sharedAt) * perMs);

  const headersOf = (share: LocalShare, at: number): Record<string, string> => {
    const remaining = Math.min(capacity, Math.floor(share.tokens + sharedEstimate(share, at)));
    return {
      'ratelimit-limit': limit,
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(Math.ceil((capacity - remaining) / perSecond)),
    };
  };

  /** Serves from the local tokens or refuses; never asks the database. */
  const decide = (share: LocalShare, at: number): RateVerdict => {
    if (share.tokens >= 1 && at < share.lapsesAt) {
      share.tokens -= 1;
      return { admitted: true, headers: headersOf(share, at), retryAfterSeconds: 0, holdMs: 0 };
    }
    share.tokens = 0;
    const headers = headersOf(share, at);
    headers['ratelimit-remaining'] = '0';
    const untilNextMs = Math.max(share.emptyUntil - at, (1 - sharedEstimate(share, at)) / perMs);
    const retryAfterSeconds = Math.max(1, Math.ceil(untilNextMs / 1000));
    headers['retry-after'] = String(retryAfterSeconds);
    share.nextRefusalAt = Math.min(Math.max(at, share.nextRefusalAt) + 1000 / perSecond, at + MAX_HOLD_MS);
    return { admitted: false, headers, retryAfterSeconds, holdMs: share.nextRefusalAt - at };
  };

  const takeBatch = (tenant: string, kind: RateKind, share: LocalShare): Promise<void> => {
    const want = Math.max(batch, share.waiting);
    const taking = take(tenant, kind, want).then(
      (grant) => {
        const at = now();
        share.tokens = grant.taken;
        share.lapsesAt = at + LEASE_MS;
        share.sharedLeft = grant.left;
        share.sharedAt = at;
        // Short: ask again only once the bucket holds a batch, so a starved tenant costs a take per batch, not per
        // request. Instances that keep finding it short wait longer each time (up to 4 refills, under the 2 s the
        // bucket takes to fill, so no token is wasted), with jitter, so that they stop asking at the same instant.
        const isShort = grant.taken < want;
        share.misses = isShort ? Math.min(share.misses + 1, MAX_MISSES) : 0;
        const refillMs = Math.max(0, batch - grant.left) / perMs;
        share.emptyUntil = isShort ? at + refillMs * 2 ** (share.misses - 1) * (1 + random() / 4) : 0;
        if (countsAlone) {
          countsAlone = false;
          warn('rate limit: the database answers again; the tenants\' budgets are shared by every instance again');
        }
      },
      (error: unknown) => {
        aloneUntil = now() + RETRY_DATABASE_MS;
        if (!countsAlone) {
          countsAlone = true;
          warn(`rate limit: the shared budget cannot be read (${(error as Error).message}); this instance counts its own requests until the database answers`);
        }
      },
    );
    share.taking = taking.finally(() => {
      share.taking = undefined;
    });
    return share.taking;
  };

  const sweep = (at: number) => {
    for (const [key, share] of shares) {
      const isIdle = share.taking === undefined && share.waiting === 0 && (share.tokens < 1 || at >= share.lapsesAt) && share.emptyUntil <= at && share.nextRefusalAt <= at;
      if (isIdle) shares.delete(key);
    }
  };

  return {
    perSecond,
    batch,
    buckets: () => shares.size,
    admit(tenant, method) {
      const kind: RateKind = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
      const at = now();
      if (at < aloneUntil) return alone.admit(tenant, method);
      const key = keyOf(tenant, kind);
      let share = shares.get(key);
      if (share === undefined) {
        if (shares.size >= SWEEP_AT) sweep(at);
        share = { tokens: 0, lapsesAt: 0, sharedLeft: capacity, sharedAt: at, emptyUntil: 0, taking: undefined, misses: 0, waiting: 0, nextRefusalAt: at };
        shares.set(key, share);
      }
      return serve(tenant, kind, method, share, at);
    },
  };

  /** From the local tokens when it holds some (or knows the bucket empty); else after a take, joined by every request that waits. */
  function serve(tenant: string, kind: RateKind, method: string, share: LocalShare, at: number): RateVerdict | Promise<RateVerdict> {
    const holdsToken = share.tokens >= 1 && at < share.lapsesAt;
    const knownEmpty = at < share.emptyUntil;
    if (holdsToken || knownEmpty) return decide(share, at);
    share.waiting += 1;
    const taking = share.taking ?? takeBatch(tenant, kind, share);
    return taking.then(() => {
      share.waiting -= 1;
      const after = now();
      if (after < aloneUntil) return alone.admit(tenant, method);
      // Others on this instance spent the batch first, and the bucket was not short: take again.
      return serve(tenant, kind, method, share, after);
    });
  }
}
