// The one Host rule of the servers on this machine (the MCP server's HTTP endpoint, the docs server).
import { describe, expect, it } from 'vitest';
import { allowedHosts, isAllowedHost } from '../src/index.mjs';

describe('allowedHosts', () => {
  it('names loopback with the port and the bound address', () => {
    expect([...allowedHosts(8080)].sort()).toEqual(['127.0.0.1:8080', '[::1]:8080', 'localhost:8080']);
    expect(allowedHosts(8080, [], '10.0.0.5').has('10.0.0.5:8080')).toBe(true);
  });

  it('writes an IPv6 bound address in brackets, lower case', () => {
    expect(allowedHosts(3000, [], 'FE80::1').has('[fe80::1]:3000')).toBe(true);
  });

  it('leaves a wildcard address out', () => {
    expect(allowedHosts(8080, [], '0.0.0.0').has('0.0.0.0:8080')).toBe(false);
    expect(allowedHosts(8080, [], '::').has('[::]:8080')).toBe(false);
  });

  it('takes a public host with its port only, or with the default ports when it has none', () => {
    const hosts = allowedHosts(8080, ['Docs.Example', 'other.example:8443', ' ']);
    expect(hosts.has('docs.example')).toBe(true);
    expect(hosts.has('docs.example:443')).toBe(true);
    expect(hosts.has('other.example:8443')).toBe(true);
    expect(hosts.has('other.example')).toBe(false);
    expect(hosts.has('')).toBe(false);
  });
});

describe('isAllowedHost', () => {
  const allowed = allowedHosts(8080);
  it('compares lower case and refuses a missing or other name', () => {
    expect(isAllowedHost('LOCALHOST:8080', allowed)).toBe(true);
    expect(isAllowedHost('rebound.example:8080', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
    expect(isAllowedHost('localhost:8081', allowed)).toBe(false);
  });
});
