// The request-duration histogram counted in place reads, through prom-client's registry, exactly as prom-client's own
// Histogram fed the same observations: the same text for the same series, buckets, sums and counts; a tenant's series
// go when it leaves the top N; and getMetricsAsJSON gives the labels as prom-client's does.
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createDurationHistogram } from '../../src/observe/duration-histogram.js';

const NAME = 'http_server_request_duration_seconds';
const HELP = 'Duration of HTTP server requests';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 1];

interface Observation {
  operationId?: string;
  route?: string;
  method: string;
  status: number;
  tenant: string;
  seconds: number;
}

const observations: Observation[] = [
  { operationId: 'getTeam', route: '/api/svc/v1/teams/{id}', method: 'GET', status: 200, tenant: '', seconds: 0.001 },
  { operationId: 'getTeam', route: '/api/svc/v1/teams/{id}', method: 'GET', status: 200, tenant: '', seconds: 0.005 },
  { operationId: 'getTeam', route: '/api/svc/v1/teams/{id}', method: 'GET', status: 200, tenant: '', seconds: 0.0051 },
  { operationId: 'getTeam', route: '/api/svc/v1/teams/{id}', method: 'GET', status: 429, tenant: '', seconds: 0.2 },
  { method: 'GET', status: 404, tenant: '', seconds: 3 },
  { operationId: 'createOrUpdateMcpServer', route: '/api/svc/v1/mcp', method: 'PUT', status: 400, tenant: '', seconds: 0.03 },
];

function labelsOf(o: Observation): Record<string, string> {
  const labels: Record<string, string> = { http_request_method: o.method, http_response_status_code: String(o.status) };
  if (o.route !== undefined) labels.http_route = o.route;
  if (o.operationId !== undefined) labels.operation_id = o.operationId;
  if (o.tenant !== '') labels.tenant = o.tenant;
  return labels;
}

function ours(list: Observation[]) {
  const registry = new client.Registry();
  const histogram = createDurationHistogram(NAME, HELP, BUCKETS);
  registry.registerMetric(histogram.metric as unknown as Parameters<typeof registry.registerMetric>[0]);
  for (const o of list) histogram.observe(histogram.series(o.operationId, o.route, o.method, o.status, o.tenant), o.seconds);
  return { registry, histogram };
}

function promClients(list: Observation[]) {
  const registry = new client.Registry();
  const histogram = new client.Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['http_request_method', 'http_route', 'http_response_status_code', 'operation_id', 'tenant'],
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const o of list) histogram.observe(labelsOf(o), o.seconds);
  return registry;
}

describe('createDurationHistogram', () => {
  it("reads as prom-client's own Histogram fed the same observations, line for line", async () => {
    const expected = await promClients(observations).metrics();
    const actual = await ours(observations).registry.metrics();
    expect(actual).toBe(expected);
    // Not an empty agreement: the 200s' series has its three observations, one of them on a bound.
    expect(actual).toContain('http_server_request_duration_seconds_bucket{le="0.005",http_request_method="GET",http_response_status_code="200",http_route="/api/svc/v1/teams/{id}",operation_id="getTeam"} 2');
    expect(actual).toContain('http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="404"} 1');
  });

  it('gives getMetricsAsJSON the series labels and le together, as prom-client does (without its null exemplars)', async () => {
    const [expected] = await promClients(observations).getMetricsAsJSON();
    const [actual] = await ours(observations).registry.getMetricsAsJSON();
    // prom-client adds `exemplar: null` to each bucket; this histogram keeps no exemplars.
    const withoutExemplars = expected!.values.map((value) => {
      const { exemplar: _exemplar, ...rest } = value as typeof value & { exemplar?: unknown };
      return rest;
    });
    expect(actual!.values).toEqual(withoutExemplars);
    // Four series (getTeam 200 and 429, the 404, the PUT's 400), each its buckets, +Inf, _sum and _count.
    expect(actual!.values).toHaveLength(4 * (BUCKETS.length + 3));
    expect({ ...actual, values: [] }).toEqual({ ...expected, values: [] });
  });

  it("forgets a tenant's series and keeps the others", async () => {
    const tenanted = observations.map((o, i) => ({ ...o, tenant: i % 2 === 0 ? 'acme' : 'globex' }));
    const { registry, histogram } = ours(tenanted);
    histogram.removeTenant('acme');
    const expected = await promClients(tenanted.filter((o) => o.tenant !== 'acme')).metrics();
    expect(await registry.metrics()).toBe(expected);
    expect(await registry.metrics()).not.toContain('tenant="acme"');
  });
});
