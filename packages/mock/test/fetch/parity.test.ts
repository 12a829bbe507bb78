// The in-process fetch and the server are one mock: the same scenarios (errors, faults, the journal, the sandbox)
// run through both, and what comes back is compared: status, status text, headers, body, and the journal's entries
// through the one `requests(filter)` both have. Only what belongs to a connection differs (connection, keep-alive),
// and the Date header's value (a clock reading), whose presence is compared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockFetch, type MockFetch, type SandboxFetch } from '../../src/fetch.js';
import { startMock, type RunningMock, type RunningSandbox } from '../../src/index.js';
import type { JournalEntry } from '../../src/journal/request-journal.js';
import type { JournalFilter } from '../../src/journal/journal-recorder.js';
import { loadModel, validRequest } from '../helpers/spec.js';

const model = loadModel();
const SECRET = 'parity-test-secret';
/** Headers of the connection, not of the answer: the in-process fetch has no connection. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** One way of reaching the mock: a fetch, the base URL it answers, its journal. */
interface Way {
  name: string;
  fetch: typeof fetch;
  base: string;
  requests(filter?: JournalFilter): JournalEntry[];
}

interface Seen {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

async function seen(response: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (CONNECTION_HEADERS.has(name)) return;
    // A clock reading and a per-process id: the same format both ways, not the same value.
    headers[name] = name === 'date' ? dateFormat(value) : name === 'x-request-id' ? requestIdFormat(value) : value;
  });
  return { status: response.status, statusText: response.statusText, headers, body: await response.text() };
}

function dateFormat(value: string): string {
  const isHttpDate = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value);
  return isHttpDate ? 'an HTTP date' : `not an HTTP date: ${value}`;
}

function requestIdFormat(value: string | undefined): string {
  const isRequestId = value !== undefined && /^req_[0-9a-f]{12}[0-9a-z]{8}$/.test(value);
  return isRequestId ? 'a request id' : `not a request id: ${value}`;
}

/** What an entry says of the request, without the clock (time, duration) and the transport's own headers. */
function comparable(entry: JournalEntry, sentHeaders: readonly string[]) {
  const headers = Object.fromEntries(sentHeaders.map((name) => [name, entry.headers[name]]));
  return { requestId: requestIdFormat(entry.requestId), operationId: entry.operationId, method: entry.method, path: entry.path, query: entry.query, body: entry.body, status: entry.status, violations: entry.violations, headers };
}

type Change = (request: ReturnType<typeof validRequest>) => void;

/** The request of `operationId` as `change` makes it, sent both ways; the two answers. */
async function bothWays(ways: readonly Way[], operationId: string, change: Change = () => {}) {
  const answers: Seen[] = [];
  for (const way of ways) {
    const request = validRequest(way.base, model.operation(operationId));
    change(request);
    answers.push(await seen(await way.fetch(request.url, request.init)));
  }
  return answers as [Seen, Seen];
}

