import { describe, expect, it } from 'vitest';
import { tokenStanding } from '../../../src/sandbox/tenancy/token-standing.js';
import type { KnownTenant } from '../../../src/sandbox/tenancy/tenant-registry.js';

const caller = (tenant: string) => ({ tenant, subject: `user:ada@${tenant}.example` });
const token = (jti: string | undefined, issuedAt = 1_000) => ({ jti, issuedAt, kid: 'k1' });

function registryOf(tenants: Record<string, KnownTenant>, revoked: string[] = []) {
  return { known: (name: string) => tenants[name], isRevoked: (jti: string) => revoked.includes(jti) };
}

describe('token standing', () => {
  const registry = registryOf(
    {
      active: { status: 'active', limits: {}, tokensValidFrom: undefined },
      paused: { status: 'suspended', limits: {}, tokensValidFrom: undefined },
      gone: { status: 'deleted', limits: {}, tokensValidFrom: 2_000 },
      again: { status: 'active', limits: {}, tokensValidFrom: 2_000 },
    },
    ['bad-jti'],
  );

  it('lets through a valid token of an active or unknown tenant (open)', () => {
    const open = tokenStanding(registry, 'open');
    expect(open(caller('active'), token('j1'))).toBeUndefined();
    expect(open(caller('walk-in'), token(undefined))).toBeUndefined();
  });

  it('refuses a revoked token 401, a suspended tenant 403, a token from before a deletion 401', () => {
    const open = tokenStanding(registry, 'open');
    expect(open(caller('active'), token('bad-jti'))).toMatchObject({ status: 401, kind: 'unauthorized', message: expect.stringContaining('revoked') });
    expect(open(caller('paused'), token('j2'))).toMatchObject({ status: 403, kind: 'forbidden', message: expect.stringContaining('Tenant paused is suspended') });
    expect(open(caller('gone'), token('j3', 1_999))).toMatchObject({ status: 401, message: expect.stringContaining('Tenant gone was deleted') });
    expect(open(caller('again'), token('j4', 1_999))).toMatchObject({ status: 401 });
    expect(open(caller('again'), token('j5', 2_000)), 'a token of the tenant created again').toBeUndefined();
    expect(open(caller('gone'), token('j6', 2_000)), 'open: a new token of a deleted tenant starts it afresh').toBeUndefined();
  });

  it('--tenants provisioned serves only administered tenants, refusing others 403 by name', () => {
    const provisioned = tokenStanding(registry, 'provisioned');
    expect(provisioned(caller('active'), token('j1'))).toBeUndefined();
    expect(provisioned(caller('walk-in'), token('j1'))).toMatchObject({ status: 403, message: expect.stringContaining('Tenant walk-in is not provisioned') });
    expect(provisioned(caller('gone'), token('j6', 2_000))).toMatchObject({ status: 403 });
  });
});
