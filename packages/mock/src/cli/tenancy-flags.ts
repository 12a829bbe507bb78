// The flags of tenant administration and signing keys: --tenants open|provisioned (the rest are file paths).
import { TENANTS_MODES, type TenantsMode } from '../sandbox/tenancy/token-standing.js';

export function readTenantsMode(raw: string, flag: string): TenantsMode {
  const mode = TENANTS_MODES.find((known) => known === raw);
  if (mode === undefined) throw new Error(`${flag} must be one of ${TENANTS_MODES.join(', ')} (got ${raw})`);
  return mode;
}
