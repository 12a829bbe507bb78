// Pagination helpers across several pages, with servers that repeat a token or ignore the offset.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClientWith } from '../src/client.js';
import { PlatformApiError } from '../src/errors.js';
import { TOKEN, fakeSleep, json, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler) {
  server = await startServer(handler);
  const platform = createPlatformClientWith(
    { baseUrl: `${server.url}/cp`, gatewayBaseUrl: server.url, token: TOKEN },
    { sleep: fakeSleep().sleep },
  );
  return { platform, server };
}

const turn = (id: string) => ({ id, session_id: 's1', previous_turn_id: null, state: { status: 'done' }, input: [] });
const session = { params: { path: { tenantName: 'acme', sessionId: '01arz3ndektsv4rrffq69g5fav.g' } } };

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('iterateAgentSessionTurns', () => {
  // Three pages, newest first: t9..t7 | t6..t4 | t3..t1.
  const pages: Record<string, { ids: string[]; next: string | null }> = {
    '': { ids: ['t9', 't8', 't7'], next: 'tok-a' },
    'tok-a': { ids: ['t6', 't5', 't4'], next: 'tok-b' },
    'tok-b': { ids: ['t3', 't2', 't1'], next: null },
  };
  const pagedTurns: Handler = ({ req, res }) => {
    const url = new URL(req.url!, 'http://x');
    const page = pages[url.searchParams.get('page_token') ?? ''];
    if (!page) return json(res, 404, { error: { message: 'unknown page token' } });
    json(res, 200, { data: page.ids.map(turn), pagination: { limit: 3, next_page_token: page.next, previous_page_token: null } });
  };

  it('follows next_page_token across pages, newest first, on the gateway', async () => {
    const { platform, server } = await setup(pagedTurns);
    const turns = await collect(platform.iterateAgentSessionTurns({ ...session, params: { ...session.params, query: { limit: 3 } } }));
    expect(turns.map((t) => t.id)).toEqual(['t9', 't8', 't7', 't6', 't5', 't4', 't3', 't2', 't1']);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/acme/v1/agents/sessions/01arz3ndektsv4rrffq69g5fav.g/turns?limit=3',
      '/acme/v1/agents/sessions/01arz3ndektsv4rrffq69g5fav.g/turns?limit=3&page_token=tok-a',
      '/acme/v1/agents/sessions/01arz3ndektsv4rrffq69g5fav.g/turns?limit=3&page_token=tok-b',
    ]);
  });

  it('starts from a given page_token', async () => {
    const { platform } = await setup(pagedTurns);
    const turns = await collect(platform.iterateAgentSessionTurns({ ...session, params: { ...session.params, query: { page_token: 'tok-b' } } }));
    expect(turns.map((t) => t.id)).toEqual(['t3', 't2', 't1']);
  });

  it('stops on a server that repeats a token instead of looping forever', async () => {
    const { platform, server } = await setup(({ req, res }) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('page_token');
      json(res, 200, { data: [turn(token ? 't-old' : 't-new')], pagination: { next_page_token: 'same-token' } });
    });
    const turns = await collect(platform.iterateAgentSessionTurns(session));
    expect(turns.map((t) => t.id)).toEqual(['t-new', 't-old']);
    expect(server.requests).toHaveLength(2);
  });

  it('skips items the page before brought, and goes on past a page with nothing new while a next page is named', async () => {
    // Page 2 repeats t7 (an item inserted upstream shifted the window); page 3 only repeats page 2 but names page 4.
    const overlapping: Record<string, { ids: string[]; next: string | null }> = {
      '': { ids: ['t9', 't8', 't7'], next: 'a' },
      a: { ids: ['t7', 't6'], next: 'b' },
      b: { ids: ['t6', 't7'], next: 'c' },
      c: { ids: ['t5'], next: null },
    };
    const { platform, server } = await setup(({ req, res }) => {
      const page = overlapping[new URL(req.url!, 'http://x').searchParams.get('page_token') ?? '']!;
      json(res, 200, { data: page.ids.map(turn), pagination: { next_page_token: page.next } });
    });
    const turns = await collect(platform.iterateAgentSessionTurns(session));
    expect(turns.map((t) => t.id)).toEqual(['t9', 't8', 't7', 't6', 't5']);
    expect(server.requests).toHaveLength(4);
  });

  it('ends quietly on a last page that repeats items, and warns only when the server names a token already asked for', async () => {
    const warnings: string[] = [];
    const logger = { error: () => {}, warn: (line: string) => warnings.push(line), info: () => {}, debug: () => {} };
    const run = async (nextOnRepeat: string | null) => {
      server = await startServer(({ req, res }) => {
        const token = new URL(req.url!, 'http://x').searchParams.get('page_token');
        json(res, 200, { data: [turn('t1'), turn('t2')], pagination: { next_page_token: token ? nextOnRepeat : 'tok-1' } });
      });
      const platform = createPlatformClientWith(
        { baseUrl: `${server.url}/cp`, gatewayBaseUrl: server.url, token: TOKEN, logLevel: 'warn', logger },
        { sleep: fakeSleep().sleep },
      );
      const ids = (await collect(platform.iterateAgentSessionTurns(session))).map((t) => t.id);
      const requests = server.requests.length;
      await server.close();
      server = undefined;
      return { ids, requests };
    };
    // A stateless mock's last page: the example's items again, no next token.
    expect(await run(null)).toEqual({ ids: ['t1', 't2'], requests: 2 });
    expect(warnings).toEqual([]);
    // Repeats that name a next page are followed (tok-2), until tok-2 names itself again.
    expect(await run('tok-2')).toEqual({ ids: ['t1', 't2'], requests: 3 });
    expect(warnings).toEqual(['[@vendor/api-client] iterateAgentSessionTurns stopped early: page token "tok-2" came again']);
  });

  it('stops when the signal aborts between pages and sends no further request', async () => {
    const { platform, server } = await setup(pagedTurns);
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const t of platform.iterateAgentSessionTurns({ ...session, signal: controller.signal })) {
        seen.push(t.id!);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['t9', 't8']);
    expect(server.requests).toHaveLength(1);
  });

  it('breaking out of the loop stops fetching', async () => {
    const { platform, server } = await setup(pagedTurns);
    for await (const t of platform.iterateAgentSessionTurns(session)) if (t.id === 't8') break;
    expect(server.requests).toHaveLength(1);
  });

  it('surfaces an error page as PlatformApiError', async () => {
    const { platform } = await setup(({ res }) => json(res, 412, { error: { message: 'session is running', type: 'precondition_failed' } }));
    await expect(collect(platform.iterateAgentSessionTurns(session))).rejects.toMatchObject({
      status: 412,
      operationId: 'listAgentSessionTurns',
      message: expect.stringContaining('session is running'),
    });
    await expect(collect(platform.iterateAgentSessionTurns(session))).rejects.toBeInstanceOf(PlatformApiError);
  });
});

