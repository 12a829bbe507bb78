// The tenant label of --metrics-tenant-label N: the N busiest tenants by name, every other tenant as `other`, so that
// a sandbox with thousands of partners still has a bounded number of series. Busiest is counted over a window that
// halves every RANK_EVERY_MS; a tenant that drops out of the top N has its series removed (`onDropped`).

export const OTHER_TENANTS = 'other';

/** How often the top N is ranked again. */
const RANK_EVERY_MS = 10_000;

export interface TenantLabels {
  /** the label for one request of `tenant` (counted); `other` past the top N, '' for no tenant (the stateless mock) */
  labelOf(tenant: string | undefined): string;
  close(): void;
}

export function createTenantLabels(top: number, onDropped: (tenant: string) => void): TenantLabels {
  let counts = new Map<string, number>();
  const labelled = new Set<string>();
  // Counting every tenant ever seen would itself grow without bound: past this many, the quietest are forgotten.
  const maxCounted = Math.max(1_000, top * 10);

  const rank = () => {
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    const busiest = new Set(ranked.slice(0, top).map(([tenant]) => tenant));
    for (const tenant of labelled) {
      if (busiest.has(tenant)) continue;
      labelled.delete(tenant);
      onDropped(tenant);
    }
    for (const tenant of busiest) labelled.add(tenant);
    // Halved, not cleared: a tenant busy a while ago still ranks above one seen once just now.
    counts = new Map(ranked.slice(0, maxCounted).map(([tenant, count]) => [tenant, Math.floor(count / 2)]));
  };
  const timer = setInterval(rank, RANK_EVERY_MS);
  timer.unref();

  return {
    labelOf(tenant) {
      if (tenant === undefined) return '';
      const count = counts.get(tenant);
      if (count !== undefined || counts.size < maxCounted) counts.set(tenant, (count ?? 0) + 1);
      if (labelled.has(tenant)) return tenant;
      // Until the first ranking, the first N tenants seen get their label at once.
      if (labelled.size < top) {
        labelled.add(tenant);
        return tenant;
      }
      return OTHER_TENANTS;
    },
    close: () => clearInterval(timer),
  };
}
