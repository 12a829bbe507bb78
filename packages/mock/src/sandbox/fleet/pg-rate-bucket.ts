// The shared token bucket of a tenant and kind (reads, writes), one row for every instance on the database: one
// statement refills it by the time since it was last touched (the database's clock, so the instances' clocks never
// disagree), takes up to `want` whole tokens and says how many it took and how many are left. The limiter
// (limits/shared-rate-limiter.ts) calls it once per batch, not per request.
import type { RateKind, TakeTokens, TokenGrant } from '../limits/shared-rate-limiter.js';
import type { SqlDriver } from '../store/sql-overlay.js';

// $1 tenant, $2 kind, $3 capacity (2N), $4 want, $5 tokens per ms (N / 1000). Every SET expression reads the row as
// it was, so `taken` and `tokens` are computed from the same refill; a new row starts full.
const REFILLED = 'least($3::float8, b.tokens + greatest(0, EXCLUDED.at_ms - b.at_ms) * $5::float8)';
const TAKE = `INSERT INTO sandbox_rate_buckets AS b (tenant, kind, tokens, taken, at_ms)
  VALUES ($1, $2, $3::float8 - least($4::float8, $3::float8), least($4::float8, $3::float8), extract(epoch FROM clock_timestamp()) * 1000)
  ON CONFLICT (tenant, kind) DO UPDATE SET
    taken = least($4::float8, floor(${REFILLED})),
    tokens = ${REFILLED} - least($4::float8, floor(${REFILLED})),
    at_ms = greatest(b.at_ms, EXCLUDED.at_ms)
  RETURNING taken, tokens`;

export function pgTakeTokens(driver: SqlDriver, perSecond: number): TakeTokens {
  const capacity = 2 * perSecond;
  const perMs = perSecond / 1000;
  return async (tenant: string, kind: RateKind, want: number): Promise<TokenGrant> => {
    const [row] = await driver.query(TAKE, [tenant, kind, capacity, want, perMs]);
    return { taken: Number(row!.taken), left: Number(row!.tokens) };
  };
}
