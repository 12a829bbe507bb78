// Hooks (issue 23): onRequest, onResponse, onRetry and onError around every attempt of the typed methods and of
// every page of the iterators; a hook that throws fails the call with PlatformHookError, and no hook sees the token.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { createPlatformClientWith } from '../src/client.js';
import { PlatformApiError, PlatformConnectionError } from '../src/errors.js';
import { createPlatformClient, PlatformHookError, type HookName, type PlatformHooks } from '../src/index.js';
import { TOKEN, fakeSleep, json, reset, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // the spec's example team
const team = { data: { id: 'team-1' } };
const getTeam = { params: { path: { id: 'team-1' } } } as const;

/** Hooks that record what each one was given, in order. */
function recordingHooks() {
  const events: Array<{ hook: HookName; context: any }> = [];
  const record = (hook: HookName) => (context: unknown) => {
    events.push({ hook, context });
  };
  const hooks: PlatformHooks = { onRequest: record('onRequest'), onResponse: record('onResponse'), onRetry: record('onRetry'), onError: record('onError') };
  return { hooks, events, summary: () => events.map(({ hook, context }) => `${hook} ${context.attempt}`) };
}

function clientOnMock(hooks: PlatformHooks) {
  const mockFetch = createMockFetch();
  const platform = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: TOKEN, fetch: mockFetch, hooks, logLevel: 'off' });
  return { platform, mockFetch };
}

async function setup(handler: Handler, hooks: PlatformHooks, options: { maxRetries?: number; token?: () => Promise<string> } = {}) {
  server = await startServer(handler);
  const platform = createPlatformClientWith(
    { baseUrl: `${server.url}/cp`, gatewayBaseUrl: server.url, token: TOKEN, hooks, logLevel: 'off', ...options },
    { sleep: fakeSleep().sleep, random: () => 0 },
  );
  return { platform, server };
}

describe('hooks around a call', () => {
  it('under withResponse, against the mock faults: onRetry twice, onResponse sees every attempt', async () => {
    const { hooks, events, summary } = recordingHooks();
    const { platform, mockFetch } = clientOnMock(hooks);
    const { data, response } = await platform.getTeam.withResponse({
      params: { path: { id: TEAM_ID } },
      headers: { Prefer: 'fault=503, times=2, key=hooks-retry, retry-after=0' },
    });
    expect(data.data.id).toBe(TEAM_ID);
    expect(response.status).toBe(200);
    expect(mockFetch.requests().map((request) => request.status)).toEqual([503, 503, 200]);
    expect(summary()).toEqual(['onRequest 1', 'onResponse 1', 'onRetry 1', 'onRequest 2', 'onResponse 2', 'onRetry 2', 'onRequest 3', 'onResponse 3']);
    expect(events.filter((e) => e.hook === 'onResponse').map((e) => e.context.response.status)).toEqual([503, 503, 200]);
    const retries = events.filter((e) => e.hook === 'onRetry').map((e) => e.context);
    expect(retries.map((r) => [r.status, r.delayMs, r.error instanceof PlatformApiError, r.error.status])).toEqual([
      [503, 0, true, 503],
      [503, 0, true, 503],
    ]);
  });

  it('gives every hook the operation, method, URL, attempt, duration and the same request object', async () => {
    const { hooks, events } = recordingHooks();
    const { platform } = clientOnMock(hooks);
    await platform.getTeam({ params: { path: { id: TEAM_ID } } });
    const [request, response] = events.map((e) => e.context);
    for (const context of [request, response]) {
      expect(context).toMatchObject({ operationId: 'getTeam', method: 'GET', url: `http://mock.local/api/svc/v1/teams/${TEAM_ID}`, attempt: 1 });
      expect(context.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(response.request).toBe(request.request);
    expect(response.response.bodyUsed).toBe(true);
  });

  it('an onRequest header reaches the server, on every attempt, after an awaited async hook', async () => {
    let attempt = 0;
    const { platform, mockFetch } = clientOnMock({
      onRequest: async ({ request }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        attempt += 1;
        request.headers.set('traceparent', `00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b${attempt}-01`);
      },
    });
    await platform.getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'fault=503, times=1, key=trace, retry-after=0' } });
    expect(mockFetch.requests().map((request) => request.headers.traceparent)).toEqual([
      '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b1-01',
      '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b2-01',
    ]);
  });

  it('onRetry tells a connection error by its missing status', async () => {
    const { hooks, events } = recordingHooks();
    const { platform } = await setup(({ req, res, n }) => (n === 1 ? reset(req) : json(res, 200, team)), hooks);
    await platform.getTeam(getTeam);
    const [retry] = events.filter((e) => e.hook === 'onRetry').map((e) => e.context);
    expect(retry.status).toBeUndefined();
    expect(retry.error).toBeInstanceOf(PlatformConnectionError);
    expect(retry.delayMs).toBe(500);
  });

  it('onError gets the final typed error once; not on success', async () => {
    const { hooks, events, summary } = recordingHooks();
    const { platform } = await setup(({ res }) => json(res, 404, { statusCode: 404, message: 'Team not found' }), hooks);
    const error = await platform.getTeam(getTeam).catch((e: unknown) => e);
    expect(summary()).toEqual(['onRequest 1', 'onResponse 1', 'onError 1']);
    const failed = events.at(-1)!.context;
    expect(failed.error).toBe(error);
    expect(failed.error).toBeInstanceOf(PlatformApiError);
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('onError gets the abort reason of an aborted call', async () => {
    const { hooks, events } = recordingHooks();
    const controller = new AbortController();
    // Aborted once the request has reached the server (never answered), not after a fixed time: on a busy machine
    // a timer could fire before the request was even sent.
    const { platform } = await setup(() => {
      controller.abort(new Error('user left'));
      return new Promise(() => {});
    }, hooks);
    const pending = platform.getTeam({ ...getTeam, signal: controller.signal });
    await expect(pending).rejects.toThrow('user left');
    expect(events.map((e) => e.hook)).toEqual(['onRequest', 'onError']);
    expect(events[1]!.context.error.message).toBe('user left');
  });

  it('never shows the token: no hook context holds it, and the headers cannot be read', async () => {
    const { hooks, events } = recordingHooks();
    const { platform } = await setup(({ res, n }) => (n === 1 ? json(res, 503, { statusCode: 503, message: 'busy' }) : json(res, 404, {})), hooks, {
      token: async () => TOKEN,
    });
    await platform.getTeam(getTeam).catch(() => {});
    expect(events.map((e) => e.hook)).toEqual(['onRequest', 'onResponse', 'onRetry', 'onRequest', 'onResponse', 'onError']);
    for (const { context } of events) {
      expect(JSON.stringify(context)).not.toContain(TOKEN);
      expect(Object.keys(context.request.headers)).toEqual(['set']);
    }
  });
});

describe('a hook that throws', () => {
  it.each(['onRequest', 'onResponse', 'onRetry'] as const)('%s fails the call at once with PlatformHookError, no token in it', async (hook) => {
    const onError: string[] = [];
    const failing: PlatformHooks = {
      [hook]: () => {
        throw new Error(`collector refused ${TOKEN}`);
      },
      onError: ({ error }) => {
        onError.push((error as Error).name);
      },
    };
    const { platform, server } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'busy' }), failing);
    const error = await platform.getTeam(getTeam).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformHookError);
    expect(error).toMatchObject({ name: 'PlatformHookError', hook, operationId: 'getTeam', method: 'GET' });
    expect((error as Error).message).toBe(`getTeam: the ${hook} hook failed: collector refused [REDACTED]`);
    expect((error as Error).stack).not.toContain(TOKEN);
    expect(((error as Error).cause as Error).message).toContain('collector refused');
    // No retry after a failed hook; onRequest fails before anything is sent.
    expect(server.requests).toHaveLength(hook === 'onRequest' ? 0 : 1);
    expect(onError).toEqual(['PlatformHookError']);
  });

  it('onError that throws replaces the error with PlatformHookError, once', async () => {
    let calls = 0;
    const { platform } = await setup(({ res }) => json(res, 404, { statusCode: 404, message: 'Team not found' }), {
      onError: async () => {
        calls += 1;
        throw new Error('exporter down');
      },
    });
    const error = await platform.getTeam(getTeam).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PlatformHookError', hook: 'onError', message: 'getTeam: the onError hook failed: exporter down' });
    expect(calls).toBe(1);
  });

  it('a rejected promise counts as a throw', async () => {
    const { platform } = await setup(({ res }) => json(res, 200, team), { onResponse: () => Promise.reject(new Error('late')) });
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ hook: 'onResponse', message: 'getTeam: the onResponse hook failed: late' });
  });
});

