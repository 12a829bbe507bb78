// The metrics port as Prometheus scrapes it, parsed by a real text-format parser: after known traffic every counter
// and histogram holds exactly what was sent, the serving port never answers /metrics, and the series stay bounded
// however many tenants call.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, startProxy, type RunningMock, type RunningSandbox } from '../../src/index.js';
import { MCP_PATH, nested, put } from '../attacks/attack-helpers.js';
import { call, parameterExample } from '../sandbox/helpers.js';
import { mcpServer, runTenant } from '../sandbox/quotas.js';
import { refusals, requestCount, samples, scrape, seriesCount } from './scrape.js';

const TEAM = parameterExample('getTeam', 'id');
const TEAM_ROUTE = '/api/svc/v1/teams/{id}';
const getTeam = (url: string, token: string | null) => call(url, 'getTeam', { token, path: { id: TEAM } });
const metricsOf = (server: RunningMock | RunningSandbox) => server.metricsUrl!;

describe('metrics of the stateless mock', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ metrics: { port: 0 }, onWarning: () => {} });
  });
  afterAll(() => mock?.close());

  it('counts 200s, a 404, a 401, an invalid body, a too deep one and a too large one, each exactly once per request', async () => {
    for (let i = 0; i < 3; i++) expect((await getTeam(mock.url, 'any')).status).toBe(200);
    expect((await fetch(`${mock.url}/api/svc/v1/no-such-thing`, { headers: { authorization: 'Bearer any' } })).status).toBe(404);
    expect((await getTeam(mock.url, null)).status).toBe(401);
    expect((await put(mock.url, MCP_PATH, 'any', '{"manifest": 1}')).status).toBe(400);
    expect((await put(mock.url, MCP_PATH, 'any', nested(4000))).status).toBe(400);
    expect((await put(mock.url, MCP_PATH, 'any', `"${'x'.repeat(10 * 1024 * 1024 + 10)}"`)).status).toBe(413);

    const scraped = await scrape(metricsOf(mock));
    const histogram = scraped.get('http_server_request_duration_seconds')!;
    expect(histogram.type).toBe('HISTOGRAM');
    const ok = samples(scraped, 'http_server_request_duration_seconds', { http_route: TEAM_ROUTE, http_response_status_code: '200' });
    expect(ok).toHaveLength(1);
    expect(ok[0]!.labels).toEqual({ http_request_method: 'GET', http_route: TEAM_ROUTE, http_response_status_code: '200', operation_id: 'getTeam' });
    expect(ok[0]!.count).toBe('3');
    expect(ok[0]!.buckets!['+Inf']).toBe('3');
    expect(Number(ok[0]!.sum)).toBeGreaterThan(0);
    // The 404 matched no operation: no route and no operation label, never the raw path.
    const notFound = samples(scraped, 'http_server_request_duration_seconds', { http_response_status_code: '404' });
    expect(notFound.map((sample) => [sample.labels, sample.count])).toEqual([[{ http_request_method: 'GET', http_response_status_code: '404' }, '1']]);
    expect(requestCount(scraped, { operation_id: 'getTeam', http_response_status_code: '401' })).toBe(1);
    expect(requestCount(scraped, { operation_id: 'createOrUpdateMcpServer', http_response_status_code: '400' })).toBe(2);
    expect(requestCount(scraped, { operation_id: 'createOrUpdateMcpServer', http_response_status_code: '413' })).toBe(1);
    expect(refusals(scraped, 'unauthenticated')).toBe(1);
    expect(refusals(scraped, 'invalid_request')).toBe(1);
    expect(refusals(scraped, 'max_depth')).toBe(1);
    expect(refusals(scraped, 'body_too_large')).toBe(1);
    expect(refusals(scraped, 'rate_limit')).toBe(0);
    expect(Number(samples(scraped, 'vendor_mock_journal_bytes')[0]!.value)).toBeGreaterThan(0);
    // prom-client's default process metrics.
    expect(Number(samples(scraped, 'process_resident_memory_bytes')[0]!.value)).toBeGreaterThan(0);
    expect(scraped.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('answers /metrics only on the metrics port: the serving port says 404; both answer /livez and /readyz', async () => {
    const onServing = await fetch(`${mock.url}/metrics`);
    expect(onServing.status).toBe(404);
    expect(await onServing.text()).not.toContain('http_server_request_duration_seconds');
    for (const base of [mock.url, metricsOf(mock)]) {
      const live = await fetch(`${base}/livez`);
      expect([live.status, await live.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    }
    expect(new URL(metricsOf(mock)).hostname).toBe('127.0.0.1');
    expect((await fetch(`${metricsOf(mock)}/other`)).status).toBe(404);
  });
});

describe('metrics of a shared sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startMock({
      metrics: { port: 0 },
      sandbox: { secret: 'metrics-test-secret', shared: true, rateLimit: 2, maxRecords: 1, headersTimeout: '1s' },
      onWarning: () => {},
    });
  });
  afterAll(() => sandbox?.close());

  it('counts each 429 of the rate limit and the 403 over quota as refusals, and the tenants the store holds', async () => {
    const flooding = await sandbox.token(runTenant('flooding'));
    const answers = await Promise.all(Array.from({ length: 12 }, () => getTeam(sandbox.url, flooding)));
    const limited = answers.filter((answer) => answer.status === 429).length;
    expect(limited).toBeGreaterThan(0);
    const writer = await sandbox.token(runTenant('writer'));
    expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token: writer, body: mcpServer('one') })).status).toBe(200);
    expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token: writer, body: mcpServer('two') })).status).toBe(403);

    const scraped = await scrape(metricsOf(sandbox));
    expect(refusals(scraped, 'rate_limit')).toBe(limited);
    expect(requestCount(scraped, { operation_id: 'getTeam', http_response_status_code: '429' })).toBe(limited);
    expect(requestCount(scraped, { operation_id: 'getTeam', http_response_status_code: '200' })).toBe(12 - limited);
    expect(refusals(scraped, 'quota')).toBe(1);
    expect(requestCount(scraped, { operation_id: 'createOrUpdateMcpServer', http_response_status_code: '403' })).toBe(1);
    expect(Number(samples(scraped, 'vendor_mock_tenants')[0]!.value)).toBe(2);
    // No tenant label unless asked for.
    expect(samples(scraped, 'http_server_request_duration_seconds').every((sample) => !('tenant' in (sample.labels ?? {})))).toBe(true);
  });

  it('counts a client whose headers never end as a slow client (refused 408 by the headers timeout)', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(sandbox.url).port), '127.0.0.1', () => socket.write('GET /api/svc/v1/teams/x HTTP/1.1\r\nHost: x\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(refusals(await scrape(metricsOf(sandbox)), 'slow_client')).toBe(1);
  });
});

