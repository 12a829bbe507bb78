import { describe, expect, it } from 'vitest';
import { importOptional } from '../../src/sandbox/store/optional-import.js';

describe('importOptional', () => {
  it('names the package to install when an optional driver is missing', async () => {
    const missing = () => Promise.reject(Object.assign(new Error("Cannot find package 'pg' imported from x"), { code: 'ERR_MODULE_NOT_FOUND' }));
    await expect(importOptional('pg', missing, 'The sandbox with --database-url')).rejects.toThrow(
      'The sandbox with --database-url needs the pg package: npm install pg',
    );
  });
  it('passes other failures through unchanged', async () => {
    const broken = () => Promise.reject(new Error('syntax error in module'));
    await expect(importOptional('pg', broken, 'x')).rejects.toThrow('syntax error in module');
  });
  it('returns the module when it loads', async () => {
    await expect(importOptional('pg', async () => ({ ok: true }), 'x')).resolves.toEqual({ ok: true });
  });
});
