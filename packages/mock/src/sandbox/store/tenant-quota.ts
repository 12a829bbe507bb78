// --max-records and --max-tenant-bytes: what one tenant's writes may keep. A write that would add a record past
// either quota is refused (QuotaExceededError, answered in the operation's error shape) and changes nothing; so is
// an update that would grow what the tenant keeps past --max-tenant-bytes. Updates that keep a record's size or
// shrink it, and deletes, are always allowed, so a tenant at its quota can get back under it.
// Each overlay checks the quota where it writes (memory: in the same synchronous step; Postgres: in the
// transaction that inserts, under a lock per tenant), so concurrent creates never pass it.
import { formatSize, utf8Length } from '../limits/sizes.js';
import type { StoredRecord } from './record-store.js';

export interface TenantQuota {
  /** records per tenant and kind; 0: no limit */
  maxRecords: number;
  /** bytes of stored records (their JSON) per tenant; 0: no limit */
  maxBytes: number;
  /** a tenant's own quota (given through the admin API), where it has one; the overlay asks at each write */
  of?: (tenant: string) => TenantQuota | undefined;
}

/** The quota of `tenant`: its own, else the sandbox's. */
export function quotaOf(quota: TenantQuota | undefined, tenant: string): TenantQuota | undefined {
  return quota?.of?.(tenant) ?? quota;
}

/** What a tenant's writes keep now: live records of one kind, and the bytes of all its live records. */
export interface TenantUsage {
  records: number;
  bytes: number;
}

export class QuotaExceededError extends Error {
  constructor(
    message: string,
    /** which quota: `max-records` or `max-tenant-bytes` */
    readonly quota: 'max-records' | 'max-tenant-bytes',
  ) {
    super(message);
    this.name = 'QuotaExceededError';
  }
}

export function hasQuota(quota: TenantQuota | undefined): quota is TenantQuota {
  return quota !== undefined && (quota.maxRecords > 0 || quota.maxBytes > 0);
}

/** The bytes a record counts for: its body as stored (JSON), as Postgres's octet_length(body::text) counts it. */
export function storedBytes(record: StoredRecord | null): number {
  if (record === null) return 0;
  return utf8Length(JSON.stringify(record.body));
}

const AFTERWARDS = 'Updates of existing records and deletes still work; POST /_sandbox/reset frees everything.';
const AFTERWARDS_BYTES = 'Updates that do not make records larger, and deletes, still work; POST /_sandbox/reset frees everything.';

/** Throws QuotaExceededError when adding `record` to what `tenant` keeps (`usage`) passes a quota. */
export function checkQuota(quota: TenantQuota, tenant: string, record: StoredRecord, usage: TenantUsage): void {
  if (quota.maxRecords > 0 && usage.records + 1 > quota.maxRecords) {
    throw new QuotaExceededError(
      `Quota exceeded: tenant ${tenant} keeps ${usage.records} ${record.kind} records, the most a tenant may keep (max-records quota: ${quota.maxRecords} per record kind). ${AFTERWARDS}`,
      'max-records',
    );
  }
  if (quota.maxBytes <= 0) return;
  const size = storedBytes(record);
  if (usage.bytes + size > quota.maxBytes) {
    throw new QuotaExceededError(
      `Quota exceeded: tenant ${tenant} keeps ${formatSize(usage.bytes)} of records; this ${record.kind} record (${formatSize(size)}) would pass its max-tenant-bytes quota of ${formatSize(quota.maxBytes)}. ${AFTERWARDS_BYTES}`,
      'max-tenant-bytes',
    );
  }
}

/** What an update replaces: the bytes the tenant's quota counts for it now (0 for a record of the starting data it never changed) and the bytes of the record as the tenant sees it. */
export interface Replaced {
  keptBytes: number;
  seenBytes: number;
}

/**
 * Throws QuotaExceededError when updating a record to `record` would grow what `tenant` keeps (`usage`) past
 * --max-tenant-bytes. An update that does not make the record larger than the tenant sees it is always allowed.
 */
export function checkUpdate(quota: TenantQuota, tenant: string, record: StoredRecord, usage: TenantUsage, replaced: Replaced): void {
  if (quota.maxBytes <= 0) return;
  const size = storedBytes(record);
  const grows = size > replaced.seenBytes;
  if (!grows) return;
  const after = usage.bytes - replaced.keptBytes + size;
  if (after <= quota.maxBytes) return;
  throw new QuotaExceededError(
    `Quota exceeded: tenant ${tenant} keeps ${formatSize(usage.bytes)} of records; this update makes a ${record.kind} record ${formatSize(size)} (from ${formatSize(replaced.seenBytes)}), which would pass its max-tenant-bytes quota of ${formatSize(quota.maxBytes)}. ${AFTERWARDS_BYTES}`,
    'max-tenant-bytes',
  );
}
