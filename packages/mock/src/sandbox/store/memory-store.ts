// The default backend: plain maps in this process. Persists nothing; the same rules as the SQL backends
// (unique id and key per tenant and kind, upserts keep id and `created`).
import { deepFreeze } from '../deep-freeze.js';
import type { Body, Store, StoredRecord } from './record-store.js';

interface TenantData {
  byId: Map<string, StoredRecord>;
  byKey: Map<string, string>;
}

const idKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * Stored records are frozen copies, so a reader gets the record itself without a copy (a copy per read
 * was most of a sandbox GET) and still cannot change the store: writing to a result throws.
 */
function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

export function createMemoryStore(): Store {
  const tenants = new Map<string, TenantData>();
  let closed = false;

  const fill = (seed: readonly StoredRecord[]): TenantData => {
    const data: TenantData = { byId: new Map(), byKey: new Map() };
    for (const record of seed) put(data, frozenCopy(record));
    return data;
  };
  const put = (data: TenantData, record: StoredRecord) => {
    data.byId.set(idKey(record.kind, record.id), record);
    if (record.key !== null) data.byKey.set(idKey(record.kind, record.key), record.id);
  };
  const tenantData = (tenant: string): TenantData => {
    const data = tenants.get(tenant);
    if (!data) throw new Error(`tenant ${tenant} is not seeded`);
    return data;
  };

  return {
    backend: 'memory',
    async ensureTenant(tenant, seed) {
      if (!tenants.has(tenant)) tenants.set(tenant, fill(seed));
    },
    async resetTenant(tenant, seed) {
      tenants.set(tenant, fill(seed));
    },
    async get(tenant, kind, id) {
      return tenantData(tenant).byId.get(idKey(kind, id));
    },
    async getByKey(tenant, kind, key) {
      const data = tenantData(tenant);
      const id = data.byKey.get(idKey(kind, key));
      return id === undefined ? undefined : data.byId.get(idKey(kind, id));
    },
    async list(tenant, kind, parent) {
      const out: StoredRecord[] = [];
      for (const record of tenantData(tenant).byId.values()) {
        const inParent = parent === undefined || record.parent === parent;
        if (record.kind === kind && inParent) out.push(record);
      }
      return out;
    },
    async insert(tenant, record) {
      const data = tenantData(tenant);
      const idTaken = data.byId.has(idKey(record.kind, record.id));
      const keyTaken = record.key !== null && data.byKey.has(idKey(record.kind, record.key));
      if (idTaken || keyTaken) return false;
      put(data, frozenCopy(record));
      return true;
    },
    async upsertByKey(tenant, record) {
      const data = tenantData(tenant);
      if (record.key === null) throw new Error('upsertByKey needs a key');
      const existingId = data.byKey.get(idKey(record.kind, record.key));
      const existing = existingId === undefined ? undefined : data.byId.get(idKey(record.kind, existingId));
      const stored: StoredRecord = existing ? frozenCopy({ ...record, id: existing.id, created: existing.created }) : frozenCopy(record);
      put(data, stored);
      return stored;
    },
    async update(tenant, kind, id, body: Body) {
      const data = tenantData(tenant);
      const record = data.byId.get(idKey(kind, id));
      if (!record) return false;
      put(data, frozenCopy({ ...record, body }));
      return true;
    },
    async deleteWithOwned(tenant, kind, id) {
      const data = tenantData(tenant);
      const target = data.byId.get(idKey(kind, id));
      if (!target) return false;
      for (const [k, record] of data.byId) {
        const isTarget = record === target;
        if (isTarget || record.owner === id) {
          data.byId.delete(k);
          if (record.key !== null) data.byKey.delete(idKey(record.kind, record.key));
        }
      }
      return true;
    },
    async ping() {
      if (closed) throw new Error('the memory store is closed');
    },
    async close() {
      closed = true;
      tenants.clear();
    },
  };
}
