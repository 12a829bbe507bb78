// createMockFetch answers exactly as the server does: every operation's documented answer, its invalid-input
// error and its 401, byte for byte; and the sandbox in memory with tokens, state per tenant and reset().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { loadModel, validRequest } from '../helpers/spec.js';

const model = loadModel();

describe('createMockFetch and the server give the same answers', () => {
  let server: RunningMock;
  const mockFetch = createMockFetch();
  beforeAll(async () => {
    server = await startMock({ onWarning: () => {} });
  });
  afterAll(() => server.close());

  async function both(change: (headers: Record<string, string>) => void, op: (typeof model.operations)[number]) {
    const overHttp = validRequest(server.url, op);
    const inProcess = validRequest('http://mock.local', op);
    change(overHttp.init.headers);
    change(inProcess.init.headers);
    const [a, b] = [await fetch(overHttp.url, overHttp.init), await mockFetch(inProcess.url, inProcess.init)];
    return { server: { status: a.status, type: a.headers.get('content-type'), body: await a.text() }, inProcess: { status: b.status, type: b.headers.get('content-type'), body: await b.text() } };
  }

  it.each(model.operations.map((op) => [op.operationId, op] as const))('%s: documented answer, 401 and invalid input', async (_id, op) => {
    const ok = await both(() => {}, op);
    expect(ok.inProcess).toEqual(ok.server);
    expect(ok.server.status).toBe(Number(op.successResponse!.status));
    const unauthorized = await both((headers) => delete headers.authorization, op);
    expect(unauthorized.inProcess).toEqual(unauthorized.server);
    expect(unauthorized.server.status).toBe(401);
    const invalid = await both((headers) => (headers.prefer = 'code=99x'), op);
    expect(invalid.inProcess).toEqual(invalid.server);
    expect(invalid.server.status).toBe(op.invalidInputStatus);
  });

  it('rejects with the signal\'s reason when the caller aborts, also during a delay', async () => {
    const op = model.operation('getTeam');
    const request = validRequest('http://mock.local', op);
    const controller = new AbortController();
    const pending = mockFetch(request.url, { ...request.init, headers: { ...request.init.headers, prefer: 'delay=5000' }, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('createMockFetch({ sandbox }): the sandbox in memory', () => {
  it('issues tokens, keeps state per tenant, and reset() starts afresh with the same tokens', async () => {
    const sandbox = createMockFetch({ sandbox: { secret: 'in-memory-test-secret' } });
    const acme = await sandbox.token('acme');
    const globex = await sandbox.token('globex');
    const op = model.operation('createSecretGroup');
    const create = validRequest('http://mock.local', op, acme);
    const body = { ...JSON.parse(create.init.body as string), name: 'fetch-made-group' };
    const created = await sandbox(create.url, { ...create.init, body: JSON.stringify(body) });
    expect(created.status).toBe(200);
    expect(sandbox.requests('acme').map((r) => r.operationId)).toContain('createSecretGroup');
    expect(sandbox.requests('globex')).toEqual([]);

    const again = await sandbox(create.url, { ...create.init, body: JSON.stringify(body) });
    expect(again.status).toBe(422); // the name is taken in acme
    const inGlobex = validRequest('http://mock.local', op, globex);
    expect((await sandbox(inGlobex.url, { ...inGlobex.init, body: JSON.stringify(body) })).status).toBe(200);

    await sandbox.reset();
    expect(sandbox.requests('acme')).toEqual([]);
    expect((await sandbox(create.url, { ...create.init, body: JSON.stringify(body) })).status).toBe(200);
  });

  it('refuses a token it did not sign', async () => {
    const sandbox = createMockFetch({ sandbox: {} });
    const other = createMockFetch({ sandbox: {} });
    const foreign = await other.token('acme');
    const request = validRequest('http://mock.local', model.operation('getTeam'), foreign);
    expect((await sandbox(request.url, request.init)).status).toBe(401);
  });
});
