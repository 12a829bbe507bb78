import { describe, expect, it } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';

describe('sandbox tokens', () => {
  it('carry tenant and subject, verified with the same secret', async () => {
    const issuer = createTokenIssuer('secret-a');
    const token = await issuer.sign('acme', 'user:ada@acme.example');
    expect(await issuer.verify(token)).toEqual({ ok: true, caller: { tenant: 'acme', subject: 'user:ada@acme.example' } });
  });
  it('are refused when signed with another secret, expired or malformed, with a reason that never repeats the token', async () => {
    const issuer = createTokenIssuer('secret-a');
    const foreign = await createTokenIssuer('secret-b').sign('acme');
    const expired = await issuer.sign('acme', undefined, '-1m');
    const cases: Array<[string, RegExp]> = [
      [foreign, /not signed with this sandbox's secret/],
      [expired, /expired/],
      ['garbage', /not a sandbox token/],
    ];
    for (const [token, reason] of cases) {
      const result = await issuer.verify(token);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.reason).toMatch(reason);
        expect(result.reason).not.toContain(token);
      }
    }
  });
  it('refuse a bad tenant or subject when signing', async () => {
    const issuer = createTokenIssuer('s');
    await expect(issuer.sign('Bad Tenant')).rejects.toThrow('tenant must be');
    await expect(issuer.sign('acme', 'nobody')).rejects.toThrow('subject must look like');
  });
});
