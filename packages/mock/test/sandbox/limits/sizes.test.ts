import { describe, expect, it } from 'vitest';
import { formatSize, readSize, utf8Length } from '../../../src/sandbox/limits/sizes.js';

describe('sizes', () => {
  it('reads decimal and binary units and plain bytes; 0 turns a quota off', () => {
    expect(readSize('512kB', 'maxTenantBytes')).toBe(512_000);
    expect(readSize('10MB', 'maxTenantBytes')).toBe(10_000_000);
    expect(readSize('1.5 mb', 'maxTenantBytes')).toBe(1_500_000);
    expect(readSize('1KiB', 'maxTenantBytes')).toBe(1_024);
    expect(readSize('2048', 'maxTenantBytes')).toBe(2_048);
    expect(readSize('0', 'maxTenantBytes')).toBe(0);
    expect(readSize(4096, 'maxTenantBytes')).toBe(4_096);
  });
  it('refuses anything else, naming the option and the rule', () => {
    expect(() => readSize('10 parsecs', '--max-tenant-bytes')).toThrow('--max-tenant-bytes must be a size such as 512kB, 10MB or 1GiB, or 0 to turn it off (got "10 parsecs")');
    expect(() => readSize('-1MB', 'maxTenantBytes')).toThrow('maxTenantBytes must be a size');
    expect(() => readSize(-5, 'maxTenantBytes')).toThrow('maxTenantBytes must be a whole number of bytes, 0 or more (got -5)');
  });
  it('formats sizes as the flags write them', () => {
    expect(formatSize(10_000_000)).toBe('10 MB');
    expect(formatSize(512_000)).toBe('512 kB');
    expect(formatSize(6_870)).toBe('6.9 kB');
    expect(formatSize(999)).toBe('999 B');
  });
  it('counts UTF-8 bytes as Postgres octet_length does', () => {
    for (const text of ['plain', 'é', '€', '😀', 'a😀é€']) expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });
});
