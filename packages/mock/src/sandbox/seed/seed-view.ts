// The seed as every tenant reads it: one shared, frozen copy of the records, indexed once, renamed for the
// tenant on read (tenant-seed.ts). A tenant that never writes costs nothing; what it writes is its overlay
// (store/copy-on-write-store.ts), which hides or replaces the seed's records by id.
import { deepFreeze } from '../deep-freeze.js';
import type { StoredRecord } from '../store/record-store.js';
import type { Seed } from './derive-seed.js';
import { compileRenamer } from './tenant-seed.js';

export interface SeedView {
  get(tenant: string, kind: string, id: string): StoredRecord | undefined;
  /** The seed record of `kind` whose key is `key` for this tenant (keys may name the tenant). */
  getByKey(tenant: string, kind: string, key: string): StoredRecord | undefined;
  /** Records of a kind (optionally under one parent), in seed order. */
  list(tenant: string, kind: string, parent?: string): StoredRecord[];
  /** Every record `owner` owns (deleting the owner deletes them). */
  ownedBy(tenant: string, owner: string): StoredRecord[];
  /** Whether the seed has a record of this kind and id, for any tenant (ids are the same in every tenant). */
  has(kind: string, id: string): boolean;
}

const idKey = (kind: string, id: string) => `${kind}\u0000${id}`;

export function createSeedView(seed: Seed): SeedView {
  for (const record of seed.records) deepFreeze(record);
  const rename = compileRenamer(seed);
  const byId = new Map<string, StoredRecord>();
  const byKind = new Map<string, StoredRecord[]>();
  const byOwner = new Map<string, StoredRecord[]>();
  for (const record of seed.records) {
    byId.set(idKey(record.kind, record.id), record);
    appendTo(byKind, record.kind, record);
    if (record.owner !== null) appendTo(byOwner, record.owner, record);
  }
  const forTenant = (tenant: string, records: readonly StoredRecord[]) => records.map((record) => rename(record, tenant));

  return {
    get(tenant, kind, id) {
      const record = byId.get(idKey(kind, id));
      if (record === undefined) return undefined;
      return rename(record, tenant);
    },
    getByKey(tenant, kind, key) {
      for (const record of byKind.get(kind) ?? []) {
        if (record.key === null) continue;
        const renamed = rename(record, tenant);
        if (renamed.key === key) return renamed;
      }
      return undefined;
    },
    list(tenant, kind, parent) {
      const ofKind = byKind.get(kind) ?? [];
      const listed = parent === undefined ? ofKind : ofKind.filter((record) => record.parent === parent);
      return forTenant(tenant, listed);
    },
    ownedBy(tenant, owner) {
      return forTenant(tenant, byOwner.get(owner) ?? []);
    },
    has(kind, id) {
      return byId.has(idKey(kind, id));
    },
  };
}

function appendTo(index: Map<string, StoredRecord[]>, name: string, record: StoredRecord): void {
  const list = index.get(name);
  if (list === undefined) index.set(name, [record]);
  else list.push(record);
}
