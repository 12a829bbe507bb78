// --rate-limit N: each tenant may send N requests a second, counted apart for reads (GET, HEAD) and writes (every
// other method), with bursts up to 2N: a token bucket per tenant and kind, holding 2N and refilled at N a second.
// Every answer of a limited sandbox carries RateLimit-Limit (the bucket, 2N), RateLimit-Remaining (requests that
// would be served now) and RateLimit-Reset (seconds until the bucket is full again); a refusal adds Retry-After
// (seconds until the next request is served). Buckets live in this process; on a database (--database-url) every
// instance takes from one shared bucket instead (shared-rate-limiter.ts), falling back to this one when it is down.
// A refusal is answered after a pause that spaces one tenant's refusals 1/N s apart (at most MAX_HOLD_MS): a
// tenant that ignores Retry-After and sends as fast as it can then gets N refusals a second (one a second per
// connection past N connections) instead of thousands, so answering them costs the other tenants nothing.
import type { MockError } from '../../core/error-shapes.js';

export interface RateVerdict {
  admitted: boolean;
  /** the RateLimit-* headers, and Retry-After on a refusal */
  headers: Record<string, string>;
  /** seconds until the next request is served (a refusal only) */
  retryAfterSeconds: number;
  /** how long to hold the refusal before answering it, in ms (0 when admitted) */
  holdMs: number;
}

export interface RateLimiter {
  readonly perSecond: number;
  /** Counts a request of `tenant` and says whether it is served. */
  admit(tenant: string, method: string): RateVerdict;
  /** How many buckets are kept now (reads and writes of every tenant seen lately). */
  buckets(): number;
}

interface Bucket {
  tokens: number;
  /** when `tokens` was last brought up to date, in ms (performance.now()) */
  at: number;
  /** when the next refusal of this bucket may be answered, in ms */
  nextRefusalAt: number;
}

/** The longest a refusal is held: a tenant with more connections than its rate gets one refusal a second on each. */
const MAX_HOLD_MS = 1_000;

/** Past this many buckets, the full ones (tenants idle for 2 s or more) are dropped: a full bucket is a missing one. */
const SWEEP_AT = 10_000;

export function createRateLimiter(perSecond: number, now: () => number = () => performance.now()): RateLimiter {
  if (!Number.isInteger(perSecond) || perSecond <= 0) throw new Error(`rateLimit must be a whole number of requests a second, 1 or more (got ${perSecond})`);
  const capacity = 2 * perSecond;
  const perMs = perSecond / 1000;
  const reads = new Map<string, Bucket>();
  const writes = new Map<string, Bucket>();
  const limit = String(capacity);
  let sweepAt = SWEEP_AT;

  const refill = (bucket: Bucket, at: number) => {
    bucket.tokens = Math.min(capacity, bucket.tokens + (at - bucket.at) * perMs);
    bucket.at = at;
  };

  const sweep = (at: number) => {
    for (const buckets of [reads, writes]) {
      for (const [tenant, bucket] of buckets) {
        refill(bucket, at);
        const isIdle = bucket.tokens >= capacity && bucket.nextRefusalAt <= at;
        if (isIdle) buckets.delete(tenant);
      }
    }
    // Still many busy tenants: look again only after as many more.
    sweepAt = Math.max(SWEEP_AT, 2 * (reads.size + writes.size));
  };

  return {
    perSecond,
    buckets: () => reads.size + writes.size,
    admit(tenant, method) {
      const isRead = method === 'GET' || method === 'HEAD';
      const buckets = isRead ? reads : writes;
      const at = now();
      let bucket = buckets.get(tenant);
      if (bucket === undefined) {
        if (reads.size + writes.size >= sweepAt) sweep(at);
        bucket = { tokens: capacity, at, nextRefusalAt: at };
        buckets.set(tenant, bucket);
      } else {
        refill(bucket, at);
      }
      const admitted = bucket.tokens >= 1;
      if (admitted) bucket.tokens -= 1;
      const headers: Record<string, string> = {
        'ratelimit-limit': limit,
        'ratelimit-remaining': String(Math.floor(bucket.tokens)),
        'ratelimit-reset': String(Math.ceil((capacity - bucket.tokens) / perSecond)),
      };
      if (admitted) return { admitted, headers, retryAfterSeconds: 0, holdMs: 0 };
      // Whole seconds (what Retry-After carries), at least one.
      const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      headers['retry-after'] = String(retryAfterSeconds);
      bucket.nextRefusalAt = Math.min(Math.max(at, bucket.nextRefusalAt) + 1000 / perSecond, at + MAX_HOLD_MS);
      return { admitted, headers, retryAfterSeconds, holdMs: bucket.nextRefusalAt - at };
    },
  };
}

/** The 429 a refused request gets, rendered in its operation's error shape. */
export function rateLimitedError(tenant: string, method: string, limiter: Pick<RateLimiter, 'perSecond'> | number, verdict: RateVerdict): MockError {
  const perSecond = typeof limiter === 'number' ? limiter : limiter.perSecond;
  const isRead = method === 'GET' || method === 'HEAD';
  const what = isRead ? 'reads' : 'writes';
  return {
    status: 429,
    kind: 'rate-limited',
    message: `Rate limit exceeded: tenant ${tenant} sent more than ${perSecond} ${what} a second (bursts up to ${2 * perSecond}); retry after ${verdict.retryAfterSeconds} s (Retry-After)`,
  };
}
