// The proxy passes end-to-end headers on as they came and drops the connection's own (RFC 9110 7.6.1), including
// any the Connection header names.
import { describe, expect, it } from 'vitest';
import { endToEndHeaders, flatHeaders } from '../../../src/proxy/forwarding/hop-by-hop.js';

describe('endToEndHeaders', () => {
  it('drops the hop-by-hop headers and keeps the others as they came', () => {
    const kept = endToEndHeaders({
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      upgrade: 'websocket',
      authorization: 'Bearer t',
      'x-request-id': 'abc',
    });
    expect(kept).toEqual({ authorization: 'Bearer t', 'x-request-id': 'abc' });
  });

  it('also drops the headers Connection names, in any case and spacing', () => {
    const kept = endToEndHeaders({ connection: 'close,  X-Trace , ', 'x-trace': '1', 'x-other': '2' });
    expect(kept).toEqual({ 'x-other': '2' });
  });
});

describe('flatHeaders', () => {
  it('joins repeated values as HTTP joins them', () => {
    expect(flatHeaders({ 'set-cookie': ['a=1', 'b=2'], etag: '"x"' })).toEqual({ 'set-cookie': 'a=1, b=2', etag: '"x"' });
  });
});
