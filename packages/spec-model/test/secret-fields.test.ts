import { describe, expect, it } from 'vitest';
import { SECRET_KEY, collectSecrets, isSecretKey } from '../src/index.js';

describe('secret fields (the rule the client and the mock redact by)', () => {
  it('names passwords, secret values, tokens, keys, credentials and auth data, in any case or spelling', () => {
    const secret = ['newPassword', 'old_password', 'client_secret', 'token', 'API_KEY', 'apiKey', 'x-api-key', 'Authorization', 'authorisation', 'credentials', 'private_key', 'secrets'];
    for (const key of secret) expect(isSecretKey(key), key).toBe(true);
  });

  it('names value, ca_cert, auth_data, headers, additional_headers and env only as whole keys', () => {
    for (const key of ['value', 'Value', 'ca_cert', 'auth_data', 'headers', 'additional_headers', 'env']) expect(isSecretKey(key), key).toBe(true);
    for (const key of ['values', 'default_value', 'environment', 'envs', 'header', 'ca_certs']) expect(isSecretKey(key), key).toBe(false);
  });

  it('leaves ordinary fields alone', () => {
    for (const key of ['name', 'loginId', 'integrationId', 'key', 'description', 'type', '0']) expect(isSecretKey(key), key).toBe(false);
  });

  it('keeps no state between calls (no g or y flag), so the same key always gets the same answer', () => {
    expect(SECRET_KEY.flags).not.toMatch(/[gy]/);
    expect([isSecretKey('password'), isSecretKey('password'), isSecretKey('password')]).toEqual([true, true, true]);
  });
});

describe('collectSecrets (what the client hides in errors and logs, and the mock\'s journal wherever else it shows)', () => {
  it('collects the non-empty strings below a secret key at any depth, in arrays too, after those given', () => {
    const body = { name: 'srv', newPassword: 'p1', manifest: { auth_data: { headers: [{ name: 'x-key', value: 'k1' }], empty: '' } }, tags: ['public'], count: 3 };
    expect(collectSecrets(body, ['Bearer t'])).toEqual(['Bearer t', 'p1', 'x-key', 'k1']);
  });

  it('finds nothing in a value without secret keys, or in a string on its own', () => {
    expect(collectSecrets({ name: 'srv', items: [{ id: 'a' }] })).toEqual([]);
    expect(collectSecrets('newPassword')).toEqual([]);
    expect(collectSecrets(null)).toEqual([]);
  });
});
