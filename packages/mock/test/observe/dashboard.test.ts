// The Grafana dashboard in the package (grafana/vendor-api-mock.json) asks only for metrics the server really
// exports: every metric name in its queries is in a real scrape of a sandbox on Postgres after some traffic, and
// it has the panels a platform team looks for first.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningSandbox } from '../../src/index.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { parameterExample } from '../sandbox/helpers.js';
import { scrape, type Scrape } from './scrape.js';

const dashboard = JSON.parse(readFileSync(new URL('../../grafana/vendor-api-mock.json', import.meta.url), 'utf8'));

/** PromQL's words that are not metric names: functions are followed by "(", these are not always. */
const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'and', 'or', 'unless', 'le', 'inf', 'nan']);

/**
 * The metric names a PromQL query reads: identifiers outside label matchers, groupings, ranges and strings that are
 * not a function call and not a keyword. The dashboard's queries are simple selectors and aggregations, which this reads.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.])([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)].filter((match) => match[2] === undefined).map((match) => match[1]!);
  return [...new Set(names.filter((name) => !PROMQL_WORDS.has(name.toLowerCase()) && !name.startsWith('$')))];
}

function queries(): string[] {
  const fromPanels = dashboard.panels.flatMap((panel: any) => panel.targets.map((target: any) => target.expr as string));
  const fromVariables = dashboard.templating.list.filter((variable: any) => variable.type === 'query').map((variable: any) => (variable.query as string).replace(/^label_values\(([^,]+),.*$/, '$1'));
  return [...fromPanels, ...fromVariables];
}

/** The names a scrape answers to: each family, and a histogram's _bucket, _sum and _count series. */
function exportedNames(scraped: Scrape): Set<string> {
  const names = new Set<string>();
  for (const family of scraped.values()) {
    names.add(family.name);
    if (family.type === 'HISTOGRAM') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${family.name}${suffix}`);
  }
  return names;
}

describe('the Grafana dashboard', { timeout: 5 * 60_000 }, () => {
  let cluster: Cluster;
  let sandbox: RunningSandbox;
  let scraped: Scrape;
  beforeAll(async () => {
    cluster = await startCluster();
    sandbox = await startMock({ metrics: { port: 0 }, sandbox: { secret: 'dashboard-secret', databaseUrl: cluster.url, shared: true }, onWarning: () => {} });
    const token = await sandbox.token(`dashboard-${Date.now().toString(36)}`);
    const team = `${sandbox.url}/api/svc/v1/teams/${parameterExample('getTeam', 'id')}`;
    expect((await fetch(team, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(team)).status).toBe(401);
    scraped = await scrape(sandbox.metricsUrl!);
  }, 5 * 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await cluster?.destroy();
  });

  it('reads the metric names out of PromQL', () => {
    expect(metricNames('histogram_quantile(0.99, sum by (le, operation_id) (rate(http_server_request_duration_seconds_bucket{job=~"$job"}[$__rate_interval])))')).toEqual([
      'http_server_request_duration_seconds_bucket',
    ]);
    expect(metricNames('max(vendor_mock_tenants) + on (instance) nodejs_heap_size_used_bytes offset 5m')).toEqual(['vendor_mock_tenants', 'nodejs_heap_size_used_bytes']);
  });

  it('queries only metrics the server exports', () => {
    const exported = exportedNames(scraped);
    const used = [...new Set(queries().flatMap(metricNames))];
    expect(used.length).toBeGreaterThan(8);
    expect(used.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('shows requests by operation and status, p50 and p99 latency, refusals by reason, tenants and memory', () => {
    const exprs = queries();
    const has = (pattern: RegExp) => exprs.some((expr) => pattern.test(expr));
    expect(has(/sum by \(operation_id, http_response_status_code\) \(rate\(http_server_request_duration_seconds_count/)).toBe(true);
    expect(has(/histogram_quantile\(0\.5, .*http_server_request_duration_seconds_bucket/)).toBe(true);
    expect(has(/histogram_quantile\(0\.99, .*http_server_request_duration_seconds_bucket/)).toBe(true);
    expect(has(/sum by \(reason\) \(rate\(vendor_mock_refusals_total/)).toBe(true);
    expect(has(/vendor_mock_tenants/)).toBe(true);
    expect(has(/process_resident_memory_bytes/)).toBe(true);
    expect(new Set(dashboard.panels.map((panel: any) => panel.id)).size).toBe(dashboard.panels.length);
  });
});
