// The limits of a sandbox: none for a local one (a partner's own test suite may run as fast as it likes), the
// defaults of a shared, hosted one with --shared / { shared: true }, and any of them given alone overriding
// its default. Read once at start; the banner and GET /_sandbox/health show what is in force.
import { readTenantTtl } from '../tenant-ttl.js';
import { formatSize, readSize } from './sizes.js';

export interface LimitOptions {
  /** the defaults of a shared sandbox: rateLimit 25, maxRecords 1000, maxTenantBytes 10MB, tenantTtl 7d */
  shared?: boolean;
  /** requests a second per tenant, reads and writes counted apart, bursts up to twice as many; 0: no limit */
  rateLimit?: number;
  /** records per tenant and record kind; 0: no limit */
  maxRecords?: number;
  /** bytes of stored records per tenant: "512kB", "10MB" or a number of bytes; 0: no limit */
  maxTenantBytes?: string | number;
  /** forget tenants idle for longer: a duration ("7d") or milliseconds */
  tenantTtl?: string | number;
  /** how long a client may take to send a request's headers: a duration ("10s") or milliseconds; 0: Node's default (60 s) */
  headersTimeout?: string | number;
  /** how long a client may take to send a whole request: a duration ("30s") or milliseconds; 0: Node's default (300 s) */
  requestTimeout?: string | number;
  /** connections open at once (the server refuses more); 0: no limit */
  maxConnections?: number;
}

/** What is in force; 0 means no limit. */
export interface SandboxLimits {
  rateLimit: number;
  maxRecords: number;
  maxTenantBytes: number;
  /** as given ("7d", or milliseconds); undefined: tenants are kept until reset */
  tenantTtl: string | number | undefined;
  /** what a slow client may hold: header and request timeouts in ms (0: Node's defaults), open connections (0: no cap) */
  connections: ConnectionLimits;
}

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
}

/**
 * A hosted sandbox cuts slow clients sooner than Node's defaults (60 s for the headers, 300 s for a request, any
 * number of connections), so that a client trickling bytes cannot hold connections open for minutes: 10 s is ample
 * for headers on any link, and 60 s for a 10 MB body at about 1.4 Mbit/s.
 */
export const SHARED_DEFAULTS = {
  rateLimit: 25,
  maxRecords: 1000,
  maxTenantBytes: '10MB',
  tenantTtl: '7d',
  headersTimeout: '10s',
  requestTimeout: '60s',
  maxConnections: 1000,
} as const;

export function resolveLimits(options: LimitOptions): SandboxLimits {
  const defaults = options.shared === true ? SHARED_DEFAULTS : undefined;
  const rateLimit = options.rateLimit ?? defaults?.rateLimit ?? 0;
  const maxRecords = options.maxRecords ?? defaults?.maxRecords ?? 0;
  checkCount(rateLimit, 'rateLimit');
  checkCount(maxRecords, 'maxRecords');
  const maxTenantBytes = readSize(options.maxTenantBytes ?? defaults?.maxTenantBytes ?? 0, 'maxTenantBytes');
  const tenantTtl = options.tenantTtl ?? defaults?.tenantTtl;
  // Checked now, so a wrong value fails the start with its name rather than later.
  if (tenantTtl !== undefined) readTenantTtl(tenantTtl);
  const maxConnections = options.maxConnections ?? defaults?.maxConnections ?? 0;
  checkCount(maxConnections, 'maxConnections');
  const connections = {
    headersTimeoutMs: readTimeout(options.headersTimeout ?? defaults?.headersTimeout ?? 0, 'headersTimeout'),
    requestTimeoutMs: readTimeout(options.requestTimeout ?? defaults?.requestTimeout ?? 0, 'requestTimeout'),
    maxConnections,
  };
  return { rateLimit, maxRecords, maxTenantBytes, tenantTtl, connections };
}

/** A duration ("10s") or milliseconds; 0 keeps Node's default. */
function readTimeout(value: string | number, name: string): number {
  if (value === 0 || value === '0') return 0;
  return readTenantTtl(value, name);
}

function checkCount(value: number, name: string): void {
  const isCount = Number.isInteger(value) && value >= 0;
  if (!isCount) throw new Error(`${name} must be a whole number, 0 to turn it off (got ${value})`);
}

/** One line for the banner: every limit, or that there are none. */
export function describeLimits(limits: SandboxLimits): string {
  const parts: string[] = [];
  if (limits.rateLimit > 0) parts.push(`${limits.rateLimit} reads and ${limits.rateLimit} writes a second per tenant (bursts up to ${2 * limits.rateLimit})`);
  if (limits.maxRecords > 0) parts.push(`${limits.maxRecords} records per tenant and kind`);
  if (limits.maxTenantBytes > 0) parts.push(`${formatSize(limits.maxTenantBytes)} of records per tenant`);
  const { headersTimeoutMs, requestTimeoutMs, maxConnections } = limits.connections;
  if (headersTimeoutMs > 0) parts.push(`headers within ${headersTimeoutMs / 1000} s`);
  if (requestTimeoutMs > 0) parts.push(`requests within ${requestTimeoutMs / 1000} s`);
  if (maxConnections > 0) parts.push(`${maxConnections} connections at once`);
  if (parts.length === 0) return 'none (a local sandbox; --shared turns on the limits of a hosted one)';
  return parts.join('; ');
}

/** The limits as GET /_sandbox/health shows them: numbers, null where there is none. */
export function limitsForHealth(limits: SandboxLimits): Record<string, number | string | null> {
  const orNull = (value: number) => (value > 0 ? value : null);
  return {
    rateLimit: orNull(limits.rateLimit),
    burst: orNull(2 * limits.rateLimit),
    maxRecords: orNull(limits.maxRecords),
    maxTenantBytes: orNull(limits.maxTenantBytes),
    tenantTtl: limits.tenantTtl ?? null,
  };
}