describe('hooks and iterators', () => {
  const all = Array.from({ length: 5 }, (_, i) => ({ id: `v${i + 1}`, fqn: `acme:skill:s:${i + 1}` }));
  const honest: Handler = ({ req, res }) => {
    const offset = Number(new URL(req.url!, 'http://x').searchParams.get('offset') ?? 0);
    json(res, 200, { data: all.slice(offset, offset + 2), pagination: { total: all.length, offset, limit: 2 } });
  };

  it('run for every page request, of the items and of pages()', async () => {
    const { hooks, events } = recordingHooks();
    const { platform } = await setup(honest, hooks);
    const iterator = platform.iterateAgentSkillVersions({ params: { query: { limit: 2 } } });
    for await (const version of iterator) void version;
    const urls = events.filter((e) => e.hook === 'onRequest').map((e) => new URL(e.context.url).search);
    expect(urls).toEqual(['?limit=2', '?limit=2&offset=2', '?limit=2&offset=4']);
    expect(events.map((e) => `${e.hook} ${e.context.operationId}`)).toEqual(Array(3).fill(['onRequest listAgentSkillVersions', 'onResponse listAgentSkillVersions']).flat());

    events.length = 0;
    for await (const page of iterator.pages()) void page;
    expect(events.map((e) => e.hook)).toEqual(Array(3).fill(['onRequest', 'onResponse']).flat());
  });

  it('an onRequest header reaches every page request (mock journal)', async () => {
    const { platform, mockFetch } = clientOnMock({ onRequest: ({ request }) => request.headers.set('x-trace', 'walk-1') });
    for await (const page of platform.iterateAgentSessionTurns({ params: { path: { tenantName: 'acme', sessionId: '01arz3ndektsv4rrffq69g5fav.g' } } }).pages()) {
      void page;
    }
    const sent = mockFetch.requests();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((request) => request.headers['x-trace'])).toEqual(sent.map(() => 'walk-1'));
  });
});
