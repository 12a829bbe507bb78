import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { readSigningKeys } from '../../../src/sandbox/keys/signing-keys.js';
import { chooseSigningKeys } from '../../../src/sandbox/keys/key-choice.js';
import { createTokenIssuer } from '../../../src/sandbox/tokens.js';

const OLD = { kid: 'k1', secret: 'old-secret-abcdefghijklmnop' };
const NEW = { kid: 'k2', secret: 'new-secret-abcdefghijklmnop' };

describe('signing keys', () => {
  it('reads a JSON list of {kid, secret}, newest first', () => {
    expect(readSigningKeys(JSON.stringify([NEW, OLD]), 'keys.json')).toEqual([NEW, OLD]);
  });

  it('names the place and the rule for a bad list, never a secret', () => {
    const cases: Array<[string, string]> = [
      ['not json', 'keys.json must hold a JSON list of {"kid", "secret"} (newest first); it is not JSON'],
      ['[]', 'keys.json must hold a JSON list of {"kid", "secret"} with at least one key'],
      [JSON.stringify([{ kid: 'k1', secret: 'short' }]), 'keys.json[0].secret must be a string of at least 16 characters (kid k1)'],
      [JSON.stringify([{ kid: 'bad kid', secret: OLD.secret }]), 'keys.json[0].kid must be 1 to 64 letters'],
      [JSON.stringify([OLD, { ...OLD, secret: 'another-secret-abcdefgh' }]), 'keys.json[1].kid "k1" appears twice'],
      [JSON.stringify([{ ...OLD, extra: 1 }]), 'keys.json[0] has unknown field extra'],
    ];
    for (const [text, message] of cases) {
      let thrown: Error | undefined;
      try {
        readSigningKeys(text, 'keys.json');
      } catch (error) {
        thrown = error as Error;
      }
      expect(thrown?.message).toContain(message);
      expect(thrown?.message).not.toContain(OLD.secret);
      expect(thrown?.message).not.toContain('short');
    }
  });

  it('prefers an explicit option, then the environment, and refuses a secret beside keys', () => {
    const env = { environmentSecret: 'env-secret', environmentSigningKeys: JSON.stringify([NEW]) };
    expect(chooseSigningKeys({}, env)).toEqual({ keys: [NEW], source: 'signing-keys-environment' });
    expect(chooseSigningKeys({ secret: 'opt' }, env)).toEqual({ keys: [{ kid: 'default', secret: 'opt' }], source: 'option' });
    expect(chooseSigningKeys({}, { environmentSecret: 'env-secret' })).toEqual({ keys: [{ kid: 'default', secret: 'env-secret' }], source: 'environment' });
    expect(() => chooseSigningKeys({ secret: 's', signingKeys: [NEW] }, env)).toThrow('not both');
  });
});

describe('key rotation', () => {
  it('the newest key signs (its kid in the header); every listed key verifies; a removed key no longer does', async () => {
    const before = createTokenIssuer([OLD]);
    const oldToken = await before.sign('acme');
    expect(decodeProtectedHeader(oldToken).kid).toBe('k1');

    const during = createTokenIssuer([NEW, OLD]);
    const newToken = await during.sign('acme');
    expect(decodeProtectedHeader(newToken).kid).toBe('k2');
    expect((await during.verify(oldToken)).ok).toBe(true);
    expect((await during.verify(newToken)).ok).toBe(true);

    const after = createTokenIssuer([NEW]);
    const refused = await after.verify(oldToken);
    expect(refused).toEqual({ ok: false, reason: 'The bearer token is signed with a key this sandbox no longer has (kid "k1"); get a new token' });
    expect((await after.verify(newToken)).ok).toBe(true);
  });

  it('a token naming a listed kid but signed with another secret is refused', async () => {
    const forged = await createTokenIssuer([{ kid: 'k2', secret: 'attacker-secret-abcdefgh' }]).sign('acme');
    const result = await createTokenIssuer([NEW, OLD]).verify(forged);
    expect(result.ok).toBe(false);
  });

  it('a token without a kid (made before tokens carried one) verifies with the one --secret key', async () => {
    const { SignJWT } = await import('jose');
    const { hmacKey, sha256 } = await import('../../../src/core/web-crypto.js');
    const key = await hmacKey(await sha256('vendor-api-mock-sandbox\u0000legacy-secret'), ['sign']);
    const legacy = await new SignJWT({ tenant: 'acme' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('vendor-api-mock-sandbox')
      .setSubject('user:ada@acme.example')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const result = await createTokenIssuer('legacy-secret').verify(legacy);
    expect(result.ok && result.caller).toEqual({ tenant: 'acme', subject: 'user:ada@acme.example' });
    expect(result.ok && result.token.jti).toBeUndefined();
  });

  it('issue gives the jti, the kid and the expiry the token carries', async () => {
    const issuer = createTokenIssuer([NEW, OLD]);
    const signed = await issuer.issue('acme', { expiresIn: '1h', kid: 'k1' });
    const verified = await issuer.verify(signed.token);
    expect(verified.ok && verified.token).toEqual({ jti: signed.jti, kid: 'k1', issuedAt: expect.any(Number) });
    expect(verified.ok && signed.expiresAt - verified.token.issuedAt).toBe(3600);
    await expect(issuer.issue('acme', { kid: 'k9' })).rejects.toThrow('kid must name one of the signing keys (k2, k1)');
  });
});
