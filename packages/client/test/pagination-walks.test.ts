// The iterators against a server that changes under the walk or repeats itself: the same three behaviours the
// Python SDK's pages are checked against (packages/python/tests/served/test_pagination_walks.py), with the same
// outcome: nothing is lost, and a walk stops early only when it would ask for a page it already asked for.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClientWith } from '../src/client.js';
import { TOKEN, fakeSleep, json, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler) {
  server = await startServer(handler);
  const warnings: string[] = [];
  const logger = { error: () => {}, warn: (line: string) => warnings.push(line), info: () => {}, debug: () => {} };
  const platform = createPlatformClientWith(
    { baseUrl: `${server.url}/cp`, gatewayBaseUrl: `${server.url}/gw`, token: TOKEN, logLevel: 'warn', logger },
    { sleep: fakeSleep().sleep },
  );
  return { platform, server, warnings };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const SESSION = '01arz3ndektsv4rrffq69g5fav.g';
const session = { params: { path: { tenantName: 'acme', sessionId: SESSION } } };
const turn = (id: string) => ({ id, session_id: SESSION, state: { status: 'running' }, created_at: '2026-11-22T05:39:30Z' });
const version = (name: string) => ({ id: name, fqn: `agent-skill:acme/r/s:${name}` });

/** Offset pages of a list to which two items are added at the front once the first page has been served. */
function growingList(): Handler {
  let items = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'].map(version);
  return ({ req, res }) => {
    const q = new URL(req.url!, 'http://x').searchParams;
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 10);
    json(res, 200, { data: items.slice(offset, offset + limit), pagination: { total: items.length, offset, limit } });
    if (offset === 0) items = [version('new1'), version('new2'), ...items];
  };
}

function tokenPages(pages: Record<string, [string[], string | null]>): Handler {
  return ({ req, res }) => {
    const [ids, next] = pages[new URL(req.url!, 'http://x').searchParams.get('page_token') ?? '']!;
    json(res, 200, { data: ids.map(turn), pagination: { limit: 2, next_page_token: next } });
  };
}

describe('iterators against a server that changes or repeats itself (as the Python SDK)', () => {
  it('items inserted mid-walk: every item there was is yielded, the walk ends at the total, quietly', async () => {
    const { platform, server, warnings } = await setup(growingList());
    const ids = (await collect(platform.iterateAgentSkillVersions({ params: { query: { limit: 2 } } }))).map((v) => v.id);
    expect(ids).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    expect(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('offset'))).toEqual([null, '2', '4', '6']);
    expect(warnings).toEqual([]);
  });

  it('a repeated token: the walk stops before asking for it again, with a warning naming the iterator', async () => {
    const { platform, server, warnings } = await setup(tokenPages({ '': [['t1', 't2'], 'tA'], tA: [['t3', 't4'], 'tB'], tB: [['t5'], 'tA'] }));
    const ids = (await collect(platform.iterateAgentSessionTurns(session))).map((t) => t.id);
    expect(ids).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('page_token'))).toEqual([null, 'tA', 'tB']);
    expect(warnings).toEqual(['[@vendor/api-client] iterateAgentSessionTurns stopped early: page token "tA" came again']);
  });

  it('a page of repeats with a next page: the walk goes on to the items after it', async () => {
    const { platform, server, warnings } = await setup(tokenPages({ '': [['t1', 't2'], 'tA'], tA: [['t1', 't2'], 'tB'], tB: [['t3'], null] }));
    const ids = (await collect(platform.iterateAgentSessionTurns(session))).map((t) => t.id);
    expect(ids).toEqual(['t1', 't2', 't3']);
    expect(server.requests).toHaveLength(3);
    expect(warnings).toEqual([]);
  });
});
