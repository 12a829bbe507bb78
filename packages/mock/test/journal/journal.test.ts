// The request journal: GET/DELETE /_mock/requests and mock.requests(), redacted, bounded, per sandbox tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFetch } from '../../src/fetch.js';
import { startMock, type RunningSandbox } from '../../src/index.js';
import { loadModel, validRequest } from '../helpers/spec.js';
import { openTransport, TRANSPORTS, type Transport } from '../fetch/transports.js';

const model = loadModel();
const getTeam = model.operation('getTeam');
const changePassword = model.operation('changePassword');
const TOKEN = 'journal-test-token-4f9c2a';
const PASSWORD = 'correct-horse-battery-staple';

describe.each(TRANSPORTS)('the journal through %s', (transportName) => {
  let mock: Transport;
  beforeAll(async () => {
    mock = await openTransport(transportName);
  });
  afterAll(() => mock.close());

  const journal = async (query = '') => {
    const res = await mock.fetch(`${mock.base}/_mock/requests${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { requests: any[]; capacity: number };
  };

  it('lists each request, newest last, with its operation, query, redacted headers and body, status, duration and violations', async () => {
    await mock.fetch(`${mock.base}/_mock/requests`, { method: 'DELETE' });
    const team = validRequest(mock.base, getTeam, TOKEN);
    await mock.fetch(`${team.url}?expand=members`, team.init);
    const password = validRequest(mock.base, changePassword, TOKEN);
    const body = { ...JSON.parse(password.init.body as string), newPassword: PASSWORD, oldPassword: `${PASSWORD}-old` };
    await mock.fetch(password.url, { ...password.init, body: JSON.stringify(body) });
    await mock.fetch(`${mock.base}/api/svc/v1/teams/${'x'.repeat(3)}`, { headers: { authorization: `Bearer ${TOKEN}`, prefer: 'code=abc' } });

    const { requests, capacity } = await journal();
    expect(capacity).toBe(1000);
    expect(requests.map((r) => r.operationId)).toEqual(['getTeam', 'changePassword', 'getTeam']);
    const [first, second, third] = requests;
    expect(first).toMatchObject({ method: 'GET', path: team.url.slice(mock.base.length), query: { expand: 'members' }, status: 200, body: null, violations: [] });
    expect(first.headers.authorization).toBe('Bearer ***');
    expect(Date.parse(first.time)).not.toBeNaN();
    expect(first.durationMs).toBeGreaterThanOrEqual(0);
    expect(second.body.newPassword).toBe('***');
    expect(second.body.oldPassword).toBe('***');
    expect(third.status).toBe(400);
    expect(third.violations).toEqual([expect.objectContaining({ location: ['header', 'prefer'], rule: 'format' })]);
    const everything = JSON.stringify(requests);
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain(PASSWORD);
  });

  it('gives each answer its own x-request-id, which finds that request in the journal', async () => {
    const team = validRequest(mock.base, getTeam, TOKEN);
    const found = await mock.fetch(team.url, team.init);
    const missing = await mock.fetch(`${mock.base}/api/svc/v1/no-such-path`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const foundId = found.headers.get('x-request-id');
    const missingId = missing.headers.get('x-request-id');
    expect(foundId).toMatch(/^req_[0-9a-f]{12}[0-9a-z]{8}$/);
    expect(missingId).toMatch(/^req_[0-9a-f]{12}[0-9a-z]{8}$/);
    expect(missingId).not.toBe(foundId);

    const byId = (await journal(`?requestId=${missingId}`)).requests;
    expect(byId).toEqual([expect.objectContaining({ requestId: missingId, status: 404, operationId: null })]);
    expect((await journal(`?requestId=${foundId}`)).requests).toEqual([expect.objectContaining({ requestId: foundId, operationId: 'getTeam', status: 200 })]);
    expect((await journal('?requestId=req_000000000000zzzzzzzz')).requests).toEqual([]);
  });

  it('narrows to an operation or a method, and DELETE empties it', async () => {
    const team = validRequest(mock.base, getTeam, TOKEN);
    await mock.fetch(team.url, team.init);
    expect((await journal('?operationId=getTeam')).requests.every((r) => r.operationId === 'getTeam')).toBe(true);
    expect((await journal('?method=post')).requests.every((r) => r.method === 'POST')).toBe(true);
    const cleared = await mock.fetch(`${mock.base}/_mock/requests`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await journal()).requests).toEqual([]);
  });

  it('records unrouted requests without an operation, and never records its own routes', async () => {
    await mock.fetch(`${mock.base}/_mock/requests`, { method: 'DELETE' });
    await mock.fetch(`${mock.base}/no/such/path`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await journal();
    const { requests } = await journal();
    expect(requests).toEqual([expect.objectContaining({ operationId: null, path: '/no/such/path', status: 404 })]);
  });
});

describe('the journal is bounded and can be turned off', () => {
  it('keeps the last --journal-size requests', async () => {
    const mockFetch = createMockFetch({ journalSize: 3 });
    const team = validRequest('http://mock.local', getTeam);
    for (let i = 0; i < 5; i++) await mockFetch(`${team.url}?n=${i}`, team.init);
    expect(mockFetch.requests().map((r) => r.query.n)).toEqual(['2', '3', '4']);
  });

  it('answers 404 on /_mock/requests when the journal is off', async () => {
    const mock = await startMock({ journalSize: 0, onWarning: () => {} });
    try {
      const res = await fetch(`${mock.url}/_mock/requests`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toContain('--journal-size 0');
      expect(mock.requests()).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});

describe('the journal in the sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startMock({ sandbox: {}, onWarning: () => {} });
  });
  afterAll(() => sandbox.close());

  it('needs a token and shows each tenant only its own requests', async () => {
    const acme = await sandbox.token('acme');
    const globex = await sandbox.token('globex');
    for (const token of [acme, globex, globex]) {
      const team = validRequest(sandbox.url, getTeam, token);
      await fetch(team.url, team.init);
    }
    expect((await fetch(`${sandbox.url}/_mock/requests`)).status).toBe(401);
    const read = async (token: string) => (await (await fetch(`${sandbox.url}/_mock/requests`, { headers: { authorization: `Bearer ${token}` } })).json()).requests;
    expect(await read(acme)).toHaveLength(1);
    expect(await read(globex)).toHaveLength(2);
    expect(sandbox.requests('globex')).toHaveLength(2);
    expect(JSON.stringify(await read(globex))).not.toContain(globex);
    await fetch(`${sandbox.url}/_mock/requests`, { method: 'DELETE', headers: { authorization: `Bearer ${globex}` } });
    expect(await read(globex)).toHaveLength(0);
    expect(await read(acme)).toHaveLength(1);
  });

  it('counts fault keys per tenant', async () => {
    const acme = await sandbox.token('acme');
    const initech = await sandbox.token('initech');
    const status = async (token: string) => {
      const team = validRequest(sandbox.url, getTeam, token);
      team.init.headers.prefer = 'fault=503, times=1, key=shared';
      return (await fetch(team.url, team.init)).status;
    };
    expect(await status(acme)).toBe(503);
    expect(await status(initech)).toBe(503);
    expect(await status(acme)).not.toBe(503);
  });
});
