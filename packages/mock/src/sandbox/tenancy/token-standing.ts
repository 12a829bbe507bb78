// Whether a validly signed token may still be used: not revoked, not issued before its tenant was deleted, its
// tenant not suspended, and (with --tenants provisioned) its tenant created through the admin API. Asked of the
// registry's memory on every request, so it costs a Map and a Set lookup; the registry keeps that memory current.
import type { MockError } from '../../core/error-shapes.js';
import type { TokenStanding } from '../caller-auth.js';
import type { TenantRegistry } from './tenant-registry.js';

/** `open`: a valid token of an unknown tenant creates it on first use; `provisioned`: only administered tenants are served. */
export type TenantsMode = 'open' | 'provisioned';
export const TENANTS_MODES: readonly TenantsMode[] = ['open', 'provisioned'];

export function tokenStanding(registry: Pick<TenantRegistry, 'known' | 'isRevoked'>, mode: TenantsMode): TokenStanding {
  return (caller, token) => {
    const tenant = caller.tenant;
    if (token.jti !== undefined && registry.isRevoked(token.jti)) return unauthorized('The bearer token was revoked; ask the sandbox operator for a new one');
    const known = registry.known(tenant);
    const issuedBeforeDeletion = known?.tokensValidFrom !== undefined && token.issuedAt < known.tokensValidFrom;
    if (issuedBeforeDeletion) return unauthorized(`Tenant ${tenant} was deleted after this token was issued; ask the sandbox operator for a new one`);
    if (known?.status === 'suspended') return forbidden(`Tenant ${tenant} is suspended on this sandbox; its operator can make it active again`);
    const isProvisioned = known !== undefined && known.status !== 'deleted';
    if (mode === 'provisioned' && !isProvisioned) {
      return forbidden(`Tenant ${tenant} is not provisioned on this sandbox (--tenants provisioned): its operator creates it with POST /_sandbox/admin/tenants`);
    }
    return undefined;
  };
}

function unauthorized(message: string): MockError {
  return { status: 401, kind: 'unauthorized', message };
}

function forbidden(message: string): MockError {
  return { status: 403, kind: 'forbidden', message };
}
