// A 401 on an operation that does not list it (the document's `x-secured-responses` lends every secured operation
// one, in its error shape) is no finding; a 401 in another shape is one, and so is a status nobody documents.
import { responseFor } from '@vendor/spec-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type CheckedExchange, type RunningProxy } from '../../src/index.js';
import { loadModel, validRequest } from '../helpers/spec.js';
import { json, startUpstreamDouble, type UpstreamDouble } from './upstream-double.js';

const model = loadModel();
const turns = model.operation('listAgentSessionTurns');
const terminate = model.operation('terminateJob');
const gatewayUnauthorized = { error: { message: 'Invalid token', type: 'authentication_error' } };
const controlPlaneUnauthorized = { statusCode: 401, message: 'Invalid token' };

describe('the proxy and the statuses every secured operation can answer', { timeout: 2 * 60_000 }, () => {
  let upstream: UpstreamDouble;
  let proxy: RunningProxy;
  const exchanges: CheckedExchange[] = [];
  const request = (operationId: string) => validRequest(proxy.url, model.operation(operationId), 'bad-token');
  const send = async (operationId: string) => {
    const { url, init } = request(operationId);
    const res = await fetch(url, init);
    await res.arrayBuffer();
    const path = new URL(url).pathname;
    await expect.poll(() => exchanges.some((e) => e.path === path)).toBe(true);
    return { res, exchange: exchanges.filter((e) => e.path === path).at(-1)! };
  };

  beforeAll(async () => {
    const turnsPath = new URL(validRequest('http://x', turns).url).pathname;
    upstream = await startUpstreamDouble({
      [`GET ${turnsPath}`]: json(401, gatewayUnauthorized),
      'POST /api/svc/v1/jobs/terminate': json(401, { error: { message: 'control-plane operation answering in the gateway shape' } }),
      'GET /api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m': json(403, controlPlaneUnauthorized),
    });
    proxy = await startProxy({ upstream: upstream.url, gatewayUpstream: upstream.url, onExchange: (exchange) => exchanges.push(exchange) });
  });

  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  it('the model lends the turns operation, which does not list 401, the gateway 401', () => {
    expect(turns.responses.map((r) => r.status)).not.toContain('401');
    expect(responseFor(turns, 401)?.pointer).toBe('#/components/responses/GatewayUnauthorized');
    expect(responseFor(terminate, 401)?.pointer).toBe('#/components/responses/ControlPlaneUnauthorized');
  });

  it('a 401 in the operation’s own error shape is no finding', async () => {
    const { res, exchange } = await send('listAgentSessionTurns');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-contract-findings')).toBeNull();
    expect(exchange.findings).toEqual([]);
  });

  it('a 401 in another error shape is a finding in the body, not an undocumented status', async () => {
    const { exchange } = await send('terminateJob');
    expect(exchange.findings.length).toBeGreaterThan(0);
    expect(exchange.findings.every((f) => f.path.startsWith('body'))).toBe(true);
  });

  it('a status no operation documents still is one, and the message names the lent 401 among the documented', async () => {
    const { exchange } = await send('getTeam');
    expect(exchange.findings).toEqual([expect.objectContaining({ rule: 'undocumented-status', message: 'status 403 is not documented (documented: 200, 401, 404)' })]);
  });
});
