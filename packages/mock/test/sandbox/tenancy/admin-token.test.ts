import { describe, expect, it } from 'vitest';
import { checkAdminToken, createAdminCheck } from '../../../src/sandbox/tenancy/admin-token.js';

describe('the admin token', () => {
  const token = 'a'.repeat(31) + 'b';
  const isAdmin = createAdminCheck(token);

  it('accepts only Authorization: Bearer <the admin token>', async () => {
    expect(await isAdmin({ authorization: `Bearer ${token}` })).toBe(true);
    expect(await isAdmin({ authorization: `bearer ${token}` })).toBe(true);
    expect(await isAdmin({})).toBe(false);
    expect(await isAdmin({ authorization: `Bearer ${token.slice(0, -1)}c` })).toBe(false);
    expect(await isAdmin({ authorization: `Bearer ${token}x` })).toBe(false);
    expect(await isAdmin({ authorization: `Bearer ${token.slice(0, 5)}` })).toBe(false);
    expect(await isAdmin({ authorization: `Basic ${token}` })).toBe(false);
  });

  it('is read trimmed, and refused when short, naming where it came from and never repeating it', () => {
    expect(checkAdminToken(`${token}\n`, 'file')).toBe(token);
    let message = '';
    try {
      checkAdminToken('short-one', '--admin-token-file /run/admin');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('--admin-token-file /run/admin must hold an admin token of at least 16 characters');
    expect(message).not.toContain('short-one');
  });
});
