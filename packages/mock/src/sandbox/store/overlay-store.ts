// Where a tenant's own writes live: its overlay over the shared seed. An entry is the tenant's version of a
// record (created, changed) or a tombstone (`record: null`) where it deleted one. The copy-on-write store
// (copy-on-write-store.ts) merges entries with the seed; backends only keep entries and their activity.
import type { Store, StoreBackend, StoredRecord } from './record-store.js';

export interface OverlayEntry {
  kind: string;
  id: string;
  /** null: the tenant deleted this record */
  record: StoredRecord | null;
}

/** A record to delete, by kind and id. */
export interface RecordAddress {
  kind: string;
  id: string;
}

export interface OverlayStore extends Pick<Store, 'touch' | 'tenantCount' | 'forgetIdle' | 'ping' | 'close'> {
  readonly backend: StoreBackend;
  /** Entries of `kind` with one of `ids`, and the live entry whose key is `key` (when given). */
  find(tenant: string, kind: string, ids: readonly string[], key?: string): Promise<OverlayEntry[]>;
  /** Entries of `kind` under `parent` (all of the kind when undefined) or with one of `ids`, oldest first. */
  list(tenant: string, kind: string, parent: string | undefined, ids: readonly string[]): Promise<OverlayEntry[]>;
  /** Adds a record; false when an entry has its id or a live entry its key (nothing is written then). */
  insert(tenant: string, record: StoredRecord): Promise<boolean>;
  /**
   * One atomic upsert by key, also across instances: the live entry with the key is updated (its id and
   * `created` stay); else the seed's record with the key (`seeded`) is replaced at its id, unless the tenant
   * deleted it; else `record` is added.
   */
  upsertByKey(tenant: string, record: StoredRecord, seeded: StoredRecord | undefined): Promise<StoredRecord>;
  /**
   * Writes `record` at its id; false when the tenant deleted that record (nothing is written then). `seen` is the
   * record as the tenant saw it before (the quota lets an update that does not make it larger through).
   */
  replace(tenant: string, record: StoredRecord, seen?: StoredRecord): Promise<boolean>;
  /** Tombstones `targets`, and every live entry that `owner` owns, in one transaction. */
  remove(tenant: string, targets: readonly RecordAddress[], owner: string): Promise<void>;
  /** Drops every entry of the tenant (a reset). */
  dropTenant(tenant: string): Promise<void>;
}
