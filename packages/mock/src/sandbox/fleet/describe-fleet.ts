// One banner line on what instances of one sandbox share: on a database, the rate budget, the Prefer counters, the
// journal, the sweep and the record caches (one service); without one, a limited sandbox says that each process keeps its own.
import type { StoreBackend } from '../store/record-store.js';
import type { SandboxLimits } from '../limits/sandbox-limits.js';

/** The line, or undefined for a local sandbox without limits (it has nothing to share). */
export function describeFleet(store: StoreBackend, limits: SandboxLimits): string | undefined {
  if (store === 'postgres') return 'instances on this database are one service: one rate budget per tenant, Prefer times=N counters, the journal, one tenant sweeper, records kept 1 s and dropped on every instance at each write';
  const hasLimits = limits.rateLimit > 0 || limits.tenantTtl !== undefined;
  if (!hasLimits) return undefined;
  return 'this process only: its rate limit, Prefer times=N counters, journal and tenant sweep are its own (--database-url shares them among instances)';
}
