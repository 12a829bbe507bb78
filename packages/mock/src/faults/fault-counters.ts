// `Prefer: fault=503, times=N, key=K`: how many requests have carried each key, so that the first N fail and
// the rest answer normally. Keys live per scope: the sandbox's tenant, or the whole mock ('' scope).

/** Keys remembered at most; the least recently used goes first, so a long soak run cannot grow without end. */
const MAX_KEYS = 10_000;

export interface FaultCounters {
  /** Counts this request under `key`; true while the count is at most `times` (the fault applies). */
  shouldFail(scope: string, key: string, times: number): boolean;
  /** Forgets a scope's keys (a sandbox tenant's reset). */
  clear(scope: string): void;
}

export function createFaultCounters(): FaultCounters {
  const counts = new Map<string, number>();
  const scopePrefix = (scope: string) => `${scope}\u0000`;
  return {
    shouldFail(scope, key, times) {
      const id = `${scopePrefix(scope)}${key}`;
      const seen = (counts.get(id) ?? 0) + 1;
      counts.delete(id); // re-inserted last: Map order is the recency order
      counts.set(id, seen);
      if (counts.size > MAX_KEYS) counts.delete(counts.keys().next().value!);
      return seen <= times;
    },
    clear(scope) {
      const prefix = scopePrefix(scope);
      for (const id of counts.keys()) {
        if (id.startsWith(prefix)) counts.delete(id);
      }
    },
  };
}
