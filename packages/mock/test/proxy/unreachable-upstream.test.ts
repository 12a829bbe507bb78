// An upstream the proxy cannot reach: a 502 in the operation's error shape naming the upstream's host, never its
// full URL (which may carry a password or a query); and upstream URLs are checked at start without being echoed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type CheckedExchange, type RunningProxy } from '../../src/index.js';
import { closedPort } from './upstream-double.js';

const PASSWORD = 'pr0xy-upstream-passw0rd';

describe('unreachable upstream', { timeout: 2 * 60_000 }, () => {
  let proxy: RunningProxy;
  let upstream: string;
  let host: string;
  const exchanges: CheckedExchange[] = [];

  beforeAll(async () => {
    const port = await closedPort();
    host = `127.0.0.1:${port}`;
    upstream = `http://operator:${PASSWORD}@${host}/prefix`;
    proxy = await startProxy({ upstream, onExchange: (exchange) => exchanges.push(exchange), onWarning: () => {} });
  });

  afterAll(() => proxy?.close());

  it('answers 502 in the control-plane shape, naming the host and the reason, never the URL or its password', async () => {
    const res = await fetch(`${proxy.url}/api/svc/v1/teams/t1?secret-query=1`, { headers: { authorization: 'Bearer tok' } });
    const text = await res.text();
    expect(res.status).toBe(502);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ statusCode: 502, code: 502 });
    expect(body.message).toContain(host);
    expect(body.message).toContain('connection refused');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('operator');
    expect(text).not.toContain('/prefix');
    expect(text).not.toContain('secret-query');
  });

  it('answers in the gateway shape for a gateway operation', async () => {
    const res = await fetch(`${proxy.url}/batches/batch_1`, { headers: { authorization: 'Bearer tok' } });
    const body = await res.json();
    expect(res.status).toBe(502);
    expect(body.error).toMatchObject({ type: 'server_error', code: 'service_unavailable' });
    expect(body.error.message).toContain(host);
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
  });

  it('answers in the ML shape for an ML operation, and reports the exchange as answered by the proxy', async () => {
    const res = await fetch(`${proxy.url}/api/ml/v1/artifact-versions/av_1`, { headers: { authorization: 'Bearer tok' } });
    const body = await res.json();
    expect(res.status).toBe(502);
    expect(body.detail[0]).toMatchObject({ loc: ['server'], type: 'service_unavailable' });
    await expect.poll(() => exchanges.some((e) => e.path === '/api/ml/v1/artifact-versions/av_1')).toBe(true);
    const exchange = exchanges.find((e) => e.path === '/api/ml/v1/artifact-versions/av_1')!;
    expect(exchange.status).toBe(502);
    expect(exchange.proxyAnswer).toEqual({ status: 502, reason: 'unreachable' });
  });

  it('names a host that does not resolve', async () => {
    const dns = await startProxy({ upstream: `https://user:${PASSWORD}@no-such-host.invalid`, onWarning: () => {} });
    try {
      const res = await fetch(`${dns.url}/api/svc/v1/teams/t1`, { headers: { authorization: 'Bearer tok' } });
      const text = await res.text();
      expect(res.status).toBe(502);
      expect(text).toContain('no-such-host.invalid');
      expect(text).not.toContain(PASSWORD);
    } finally {
      await dns.close();
    }
  });

  it('refuses an upstream that is not an http(s) URL, without repeating it', async () => {
    const secretish = `ftp://user:${PASSWORD}@example.com`;
    const error: Error = await startProxy({ upstream: secretish }).then(
      () => new Error('startProxy accepted an ftp URL'),
      (thrown: Error) => thrown,
    );
    expect(error.message).toContain('upstream must be an http(s) URL');
    expect(error.message).not.toContain(PASSWORD);
    await expect(startProxy({ upstream: 'http://example.com', gatewayUpstream: 'not a url' })).rejects.toThrow('gatewayUpstream must be an http(s) URL');
  });
});
