// Each tenant's own starting data: the seed, with the example tenant's name replaced by the tenant's.
// Renaming is compiled once per seed record, so a tenant's copy of a record is made on read, in a few
// allocations, and never stored: a tenant costs nothing until it writes (copy on write, seed-view.ts).
import type { Json } from '../../types.js';
import { deepFreeze } from '../deep-freeze.js';
import { placeRecord } from '../record-kinds.js';
import type { Body, StoredRecord } from '../store/record-store.js';
import type { Seed } from './derive-seed.js';

/** Gives a value for one tenant: the parts that name the example tenant renamed, everything else shared. */
type TenantValue = (tenant: string) => Json;

/** Renames one seed record for a tenant; the result is frozen and shares what does not change. */
export type RecordRenamer = (record: StoredRecord, tenant: string) => StoredRecord;

/**
 * The example tenant's name becomes `tenant` in every string of every record (tenantName, fqns, proxy URLs,
 * account ids, e-mail addresses and subjects, hosts, ...). The name counts wherever no letter touches it:
 * `acme` in `acme.example`, `acme:mcp-server:x`, `/acme/`, `cm0acct000acme0001`, but not in `acmes`.
 * Strings that address records (ids, parents, owners) stay: the documented ids must name the same records
 * in every tenant.
 */
export function compileRenamer(seed: Seed): RecordRenamer {
  const exampleName = tenantNamePattern(seed.exampleTenant);
  const addresses = new Set<string>();
  for (const record of seed.records) {
    addresses.add(record.id);
    if (record.parent !== null) addresses.add(record.parent);
    if (record.owner !== null) addresses.add(record.owner);
  }
  const compiled = new Map<StoredRecord, TenantValue | undefined>();
  for (const record of seed.records) compiled.set(record, compileValue(record.body, exampleName, addresses));

  return (record, tenant) => {
    if (tenant === seed.exampleTenant) return record;
    const bodyFor = compiled.get(record);
    if (bodyFor === undefined) return record;
    // Placed again from the renamed body, so keys (e.g. a name) and `created` follow the body.
    return Object.freeze(placeRecord(record.kind, record.id, bodyFor(tenant) as Body));
  };
}

/** The seed as `tenant` starts with it, every record renamed. */
export function seedForTenant(seed: Seed, tenant: string): StoredRecord[] {
  if (tenant === seed.exampleTenant) return seed.records;
  const rename = compileRenamer(seed);
  return seed.records.map((record) => rename(record, tenant));
}

/** A function giving `node` for a tenant, or undefined when nothing in it names the example tenant. */
function compileValue(node: Json, exampleName: RegExp, addresses: ReadonlySet<string>): TenantValue | undefined {
  if (typeof node === 'string') return compileString(node, exampleName, addresses);
  if (node === null || typeof node !== 'object') return undefined;
  const entries = Array.isArray(node) ? node.map((value, index) => [index, value] as const) : Object.entries(node);
  const changing: Array<readonly [string | number, TenantValue]> = [];
  for (const [key, value] of entries) {
    const valueFor = compileValue(value, exampleName, addresses);
    if (valueFor !== undefined) changing.push([key, valueFor]);
  }
  if (changing.length === 0) return undefined;
  deepFreeze(node);
  return (tenant) => {
    const copy: any = Array.isArray(node) ? [...node] : { ...node };
    for (const [key, valueFor] of changing) copy[key] = valueFor(tenant);
    return Object.freeze(copy);
  };
}

function compileString(text: string, exampleName: RegExp, addresses: ReadonlySet<string>): TenantValue | undefined {
  if (addresses.has(text)) return undefined;
  const parts = text.split(exampleName);
  if (parts.length === 1) return undefined;
  // join, not replace: a tenant name is never read as a replacement pattern.
  return (tenant) => parts.join(tenant);
}

/** Where a text names `tenant`: wherever no letter touches the name (see compileRenamer). */
function tenantNamePattern(tenant: string): RegExp {
  const escaped = tenant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g');
}

/** `text` with the example tenant's name replaced by `tenant`, as in the tenant's starting data. */
export function renameTenant(text: string, exampleTenant: string, tenant: string): string {
  if (tenant === exampleTenant) return text;
  return text.split(tenantNamePattern(exampleTenant)).join(tenant);
}
