// Each tenant's own starting data: the seed, with the example tenant's name replaced by the tenant's.
import type { Json } from '../../types.js';
import { placeRecord } from '../record-kinds.js';
import type { Body, StoredRecord } from '../store/record-store.js';
import type { Seed } from './derive-seed.js';

/**
 * The seed for one tenant: the example tenant's name becomes `tenant` in every string of every record
 * (tenantName, fqns, proxy URLs, account ids, e-mail addresses and subjects, hosts, ...). The name counts
 * wherever no letter touches it: `acme` in `acme.example`, `acme:mcp-server:x`, `/acme/`, `cm0acct000acme0001`,
 * but not in `acmes`. Strings that address records (ids, parents, owners) stay: the documented ids must
 * name the same records in every tenant.
 */
export function seedForTenant(seed: Seed, tenant: string): StoredRecord[] {
  if (tenant === seed.exampleTenant) return seed.records;
  const exampleName = tenantNamePattern(seed.exampleTenant);
  const addresses = new Set<string>();
  for (const record of seed.records) {
    addresses.add(record.id);
    if (record.parent !== null) addresses.add(record.parent);
    if (record.owner !== null) addresses.add(record.owner);
  }
  const rename = (node: Json): Json => {
    if (typeof node === 'string') return addresses.has(node) ? node : node.replace(exampleName, tenant);
    if (Array.isArray(node)) return node.map(rename);
    if (node !== null && typeof node === 'object') {
      const out: Body = {};
      for (const [key, value] of Object.entries(node)) out[key] = rename(value);
      return out;
    }
    return node;
  };
  // Placed again from the renamed body, so keys (e.g. a name) and `created` follow the body.
  return seed.records.map((record) => placeRecord(record.kind, record.id, rename(record.body) as Body));
}

/** Where a text names `tenant`: wherever no letter touches the name (see seedForTenant). */
function tenantNamePattern(tenant: string): RegExp {
  const escaped = tenant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z])${escaped}(?![A-Za-z])`, 'g');
}

/** `text` with the example tenant's name replaced by `tenant`, as in the tenant's starting data. */
export function renameTenant(text: string, exampleTenant: string, tenant: string): string {
  if (tenant === exampleTenant) return text;
  return text.replace(tenantNamePattern(exampleTenant), tenant);
}