describe('series with many tenants', { timeout: 5 * 60_000 }, () => {
  const servers: RunningSandbox[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function seriesAfterTenants(sandbox: RunningSandbox, tenants: number): Promise<number> {
    const tokens = await Promise.all(Array.from({ length: tenants }, (_, i) => sandbox.token(`many-${i}`)));
    // 20 at a time: a busy machine, not a test of throughput.
    for (let i = 0; i < tokens.length; i += 20) {
      const answers = await Promise.all(tokens.slice(i, i + 20).map((token) => getTeam(sandbox.url, token)));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
    return seriesCount(await scrape(metricsOf(sandbox)));
  }

  it('stays flat from 10 to 1,000 tenants without a tenant label', async () => {
    const sandbox = await startMock({ metrics: { port: 0 }, sandbox: { secret: 'series-secret' }, onWarning: () => {} });
    servers.push(sandbox);
    const after10 = await seriesAfterTenants(sandbox, 10);
    const scrapedAfter10 = await scrape(metricsOf(sandbox));
    expect(requestCount(scrapedAfter10, { operation_id: 'getTeam' })).toBe(10);
    const after1000 = await seriesAfterTenants(sandbox, 1000);
    expect(after1000).toBe(after10);
  });

  it('--metrics-tenant-label 3: at most three tenants by name, the rest under other, bounded with 1,000 tenants', async () => {
    const sandbox = await startMock({ metrics: { port: 0, tenantLabel: 3 }, sandbox: { secret: 'series-secret' }, onWarning: () => {} });
    servers.push(sandbox);
    await seriesAfterTenants(sandbox, 1000);
    const scraped = await scrape(metricsOf(sandbox));
    const tenantLabels = new Set(samples(scraped, 'http_server_request_duration_seconds').map((sample) => sample.labels?.tenant));
    expect(tenantLabels.has('other')).toBe(true);
    expect([...tenantLabels].filter((label) => label !== 'other')).toHaveLength(3);
    expect(requestCount(scraped, { operation_id: 'getTeam' })).toBe(1000);
  });
});

describe('metrics of the validation proxy (the same pipeline, the same observer)', () => {
  it('counts the forwarded exchanges by operation and status, and answers /readyz on both ports', async () => {
    const upstream = await startMock({ onWarning: () => {} });
    const proxy = await startProxy({ upstream: upstream.url, strict: true, metrics: { port: 0 }, onWarning: () => {} });
    try {
      for (let i = 0; i < 2; i++) expect((await getTeam(proxy.url, 'any')).status).toBe(200);
      expect((await put(proxy.url, MCP_PATH, 'any', '{"manifest": 1}')).status).toBe(400);
      const scraped = await scrape(proxy.metricsUrl!);
      expect(requestCount(scraped, { operation_id: 'getTeam', http_route: TEAM_ROUTE, http_response_status_code: '200' })).toBe(2);
      expect(refusals(scraped, 'invalid_request')).toBe(1);
      for (const base of [proxy.url, proxy.metricsUrl!]) expect((await fetch(`${base}/readyz`)).status).toBe(200);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
