// Where the proxy sends a request: by the operation's address space, under the upstream's path prefix, the
// client's path and query exactly as written.
import { describe, expect, it } from 'vitest';
import { createUpstreams, upstreamFor, upstreamPath } from '../../../src/proxy/forwarding/upstreams.js';
import { loadContract } from '../../../src/contract/load-contract.js';

const contract = await loadContract(undefined);
const gatewayOp = contract.operations.find((op) => op.addressSpace === 'gateway')!;
const controlOp = contract.operations.find((op) => op.addressSpace !== 'gateway')!;

describe('upstreams', () => {
  it('sends gateway operations to the gateway upstream, the rest and unknown paths to the control plane', () => {
    const upstreams = createUpstreams('http://127.0.0.1:9001/api', 'http://127.0.0.1:9002');
    expect(upstreamFor(upstreams, gatewayOp).host).toBe('127.0.0.1:9002');
    expect(upstreamFor(upstreams, controlOp).host).toBe('127.0.0.1:9001');
    expect(upstreamFor(upstreams, undefined).host).toBe('127.0.0.1:9001');
  });

  it('uses the control plane upstream for the gateway when no gateway upstream is given', () => {
    const upstreams = createUpstreams('http://127.0.0.1:9001', undefined);
    expect(upstreamFor(upstreams, gatewayOp)).toBe(upstreams.controlPlane);
  });

  it('puts the prefix before the target and normalises nothing in it', () => {
    const { controlPlane } = createUpstreams('http://127.0.0.1:9001/api/', undefined);
    expect(upstreamPath(controlPlane, '/a/../b%2f?x=1%20')).toBe('/api/a/../b%2f?x=1%20');
    expect(upstreamPath(controlPlane, 'http://elsewhere/c?d=1')).toBe('/api/c?d=1');
  });

  it('names the option, never the URL, when an upstream is not a base URL', () => {
    expect(() => createUpstreams('ftp://user:hunter2@host', undefined)).toThrow(/^upstream must be /);
    expect(() => createUpstreams('ftp://user:hunter2@host', undefined)).not.toThrow(/hunter2/);
  });
});
