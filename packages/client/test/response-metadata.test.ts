// withResponse and pages() (issue 23): the same call as the plain method, plus the final response and its request
// id; the iterators' pages with their metadata. Against the scriptable server and the mock's in-process fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { createPlatformClientWith } from '../src/client.js';
import { PlatformApiError, PlatformTimeoutError } from '../src/errors.js';
import { createPlatformClient } from '../src/index.js';
import { TOKEN, fakeSleep, json, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler, options: { timeoutMs?: number; maxRetries?: number; logLevel?: 'debug' } = {}) {
  server = await startServer(handler);
  const lines: string[] = [];
  const logger = { error: () => {}, warn: () => {}, info: () => {}, debug: (line: string) => lines.push(line) };
  const clock = fakeSleep();
  const platform = createPlatformClientWith(
    { baseUrl: `${server.url}/cp`, gatewayBaseUrl: server.url, token: TOKEN, logger, ...options },
    { sleep: clock.sleep, random: () => 0 },
  );
  return { platform, server, lines, delays: clock.delays };
}

const team = { data: { id: 'team-1', manifest: { name: 'ml-team' } } };
const getTeam = { params: { path: { id: 'team-1' } } } as const;
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // the spec's example team

describe('withResponse', () => {
  it('resolves to the body, the final Response and its x-request-id', async () => {
    const { platform } = await setup(({ res }) => json(res, 200, team, { 'x-request-id': 'req-42' }));
    const { data, response, requestId } = await platform.getTeam.withResponse(getTeam);
    expect(data).toEqual(team);
    expect(data).toEqual(await platform.getTeam(getTeam));
    expect(requestId).toBe('req-42');
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    // The client read the body to parse it.
    expect(response.bodyUsed).toBe(true);
  });

  it.each([
    [{ 'x-request-id': 'a', 'request-id': 'b', 'x-amzn-requestid': 'c' }, 'a'],
    [{ 'request-id': 'b', 'x-amzn-requestid': 'c' }, 'b'],
    [{ 'x-amzn-RequestId': 'c' }, 'c'],
    [{ 'x-request-id': '', 'request-id': 'b' }, 'b'],
    [{ 'cf-ray': '8a1b2c3d4e5f-AMS' }, null],
    [{}, null],
  ])('reads the request id from x-request-id, then request-id, then x-amzn-requestid (%j)', async (headers, expected) => {
    const { platform } = await setup(({ res }) => json(res, 200, team, headers));
    expect((await platform.getTeam.withResponse(getTeam)).requestId).toBe(expected);
  });

  it('retries as the plain call does, and hands back the final attempt', async () => {
    const { platform, server, delays } = await setup(({ res, n }) =>
      n === 1 ? json(res, 503, { statusCode: 503, message: 'busy' }, { 'x-request-id': 'first' }) : json(res, 200, team, { 'x-request-id': 'second' }),
    );
    const { data, response, requestId } = await platform.getTeam.withResponse(getTeam);
    expect(data).toEqual(team);
    expect([response.status, requestId]).toEqual([200, 'second']);
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([500]);
  });

  it('retries through the mock faults (Prefer: fault=503, times=2)', async () => {
    const mockFetch = createMockFetch();
    const platform = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: 'test-token', fetch: mockFetch });
    const { data, response } = await platform.getTeam.withResponse({
      params: { path: { id: TEAM_ID } },
      headers: { Prefer: 'fault=503, times=2, key=with-response, retry-after=0' },
    });
    expect(data.data.id).toBe(TEAM_ID);
    expect(response.status).toBe(200);
    expect(mockFetch.requests().map((request) => request.status)).toEqual([503, 503, 200]);
  });

  it('throws the same typed errors, with secrets redacted', async () => {
    const { platform } = await setup(({ res }) => json(res, 404, { statusCode: 404, message: `no team for ${TOKEN}` }, { 'x-request-id': 'req-404' }));
    const error = await platform.getTeam.withResponse(getTeam).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status: 404, requestId: 'req-404', operationId: 'getTeam' });
    expect((error as Error).message).not.toContain(TOKEN);
    expect((error as Error).message).toContain('[REDACTED]');
  });

  it('keeps the time limit of each attempt', async () => {
    const { platform } = await setup(() => new Promise(() => {}), { timeoutMs: 50, maxRetries: 0 });
    await expect(platform.getTeam.withResponse(getTeam)).rejects.toBeInstanceOf(PlatformTimeoutError);
  });

  it('logs each attempt as the plain call does', async () => {
    const { platform, lines } = await setup(({ res }) => json(res, 200, team), { logLevel: 'debug' });
    await platform.getTeam.withResponse(getTeam);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/getTeam: GET http:\/\/127\.0\.0\.1:\d+\/cp\/api\/svc\/v1\/teams\/team-1 -> 200 in \d+ ms$/);
  });

  it('resolves data undefined for an empty 2xx body, as the plain call does', async () => {
    const { platform } = await setup(({ res }) => {
      res.writeHead(204).end();
    });
    const { data, response } = await platform.deleteMlRepo.withResponse({ params: { path: { id: 'r' } } });
    expect([data, response.status]).toEqual([undefined, 204]);
  });
});

