// The proxy in front of the sandbox: every operation's documented request passes with no finding and the status the
// sandbox gives it directly, and each goes to the upstream of its address space (control plane or gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, startProxy, type CheckedExchange, type RunningProxy, type RunningSandbox } from '../../src/index.js';
import { loadModel, validRequest } from '../helpers/spec.js';

const operations = loadModel().operations;
const SECRET = 'proxy-test-secret';
const TENANT = 'acme';

describe('proxy in front of the sandbox', { timeout: 5 * 60_000 }, () => {
  // Three sandboxes with one secret (a token works on each): one called directly, one as the control plane's
  // upstream, one as the gateway's. Each starts fresh, so the same calls in the same order meet the same state.
  let direct: RunningSandbox;
  let controlPlane: RunningSandbox;
  let gateway: RunningSandbox;
  let proxy: RunningProxy;
  let token: string;
  const exchanges: CheckedExchange[] = [];
  /** the x-request-id of each answer through the proxy */
  const proxiedIds: Array<string | null> = [];

  beforeAll(async () => {
    const start = () => startMock({ sandbox: { secret: SECRET }, onWarning: () => {} });
    [direct, controlPlane, gateway] = await Promise.all([start(), start(), start()]);
    token = await direct.token(TENANT);
    proxy = await startProxy({ upstream: controlPlane.url, gatewayUpstream: gateway.url, onExchange: (exchange) => exchanges.push(exchange) });
  }, 5 * 60_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([direct?.close(), controlPlane?.close(), gateway?.close()]);
  });

  it('has gateway and control-plane operations to route (else the routing check proves nothing)', () => {
    const spaces = new Set(operations.map((op) => op.addressSpace));
    expect(spaces).toEqual(new Set(['controlPlane', 'gateway']));
  });

  it('passes every documented request with 0 findings and the status the sandbox answers directly', async () => {
    for (const entry of operations) {
      const directRequest = validRequest(direct.url, entry, token);
      const directAnswer = await fetch(directRequest.url, directRequest.init);
      const directBody = await directAnswer.json();

      const proxied = validRequest(proxy.url, entry, token);
      const answer = await fetch(proxied.url, proxied.init);
      const body = await answer.json();
      proxiedIds.push(answer.headers.get('x-request-id'));

      expect(answer.status, `${entry.operationId}: ${JSON.stringify(body).slice(0, 300)}`).toBe(directAnswer.status);
      expect(answer.status, entry.operationId).toBe(200);
      expect(answer.headers.get('x-contract-findings'), entry.operationId).toBeNull();
      expect(answer.headers.get('content-type')).toBe(directAnswer.headers.get('content-type'));
      // Same shape of answer; ids and timestamps of new records may differ between the two sandboxes.
      expect(Object.keys(body).sort(), entry.operationId).toEqual(Object.keys(directBody).sort());
    }
    await expect.poll(() => exchanges.length).toBe(operations.length);
    for (const exchange of exchanges) expect(exchange.findings, exchange.operation?.operationId).toEqual([]);
    expect(exchanges.map((exchange) => exchange.operation?.operationId)).toEqual(operations.map((op) => op.operationId));
  });

  it("passes on the upstream's request id, adding none of its own", () => {
    const upstreamIds = new Set([...controlPlane.requests(TENANT), ...gateway.requests(TENANT)].map((entry) => entry.requestId));
    expect(proxiedIds).toHaveLength(operations.length);
    const notTheUpstreams = proxiedIds.filter((id) => id === null || !upstreamIds.has(id));
    expect(notTheUpstreams).toEqual([]);
  });

  it('sent each operation to the upstream of its address space, and only there', () => {
    const seenBy = (sandbox: RunningSandbox) => sandbox.requests(TENANT).map((entry) => entry.operationId);
    const ids = (space: string) => operations.filter((op) => op.addressSpace === space).map((op) => op.operationId);
    expect(ids('gateway').length).toBeGreaterThan(0);
    expect(seenBy(controlPlane)).toEqual(ids('controlPlane'));
    expect(seenBy(gateway)).toEqual(ids('gateway'));
  });

  it('rewrote Host to the upstream and forwarded path, query and headers as the client sent them', () => {
    const journal = [...controlPlane.requests(TENANT), ...gateway.requests(TENANT)];
    let queries = 0;
    for (const entry of operations) {
      const sent = new URL(validRequest(proxy.url, entry, token).url);
      const upstream = entry.addressSpace === 'gateway' ? gateway : controlPlane;
      const seen = journal.find((request) => request.operationId === entry.operationId)!;
      expect(seen.path, entry.operationId).toBe(sent.pathname);
      expect(seen.query, entry.operationId).toEqual(Object.fromEntries(sent.searchParams));
      expect(seen.headers.host, entry.operationId).toBe(new URL(upstream.url).host);
      for (const header of entry.parameters.filter((p) => p.in === 'header' && p.required)) {
        expect(seen.headers[header.name.toLowerCase()], `${entry.operationId} ${header.name}`).toBe(String(header.example));
      }
      queries += sent.searchParams.size;
    }
    expect(queries, 'some documented request has a query').toBeGreaterThan(0);
  });

  it('GET /_proxy/report counts calls and statuses per operation and lists no finding', async () => {
    const answer = await fetch(`${proxy.url}/_proxy/report`);
    expect(answer.status).toBe(200);
    const report = await answer.json();
    expect(report.totals.findings).toBe(0);
    expect(report.unknownOperations).toEqual([]);
    for (const entry of operations) {
      const seen = report.operations.find((candidate: { operationId: string }) => candidate.operationId === entry.operationId);
      expect(seen, entry.operationId).toMatchObject({ calls: 1, statuses: { '200': 1 }, findings: [] });
    }
    expect(proxy.report()).toEqual(report);
  });
});
