// --tenant-ttl DURATION / { tenantTtl }: how long a tenant may stay idle before the sandbox forgets it.
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Milliseconds of "90s", "30m", "12h", "7d" or "2w", or a number of milliseconds; refuses anything else, naming the rule. */
export function readTenantTtl(value: string | number, name = 'tenantTtl'): number {
  if (typeof value === 'number') {
    const isPositive = Number.isFinite(value) && value > 0;
    if (!isPositive) throw new Error(`${name} must be a positive number of milliseconds (got ${value})`);
    return value;
  }
  const match = /^(\d{1,6})(s|m|h|d|w)$/.exec(value.trim());
  if (match === null || Number(match[1]) === 0) {
    throw new Error(`${name} must be a duration such as 90s, 30m, 12h, 7d or 2w (got ${JSON.stringify(value)})`);
  }
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}
