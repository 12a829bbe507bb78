import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/mock-options.js';
import { parseTokenArgs } from '../../src/cli/token-command.js';

describe('parseCliArgs: sandbox options', () => {
  it('reads --sandbox with --data, --database-url and --secret', () => {
    expect(parseCliArgs(['--sandbox', '--data', 'dir', '--secret=s'])).toEqual({ port: 4010, host: '127.0.0.1', cors: true, help: false, sandbox: true, data: 'dir', secret: 's' });
    expect(parseCliArgs(['--sandbox', '--database-url', 'postgres://db/x']).databaseUrl).toBe('postgres://db/x');
  });
  it('refuses sandbox options without --sandbox, --data with --database-url, and a non-Postgres URL without repeating it', () => {
    expect(() => parseCliArgs(['--secret', 's'])).toThrow('--secret only apply with --sandbox');
    expect(() => parseCliArgs(['--sandbox', '--data', 'd', '--database-url', 'postgres://x'])).toThrow('not both');
    let message = '';
    try {
      parseCliArgs(['--sandbox', '--database-url', 'mysql://user:pw-secret@h/db']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('--database-url must be a postgres://');
    expect(message).not.toContain('pw-secret');
  });
});

describe('parseCliArgs: --tenant-ttl', () => {
  it('reads a duration in seconds, minutes, hours, days or weeks', () => {
    for (const ttl of ['90s', '30m', '12h', '7d', '2w']) expect(parseCliArgs(['--sandbox', '--tenant-ttl', ttl]).tenantTtl).toBe(ttl);
  });
  it('names the flag and the rule for a value that is not a duration, and needs --sandbox', () => {
    for (const bad of ['7', 'seven days', '0d', '1y']) expect(() => parseCliArgs(['--sandbox', `--tenant-ttl=${bad}`])).toThrow('--tenant-ttl must be a duration such as 90s, 30m, 12h, 7d or 2w');
    expect(() => parseCliArgs(['--tenant-ttl', '7d'])).toThrow('--tenant-ttl only apply with --sandbox');
  });
});

describe('parseTokenArgs', () => {
  it('defaults the subject and the lifetime; the secret comes from --secret or the environment', () => {
    expect(parseTokenArgs(['--tenant', 'acme', '--secret', 's'], {})).toEqual({
      tenant: 'acme',
      subject: 'user:developer@acme.example',
      keys: [{ kid: 'default', secret: 's' }],
      kid: 'default',
      expiresIn: '24h',
      help: false,
    });
    expect(parseTokenArgs(['--tenant', 'acme'], { VENDOR_SANDBOX_SECRET: 'env' }).keys).toEqual([{ kid: 'default', secret: 'env' }]);
  });
  it('takes the signing keys from VENDOR_SANDBOX_SIGNING_KEYS, the newest signing unless --kid names another', () => {
    const env = { VENDOR_SANDBOX_SIGNING_KEYS: JSON.stringify([{ kid: 'k2', secret: 'second-secret-0123456789' }, { kid: 'k1', secret: 'first-secret-0123456789' }]) };
    expect(parseTokenArgs(['--tenant', 'acme'], env).kid).toBe('k2');
    expect(parseTokenArgs(['--tenant', 'acme', '--kid', 'k1'], env).kid).toBe('k1');
    expect(() => parseTokenArgs(['--tenant', 'acme', '--kid', 'k9'], env)).toThrow('--kid must name one of the signing keys (k2, k1); got k9');
  });
  it('names the field and the rule for bad input', () => {
    expect(() => parseTokenArgs([], { VENDOR_SANDBOX_SECRET: 'x' })).toThrow('--tenant is required');
    expect(() => parseTokenArgs(['--tenant', 'acme', '--subject', 'ada'], { VENDOR_SANDBOX_SECRET: 'x' })).toThrow('subject must look like user:EMAIL');
    expect(() => parseTokenArgs(['--tenant', 'acme', '--expires-in', '1 fortnight'], { VENDOR_SANDBOX_SECRET: 'x' })).toThrow('--expires-in must be a duration');
  });
});