describe('the stateless mock: the server and createMockFetch()', () => {
  let server: RunningMock;
  let inProcess: MockFetch;
  let ways: Way[];
  beforeAll(async () => {
    server = await startMock({ onWarning: () => {} });
    inProcess = createMockFetch({ onWarning: () => {} });
    ways = [
      { name: 'server', fetch, base: server.url, requests: (filter) => server.requests(filter) },
      { name: 'in-process', fetch: inProcess, base: 'http://mock.local', requests: (filter) => inProcess.requests(filter) },
    ];
  });
  afterAll(() => server?.close());

  const scenarios: Array<[string, string, Change]> = [
    ['a documented answer', 'getTeam', () => {}],
    ['a 404 naming the id asked for', 'getTeam', (r) => ((r.url = r.url.replace(/teams\/[^/?]+/, 'teams/x')), (r.init.headers.prefer = 'code=404'))],
    ['401 without a token', 'getTeam', (r) => delete r.init.headers.authorization],
    ['401 on an operation that does not list it', 'listAgentSessionTurns', (r) => delete r.init.headers.authorization],
    ['invalid input (422, ml shape)', 'getAgentSkill', (r) => (r.init.headers.prefer = 'code=99x')],
    ['invalid input (400, gateway shape)', 'getFile', (r) => delete r.init.headers['x-vendor-provider-name']],
    ['an undocumented Prefer code', 'getTeam', (r) => (r.init.headers.prefer = 'code=418')],
    ['a wrong method (405 with Allow)', 'getTeam', (r) => (r.init.method = 'DELETE')],
    ['a fault (503 with Retry-After)', 'getTeam', (r) => (r.init.headers.prefer = 'fault=503')],
    ['a fault with its own Retry-After', 'getBatch', (r) => (r.init.headers.prefer = 'fault=429, retry-after=5')],
    ['an answer that is not JSON to Accept (406)', 'getTeam', (r) => (r.init.headers.accept = 'text/html')],
  ];

  it.each(scenarios)('%s (%s): same status, status text, headers and body', async (_what, operationId, change) => {
    const [overHttp, inProcessAnswer] = await bothWays(ways, operationId, change);
    expect(inProcessAnswer).toEqual(overHttp);
    expect(overHttp.statusText).not.toBe('');
  });

  it('a counted fault (times=2, key=K): the same answers in the same order', async () => {
    const statuses: number[][] = [];
    for (const way of ways) {
      const own: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const request = validRequest(way.base, model.operation('getTeam'));
        request.init.headers.prefer = 'fault=503, times=2, key=parity';
        own.push((await way.fetch(request.url, request.init)).status);
      }
      statuses.push(own);
    }
    expect(statuses).toEqual([[503, 503, 200], [503, 503, 200]]);
  });

  it('a dropped connection (fault=reset) rejects with a TypeError both ways', async () => {
    for (const way of ways) {
      const request = validRequest(way.base, model.operation('getTeam'));
      request.init.headers.prefer = 'fault=reset';
      await expect(way.fetch(request.url, request.init), way.name).rejects.toBeInstanceOf(TypeError);
    }
  });

  it('the journal: requests(filter) lists the same entries both ways', async () => {
    const marker = `journal-${Date.now()}`;
    for (const way of ways) {
      for (const operationId of ['getTeam', 'getBatch']) {
        const request = validRequest(way.base, model.operation(operationId));
        request.init.headers['x-parity'] = marker;
        await (await way.fetch(request.url, request.init)).arrayBuffer();
      }
    }
    const [overHttp, inProcessEntries] = ways.map((way) =>
      way.requests({ operationId: 'getTeam' }).filter((entry) => entry.headers['x-parity'] === marker).map((entry) => comparable(entry, ['x-parity', 'authorization'])),
    );
    expect(overHttp).toHaveLength(1);
    expect(inProcessEntries).toEqual(overHttp);
    expect(overHttp![0]!.headers.authorization).not.toContain('test-token');
    // The earlier form still answers, the tenant joining the filter.
    expect(inProcess.requests(undefined, { operationId: 'getBatch' }).length).toBe(inProcess.requests({ operationId: 'getBatch' }).length);
  });
});

describe('the sandbox: the server and createMockFetch({ sandbox })', () => {
  let server: RunningSandbox;
  let inProcess: SandboxFetch;
  let ways: Array<Way & { token(tenant: string): Promise<string> }>;
  beforeAll(async () => {
    server = await startMock({ sandbox: { secret: SECRET }, onWarning: () => {} });
    inProcess = createMockFetch({ sandbox: { secret: SECRET }, onWarning: () => {} });
    ways = [
      { name: 'server', fetch, base: server.url, requests: (filter) => server.requests({ tenant: '', ...filter }), token: (tenant) => server.token(tenant) },
      { name: 'in-process', fetch: inProcess, base: 'http://mock.local', requests: (filter) => inProcess.requests(filter), token: (tenant) => inProcess.token(tenant) },
    ];
  });
  afterAll(() => server?.close());

  it('errors, creating and reading back, and the tenant’s journal are the same both ways', async () => {
    const results: unknown[] = [];
    for (const way of ways) {
      const token = await way.token('acme');
      const send = async (operationId: string, change: Change = () => {}) => {
        const request = validRequest(way.base, model.operation(operationId), token);
        change(request);
        return seen(await way.fetch(request.url, request.init));
      };
      const badToken = await send('getTeam', (r) => (r.init.headers.authorization = 'Bearer not-a-token'));
      const unknown = await send('getMcpServer', (r) => (r.url = r.url.replace(/mcp-servers\/[^/?]+/, 'mcp-servers/nope')));
      const created = await send('createSecretGroup', (r) => (r.init.body = JSON.stringify({ ...JSON.parse(r.init.body as string), name: 'parity-group' })));
      const journal = way.requests({ tenant: 'acme' }).map((entry) => `${entry.operationId} ${entry.status}`);
      const other = way.requests({ tenant: 'globex' });
      results.push({ badToken: { ...badToken, body: JSON.parse(badToken.body).message !== undefined }, unknown, created: { status: created.status, statusText: created.statusText, headers: created.headers }, journal, other });
    }
    expect(results[1]).toEqual(results[0]);
    expect((results[0] as any).journal).toEqual(['getMcpServer 404', 'createSecretGroup 200']);
  });
});