describe('iterateAgentSkillVersions', () => {
  const all = Array.from({ length: 7 }, (_, i) => ({ id: `v${i + 1}`, fqn: `acme:skill:s:${i + 1}` }));
  const honest: Handler = ({ req, res }) => {
    const q = new URL(req.url!, 'http://x').searchParams;
    const offset = Number(q.get('offset') ?? 0);
    const limit = Number(q.get('limit') ?? 3);
    json(res, 200, { data: all.slice(offset, offset + limit), pagination: { total: all.length, offset, limit } });
  };

  it('walks offset/limit until total, keeping the filters', async () => {
    const { platform, server } = await setup(honest);
    const versions = await collect(platform.iterateAgentSkillVersions({ params: { query: { limit: 3, name: 'skill' } } }));
    expect(versions.map((v) => v.id)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/cp/api/svc/v1/agent-skill-versions?limit=3&name=skill',
      '/cp/api/svc/v1/agent-skill-versions?limit=3&name=skill&offset=3',
      '/cp/api/svc/v1/agent-skill-versions?limit=3&name=skill&offset=6',
    ]);
  });

  it('can be called with no argument', async () => {
    const { platform } = await setup(honest);
    expect(await collect(platform.iterateAgentSkillVersions())).toHaveLength(7);
  });

  it('ends at the total on a server that ignores the offset (same page again), yielding its items once', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 200, { data: all.slice(0, 3), pagination: { total: 7, offset: 0, limit: 3 } }));
    const versions = await collect(platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } } }));
    expect(versions.map((v) => v.id)).toEqual(['v1', 'v2', 'v3']);
    expect(server.requests).toHaveLength(3);
  });

  it('ends at the total on a server that echoes the offset but repeats the items', async () => {
    const { platform, server } = await setup(({ req, res }) => {
      const offset = Number(new URL(req.url!, 'http://x').searchParams.get('offset'));
      json(res, 200, { data: all.slice(0, 3), pagination: { total: 7, offset, limit: 3 } });
    });
    const versions = await collect(platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } } }));
    expect(versions.map((v) => v.id)).toEqual(['v1', 'v2', 'v3']);
    expect(server.requests).toHaveLength(3);
  });

  it('stops on an empty page even if total claims more', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 200, { data: [], pagination: { total: 100, offset: 0, limit: 3 } }));
    expect(await collect(platform.iterateAgentSkillVersions())).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('stops when aborted', async () => {
    const { platform, server } = await setup(honest);
    const controller = new AbortController();
    const run = (async () => {
      for await (const v of platform.iterateAgentSkillVersions({ params: { query: { limit: 3 } }, signal: controller.signal })) {
        if (v.id === 'v4') controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(2);
  });
});
