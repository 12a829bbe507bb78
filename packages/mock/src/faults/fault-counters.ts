// `Prefer: fault=503, times=N, key=K`: how many requests have carried each key, so that the first N fail and
// the rest answer normally. Keys live per scope (the sandbox's tenant, or the whole mock: '' scope), each scope with
// its own bounded list: a tenant sending fresh keys without end pushes out only its own oldest counters, never
// another tenant's. The number of scopes is bounded too; past it the least recently used scope is forgotten.

/** Keys remembered per scope; the least recently used goes first, so a long soak run cannot grow without end. */
export const MAX_KEYS_PER_SCOPE = 10_000;
/** Scopes (tenants) with counters remembered at once. */
export const MAX_SCOPES = 1_000;

export interface FaultCounters {
  /**
   * Counts this request under `key`; true while the count is at most `times` (the fault applies). In memory it
   * answers at once; a fleet's counters (sandbox/fleet/shared-fault-counters.ts) answer once the database has counted.
   */
  shouldFail(scope: string, key: string, times: number): boolean | Promise<boolean>;
  /** Forgets a scope's keys (a sandbox tenant's reset). */
  clear(scope: string): void | Promise<void>;
}

export function createFaultCounters(limits: { keysPerScope?: number; scopes?: number } = {}): FaultCounters {
  const keysPerScope = limits.keysPerScope ?? MAX_KEYS_PER_SCOPE;
  const maxScopes = limits.scopes ?? MAX_SCOPES;
  // Map order is recency order: an entry is re-inserted last on each use.
  const scopes = new Map<string, Map<string, number>>();

  const scopeOf = (scope: string): Map<string, number> => {
    let counts = scopes.get(scope);
    if (counts !== undefined) {
      scopes.delete(scope);
    } else {
      counts = new Map();
      if (scopes.size >= maxScopes) scopes.delete(scopes.keys().next().value!);
    }
    scopes.set(scope, counts);
    return counts;
  };

  return {
    shouldFail(scope, key, times) {
      const counts = scopeOf(scope);
      const seen = (counts.get(key) ?? 0) + 1;
      counts.delete(key);
      counts.set(key, seen);
      if (counts.size > keysPerScope) counts.delete(counts.keys().next().value!);
      return seen <= times;
    },
    clear(scope) {
      scopes.delete(scope);
    },
  };
}