describe('pages()', () => {
  const all = Array.from({ length: 7 }, (_, i) => ({ id: `v${i + 1}`, fqn: `acme:skill:s:${i + 1}` }));
  const honest: Handler = ({ req, res, n }) => {
    const q = new URL(req.url!, 'http://x').searchParams;
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 3);
    json(res, 200, { data: all.slice(offset, offset + limit), pagination: { total: all.length, offset, limit } }, { 'x-request-id': `page-${n}` });
  };

  it('yields every page with its body, items, response and request id', async () => {
    const { platform, server } = await setup(honest);
    const pages = [];
    for await (const page of platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } } }).pages()) pages.push(page);
    expect(pages.map((page) => page.items.map((v) => v.id))).toEqual([['v1', 'v2', 'v3'], ['v4', 'v5', 'v6'], ['v7']]);
    expect(pages.map((page) => page.requestId)).toEqual(['page-1', 'page-2', 'page-3']);
    expect(pages.map((page) => page.response.status)).toEqual([200, 200, 200]);
    expect(pages[1]!.data).toEqual({ data: all.slice(3, 6), pagination: { total: 7, offset: 3, limit: 3 } });
    expect(server.requests).toHaveLength(3);
  });

  it('leaves the item iteration as it was, and each walk starts from the first page', async () => {
    const { platform, server } = await setup(honest);
    const iterator = platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } } });
    const ids = [];
    for await (const version of iterator) ids.push(version.id);
    expect(ids).toEqual(all.map((v) => v.id));
    const pageSizes = [];
    for await (const page of iterator.pages()) pageSizes.push(page.items.length);
    expect(pageSizes).toEqual([3, 3, 1]);
    expect(server.requests).toHaveLength(6);
  });

  it('yields an empty first page (an empty list is an answer too) and nothing after it', async () => {
    const { platform } = await setup(({ res }) => json(res, 200, { data: [], pagination: { total: 100, offset: 0, limit: 3 } }, { 'x-request-id': 'empty' }));
    const pages = [];
    for await (const page of platform.iterateAgentSkillVersions().pages()) pages.push(page);
    expect(pages.map((page) => [page.items, page.requestId])).toEqual([[[], 'empty']]);
  });

  it('skips a page that only repeats items, as the item iteration does, and walks on to the total', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 200, { data: all.slice(0, 3), pagination: { total: 7, offset: 0, limit: 3 } }));
    const pages = [];
    for await (const page of platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } } }).pages()) pages.push(page);
    expect(pages).toHaveLength(1);
    // Offsets 0, 3 and 6: the server says there are 7, so the walk asks until then, yielding no page of repeats.
    expect(server.requests).toHaveLength(3);
  });

  it('stops when the signal aborts while a page is handled, with no further request', async () => {
    const { platform, server } = await setup(honest);
    const controller = new AbortController();
    const run = (async () => {
      for await (const page of platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } }, signal: controller.signal }).pages()) {
        void page;
        controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(1);
  });

  it('walks the page-token iterator against the mock (its stateless pages repeat, so one page)', async () => {
    const mockFetch = createMockFetch();
    const platform = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: 'test-token', fetch: mockFetch, logLevel: 'off' });
    const pages = [];
    for await (const page of platform.iterateAgentSessionTurns({ params: { path: { tenantName: 'acme', sessionId: '01arz3ndektsv4rrffq69g5fav.g' } } }).pages()) {
      pages.push(page);
    }
    expect(pages).toHaveLength(1);
    expect(pages[0]!.items).toEqual(pages[0]!.data.data);
    expect(pages[0]!.response.status).toBe(200);
    expect(mockFetch.requests().map((request) => request.operationId)).toEqual(['listAgentSessionTurns', 'listAgentSessionTurns']);
  });
});
