// Traces over OTLP/HTTP to a collector the test runs: one server span per request, child of the incoming W3C
// traceparent, with the Postgres queries of a sandbox request as client spans beneath it; and the journal entry
// keeps the incoming trace id.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningSandbox } from '../../src/index.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { freePort } from '../support/free-port.mjs';
import { parameterExample, requestExample } from '../sandbox/helpers.js';
import { startCli } from './cli-process.js';
import { jsonLine } from './cli-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';

const WAIT = { timeout: 3 * 60_000, interval: 100 };
const SERVER = 2;
const CLIENT = 3;
const TEAM_PATH = `/api/svc/v1/teams/${parameterExample('getTeam', 'id')}`;
const traceparent = () => ({ traceId: randomBytes(16).toString('hex'), parentId: randomBytes(8).toString('hex') });

describe('traces of a sandbox on Postgres', { timeout: 10 * 60_000 }, () => {
  let cluster: Cluster;
  let receiver: OtlpReceiver;
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    cluster = await startCluster();
    sandbox = await startMock({ tracing: { endpoint: receiver.url, serviceName: 'sandbox-under-test' }, sandbox: { secret: 'trace-secret', databaseUrl: cluster.url }, onWarning: () => {} });
  }, 5 * 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await cluster?.destroy();
    await receiver?.close();
  });

  it('exports one server span per request, under the incoming trace, with its Postgres queries as child spans', async () => {
    const token = await sandbox.token(`traced-${Date.now().toString(36)}`);
    const sent: Array<{ traceId: string; parentId: string; requestId: string; path: string }> = [];
    const body = requestExample('createOrUpdateMcpServer');
    for (const [method, path] of [['PUT', '/api/svc/v1/mcp'], ['GET', TEAM_PATH], ['PUT', '/api/svc/v1/mcp']] as const) {
      const { traceId, parentId } = traceparent();
      const res = await fetch(`${sandbox.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${parentId}-01`, 'content-type': 'application/json' },
        ...(method === 'PUT' && { body: JSON.stringify(body) }),
      });
      expect(res.status).toBe(200);
      sent.push({ traceId, parentId, requestId: res.headers.get('x-request-id')!, path });
    }
    const serverSpanOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId && span.kind === SERVER);
    await vi.waitFor(() => {
      for (const { traceId } of sent) expect(serverSpanOf(traceId)).toHaveLength(1);
    }, WAIT);
    for (const { traceId, parentId, requestId } of sent) {
      const [server] = serverSpanOf(traceId) as [ReceivedSpan];
      expect(server.parentSpanId).toBe(parentId);
      expect(server.serviceName).toBe('sandbox-under-test');
      expect(server.attributes).toMatchObject({ 'http.request.method': expect.any(String), 'http.response.status_code': 200, 'vendor.request_id': requestId });
      expect(server.attributes['http.route']).toMatch(/^\/api\/svc\/v1\//);
      expect(server.name).toBe(`${server.attributes['http.request.method']} ${server.attributes['http.route']}`);
    }
    // A write goes to Postgres: its queries are client spans of the request's span.
    const write = serverSpanOf(sent[0]!.traceId)[0]!;
    await vi.waitFor(() => {
      const queries = receiver.spans.filter((span) => span.parentSpanId === write.spanId);
      expect(queries.length).toBeGreaterThan(0);
    }, WAIT);
    const queries = receiver.spans.filter((span) => span.parentSpanId === write.spanId);
    for (const query of queries) {
      expect(query.kind).toBe(CLIENT);
      expect(query.traceId).toBe(write.traceId);
      expect(query.attributes['db.system.name']).toBe('postgresql');
      expect(query.attributes['db.query.text']).toBeTypeOf('string');
    }
    // Never a value of a query: the statement text has only placeholders.
    expect(JSON.stringify(receiver.spans)).not.toContain(token);
  });

  it('keeps the incoming trace id in the journal entry', async () => {
    const token = await sandbox.token(`journal-${Date.now().toString(36)}`);
    const { traceId, parentId } = traceparent();
    const res = await fetch(`${sandbox.url}${TEAM_PATH}`, { headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${parentId}-01` } });
    expect(res.status).toBe(200);
    const journal = await (await fetch(`${sandbox.url}/_mock/requests`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(journal.requests.at(-1)).toMatchObject({ requestId: res.headers.get('x-request-id'), traceId });
  });
});

describe('traces from the environment (the CLI with OTEL_EXPORTER_OTLP_ENDPOINT)', { timeout: 5 * 60_000 }, () => {
  it('exports the stateless mock\'s requests as server spans, a request without a traceparent as a new trace', async () => {
    const receiver = await startOtlpReceiver();
    const port = await freePort();
    const mock = startCli(['--port', String(port), '--log-format', 'json'], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    try {
      const url = jsonLine(await mock.waitForLine('the start event', (line) => jsonLine(line)?.event === 'start'))!.url;
      const { traceId, parentId } = traceparent();
      expect((await fetch(`${url}${TEAM_PATH}`, { headers: { authorization: 'Bearer any', traceparent: `00-${traceId}-${parentId}-01` } })).status).toBe(200);
      expect((await fetch(`${url}${TEAM_PATH}`, { headers: { authorization: 'Bearer any' } })).status).toBe(200);
      await vi.waitFor(() => expect(receiver.spans.filter((span) => span.kind === SERVER)).toHaveLength(2), WAIT);
      const [traced, fresh] = receiver.spans;
      expect([traced!.traceId, traced!.parentSpanId, traced!.attributes['http.route']]).toEqual([traceId, parentId, '/api/svc/v1/teams/{id}']);
      expect(fresh!.traceId).not.toBe(traceId);
      expect(fresh!.parentSpanId).toBeUndefined();
      expect(receiver.contentTypes[0]).toBe('application/json');
    } finally {
      await mock.stop();
      await receiver.close();
    }
  });
});
