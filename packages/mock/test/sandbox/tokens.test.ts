import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';

describe('sandbox tokens', () => {
  it('carry tenant and subject, verified with the same secret', async () => {
    const issuer = createTokenIssuer('secret-a');
    const token = await issuer.sign('acme', 'user:ada@acme.example');
    expect(await issuer.verify(token)).toMatchObject({ ok: true, caller: { tenant: 'acme', subject: 'user:ada@acme.example' } });
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

// A verified token is remembered until its `exp` (verifying an HMAC costs more than the rest of a GET);
// remembering must never outlive the token.
describe('verified tokens are remembered only until they expire', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a remembered token is refused once its exp has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
    const issuer = createTokenIssuer('cache-secret');
    const token = await issuer.sign('acme', 'user:ada@acme.example', '1h');
    expect(await issuer.verify(token)).toMatchObject({ ok: true, caller: { tenant: 'acme', subject: 'user:ada@acme.example' } });
    expect(await issuer.verify(token)).toMatchObject({ ok: true, caller: { tenant: 'acme', subject: 'user:ada@acme.example' } });
    vi.setSystemTime(new Date('2026-11-23T13:00:01Z'));
    const late = await issuer.verify(token);
    expect(late.ok).toBe(false);
    expect(late.ok ? '' : late.reason).toMatch(/expired/);
  });

  it('a token signed with another secret is refused every time, also after one that verified', async () => {
    const issuer = createTokenIssuer('cache-secret');
    const good = await issuer.sign('acme');
    const foreign = await createTokenIssuer('another-secret').sign('acme');
    expect((await issuer.verify(good)).ok).toBe(true);
    expect((await issuer.verify(foreign)).ok).toBe(false);
    expect((await issuer.verify(foreign)).ok).toBe(false);
  });
});
