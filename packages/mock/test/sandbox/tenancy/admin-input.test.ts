import { describe, expect, it } from 'vitest';
import { readNewTenant, readTenantChange, readTokenRequest } from '../../../src/sandbox/tenancy/admin-input.js';

describe('admin input', () => {
  it('reads a new tenant with optional limits (sizes as the flags take them)', () => {
    expect(readNewTenant({ name: 'acme' })).toEqual({ ok: true, value: { name: 'acme', limits: {} } });
    expect(readNewTenant({ name: 'acme', limits: { rateLimit: 5, maxRecords: 0, maxTenantBytes: '1MB' } })).toEqual({
      ok: true,
      value: { name: 'acme', limits: { rateLimit: 5, maxRecords: 0, maxTenantBytes: 1_000_000 } },
    });
  });

  it('names the field and the rule of what it refuses', () => {
    const problem = (checked: { ok: boolean; problem?: { field: string } }) => (checked.ok ? undefined : checked.problem!.field);
    expect(problem(readNewTenant({}))).toBe('name');
    expect(problem(readNewTenant({ name: 'acme', limits: { rateLimit: 1.5 } }))).toBe('limits.rateLimit');
    expect(problem(readNewTenant({ name: 'acme', limits: [] }))).toBe('limits');
    expect(problem(readNewTenant('acme'))).toBe('(body)');
    expect(problem(readTenantChange({}))).toBe('(body)');
    expect(problem(readTenantChange({ status: 'deleted' }))).toBe('status');
    expect(problem(readTokenRequest({ expiresIn: '0h' }))).toBe('expiresIn');
    expect(problem(readTokenRequest({ expiresIn: 3600 }))).toBe('expiresIn');
    expect(problem(readTokenRequest({ subject: 'ada' }))).toBe('subject');
    expect(problem(readTokenRequest({ scope: 'all' }))).toBe('scope');
  });

  it('takes a patch of status, limits or both; null puts a limit back to the sandbox default', () => {
    expect(readTenantChange({ status: 'suspended' })).toEqual({ ok: true, value: { status: 'suspended' } });
    expect(readTenantChange({ limits: { rateLimit: null } })).toEqual({ ok: true, value: { limits: { rateLimit: null } } });
    expect(readTokenRequest(undefined)).toEqual({ ok: true, value: { subject: undefined, expiresIn: '24h' } });
    expect(readTokenRequest({ subject: 'team:ops', expiresIn: '7d' })).toEqual({ ok: true, value: { subject: 'team:ops', expiresIn: '7d' } });
  });
});
