// What the store lets an operator see of its database (observe/ supplies it): the Postgres pool's clients for the
// metrics, and each query as a child span of the request's trace. Both optional; without them the driver spends nothing.

/** The pg pool as `pg` counts it: clients open, open and idle, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface StoreObserver {
  /** called once the pool exists; the metrics read `stats` on each scrape */
  watchPool?(stats: () => PoolStats): void;
  /** runs one query (its SQL text, never its values) inside a span of the request being served */
  traceQuery?<T>(sql: string, run: () => Promise<T>): Promise<T>;
}
