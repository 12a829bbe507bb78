// The sandbox's storage as the handlers see it: every call is scoped by tenant, and each tenant sees the
// shared seed with its own writes over it (copy-on-write-store.ts). Where the writes live is an overlay
// store (overlay-store.ts): memory (default), memory with an append-only file (--data DIR), or Postgres
// (--database-url, shared by several instances).
import type { Json } from '../../types.js';

export type Body = Record<string, Json>;

/** One stored record. `kind` + `id` identify it within a tenant. */
export interface StoredRecord {
  kind: string;
  id: string;
  /** a second unique key within (tenant, kind), e.g. an MCP server's name; null when the kind has none */
  key: string | null;
  /** the record it is listed under, e.g. a turn's session or a skill version's skill */
  parent: string | null;
  /** the ML repo it belongs to: deleting the repo deletes it */
  owner: string | null;
  /** fields an upsert keeps from the first write (id, createdAt, createdBySubject) */
  created: Body | null;
  body: Body;
}

export type StoreBackend = 'memory' | 'file' | 'postgres';

export interface Store {
  /** Which backend, for the start-up line and /_sandbox/health. */
  readonly backend: StoreBackend;
  get(tenant: string, kind: string, id: string): Promise<StoredRecord | undefined>;
  getByKey(tenant: string, kind: string, key: string): Promise<StoredRecord | undefined>;
  /** Records of a kind (optionally under one parent): the seed's in seed order, then the tenant's own in insertion order. */
  list(tenant: string, kind: string, parent?: string): Promise<StoredRecord[]>;
  /** Inserts; false when the id or the key is taken (nothing is written then). */
  insert(tenant: string, record: StoredRecord): Promise<boolean>;
  /** Inserts, or updates the record with the same key: its id and `created` stay. Returns what is stored. */
  upsertByKey(tenant: string, record: StoredRecord): Promise<StoredRecord>;
  /** Replaces the body of an existing record; false when there is none. */
  update(tenant: string, kind: string, id: string, body: Body): Promise<boolean>;
  /** Deletes a record and every record it owns; false when there was none. */
  deleteWithOwned(tenant: string, kind: string, id: string): Promise<boolean>;
  /** Puts the tenant back to its starting data: drops everything it wrote. */
  resetTenant(tenant: string): Promise<void>;
  /** Notes that these tenants made requests now (batched by the caller: tenant-lifecycle.ts). */
  touch(tenants: readonly string[]): Promise<void>;
  /** Tenants that made a request and were not forgotten since. */
  tenantCount(): Promise<number>;
  /** Forgets tenants idle for longer than `idleMs`: their writes and their activity. Returns how many. */
  forgetIdle(idleMs: number): Promise<number>;
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The database cannot be reached (or failed): the sandbox answers 503 and keeps running. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
