// Retry, timeout and abort behaviour against a fault-injecting server on 127.0.0.1.
import { createHook } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClientWith } from '../src/client.js';
import { PlatformApiError, PlatformConnectionError, PlatformTimeoutError } from '../src/errors.js';
import { abortableSleep, backoffDelay, parseRetryAfter } from '../src/retry.js';
import { TOKEN, fakeSleep, json, reset, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(handler: Handler, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  server = await startServer(handler);
  const clock = fakeSleep();
  const platform = createPlatformClientWith(
    { baseUrl: server.url, gatewayBaseUrl: `${server.url}/gw`, token: TOKEN, ...options },
    { sleep: clock.sleep, random: () => 0 },
  );
  return { platform, server, delays: clock.delays };
}

const team = { data: { id: 'team-1', manifest: { name: 'ml-team' } } };
const getTeam = { params: { path: { id: 'team-1' } } } as const;

describe('retries of idempotent operations', () => {
  it('retries after a connection reset and then succeeds', async () => {
    const { platform, server } = await setup(({ req, res, n }) => (n === 1 ? reset(req) : json(res, 200, team)));
    await expect(platform.getTeam(getTeam)).resolves.toEqual(team);
    expect(server.requests).toHaveLength(2);
  });

  it('retries 503 then returns the 200 body', async () => {
    const { platform, server, delays } = await setup(({ res, n }) =>
      n === 1 ? json(res, 503, { statusCode: 503, message: 'busy' }) : json(res, 200, team),
    );
    await expect(platform.getTeam(getTeam)).resolves.toEqual(team);
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([500]);
  });

  it.each([408, 429, 500, 502, 503, 504])('retries status %i', async (status) => {
    const { platform, server } = await setup(({ res, n }) => (n === 1 ? json(res, status, { statusCode: status, message: 'x' }) : json(res, 200, team)));
    await expect(platform.getTeam(getTeam)).resolves.toEqual(team);
    expect(server.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry status %i', async (status) => {
    const { platform, server } = await setup(({ res }) => json(res, status, { statusCode: status, message: 'no' }));
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status, operationId: 'getTeam' });
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxRetries + 1 attempts with exponential backoff', async () => {
    const { platform, server, delays } = await setup(({ res }) => json(res, 500, { statusCode: 500, message: 'down' }), { maxRetries: 4 });
    const error = await platform.getTeam(getTeam).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(500);
    expect(server.requests).toHaveLength(5);
    expect(delays).toEqual([500, 1000, 2000, 4000]);
  });

  it('per-call maxRetries overrides the client default', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'busy' }));
    await expect(platform.getTeam({ ...getTeam, maxRetries: 0 })).rejects.toBeInstanceOf(PlatformApiError);
    expect(server.requests).toHaveLength(1);
  });

  it('honours Retry-After in seconds', async () => {
    const { platform, delays } = await setup(({ res, n }) =>
      n === 1 ? json(res, 429, { statusCode: 429, message: 'slow down' }, { 'retry-after': '3' }) : json(res, 200, team),
    );
    await platform.getTeam(getTeam);
    expect(delays).toEqual([3000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { platform, delays } = await setup(({ res, n }) =>
      n === 1
        ? json(res, 503, { statusCode: 503, message: 'later' }, { 'retry-after': new Date(Date.now() + 5000).toUTCString() })
        : json(res, 200, team),
    );
    await platform.getTeam(getTeam);
    expect(delays).toHaveLength(1);
    // HTTP dates have one-second resolution.
    expect(delays[0]).toBeGreaterThan(3000);
    expect(delays[0]).toBeLessThanOrEqual(5000);
  });

  it('does not wait beyond 60 s: a longer Retry-After ends the retries', async () => {
    const { platform, server, delays } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'maintenance' }, { 'retry-after': '120' }));
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('re-sends the request body intact (PUT and the idempotent POST getArtifactVersionSignedUrls)', async () => {
    const { platform, server } = await setup(({ req, res, requests }) =>
      requests.filter((r) => r.url === req.url).length === 1 ? json(res, 502, { detail: [] }) : json(res, 200, { data: [] }),
    );
    const signed = { id: 'artifact-version-1', paths: ['model/weights.bin', 'ü/ß.txt'] };
    await platform.getArtifactVersionSignedUrls({ body: signed });
    const mcp = {
      manifest: {
        type: 'mcp-server/remote' as const,
        name: 'filesystem-tools',
        description: 'Files',
        collaborators: [{ subject: 'user:a@example.com', role_id: 'mcp-server-manager' }],
        url: 'https://mcp.example.com/sse',
      },
      dryRun: true,
    };
    await platform.createOrUpdateMcpServer({ body: mcp });
    const byPath = (p: string) => server.requests.filter((r) => r.url === p).map((r) => r.body);
    const signedBodies = byPath('/api/ml/v1/artifact-versions/signed-urls');
    expect(signedBodies).toHaveLength(2);
    expect(signedBodies[1]).toBe(signedBodies[0]);
    expect(JSON.parse(signedBodies[1]!)).toEqual(signed);
    const mcpBodies = byPath('/api/svc/v1/mcp');
    expect(mcpBodies).toHaveLength(2);
    expect(JSON.parse(mcpBodies[1]!)).toEqual(mcp);
  });

  it('asks the token provider again for every attempt', async () => {
    server = await startServer(({ res, n }) => (n < 3 ? json(res, 503, {}) : json(res, 200, team)));
    let calls = 0;
    const platform = createPlatformClientWith(
      { baseUrl: server.url, token: async () => `rotated-${++calls}` },
      { sleep: fakeSleep().sleep },
    );
    await platform.getTeam(getTeam);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer rotated-1', 'Bearer rotated-2', 'Bearer rotated-3']);
  });
});

describe('operations that are not safe to repeat', () => {
  it('never retries a POST such as changePassword, even on 503', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'busy' }));
    await expect(
      platform.changePassword({ body: { loginId: 'a@example.com', oldPassword: 'old-password-1', newPassword: 'new-password-2' } }),
    ).rejects.toMatchObject({ status: 503, operationId: 'changePassword', method: 'POST' });
    expect(server.requests).toHaveLength(1);
  });

  it('never retries createSecretGroup after a connection reset', async () => {
    const { platform, server } = await setup(({ req }) => reset(req));
    const error = await platform
      .createSecretGroup({ body: { name: 'db', integrationId: 'int-1', secrets: [{ key: 'PASSWORD', value: 'hunter22hunter22' }] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('never retries terminateJob on a timeout', async () => {
    const { platform, server } = await setup(() => undefined /* never answers */, { timeoutMs: 300 });
    await expect(platform.terminateJob({ params: { query: { deploymentId: 'd-1', jobRunName: 'run-1' } } })).rejects.toBeInstanceOf(
      PlatformTimeoutError,
    );
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts and abort', () => {
  it('times out a response slower than timeoutMs, retries, then throws PlatformTimeoutError', async () => {
    const { platform, server } = await setup(() => undefined /* never answers */, { timeoutMs: 300, maxRetries: 1 });
    const started = Date.now();
    const error = await platform.getTeam(getTeam).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect((error as PlatformTimeoutError).message).toContain('getTeam timed out after 300 ms');
    expect((error as PlatformTimeoutError).timeoutMs).toBe(300);
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a per-call timeoutMs overrides the client default, and a slow body also times out', async () => {
    const { platform } = await setup(({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":'); // the rest never comes
    });
    await expect(platform.getTeam({ ...getTeam, timeoutMs: 40, maxRetries: 0 })).rejects.toBeInstanceOf(PlatformTimeoutError);
  });

  it('a slow response within the timeout succeeds', async () => {
    const { platform } = await setup(async ({ res }) => {
      await new Promise((r) => setTimeout(r, 30));
      json(res, 200, team);
    }, { timeoutMs: 2000 });
    await expect(platform.getTeam(getTeam)).resolves.toEqual(team);
  });

  it('a finished call leaves no time-limit timer pending (it is cleared, not left to run out)', async () => {
    // A timer per call that runs for the whole limit adds up under load: +36 MB of heap after 100,000 calls at 60 s.
    const timeoutMs = 61_234; // distinctive, so that only this client's timers are counted
    const pending = new Set<number>();
    const timers = createHook({
      init(asyncId, type, _trigger, resource: any) {
        if (type === 'Timeout' && resource?._idleTimeout === timeoutMs) pending.add(asyncId);
      },
      destroy(asyncId) {
        pending.delete(asyncId);
      },
    });
    const platform = createPlatformClientWith({ baseUrl: 'https://cp.example.com', token: TOKEN, timeoutMs, fetch: async () => Response.json(team) });
    const caller = new AbortController();
    timers.enable();
    try {
      for (let call = 0; call < 20; call += 1) await platform.getTeam({ ...getTeam, signal: call % 2 === 0 ? caller.signal : undefined });
      // Destroy hooks of cleared timers run on a later turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      timers.disable();
    }
    expect(pending.size).toBe(0);
  });

  it('with a caller signal too, the time limit still ends the attempt as a timeout', async () => {
    const { platform, server } = await setup(() => undefined /* never answers */, { timeoutMs: 300, maxRetries: 0 });
    const caller = new AbortController();
    const error = await platform.getTeam({ ...getTeam, signal: caller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect(caller.signal.aborted).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('abort during a request rejects with the AbortError and is not retried', async () => {
    const controller = new AbortController();
    // The server aborts the call once the request has arrived, and never answers.
    const { platform, server } = await setup(() => controller.abort());
    const error = await platform.getTeam({ ...getTeam, signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(PlatformTimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('abort during the backoff wait stops the retries (real sleep)', async () => {
    server = await startServer(({ res }) => json(res, 503, {}));
    const controller = new AbortController();
    const sleeping: number[] = [];
    const platform = createPlatformClientWith(
      { baseUrl: server.url, token: TOKEN },
      {
        backoffBaseMs: 10_000,
        random: () => 0,
        // The real abortable sleep, aborted as soon as the wait starts.
        sleep: (ms, signal) => {
          sleeping.push(ms);
          const wait = abortableSleep(ms, signal);
          controller.abort(new Error('user gave up'));
          return wait;
        },
      },
    );
    const started = Date.now();
    await expect(platform.getTeam({ ...getTeam, signal: controller.signal })).rejects.toThrow('user gave up');
    expect(sleeping).toEqual([8_000]); // capped at 8 s
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an abort while the token function is pending rejects with its reason and sends nothing', async () => {
    server = await startServer(({ res }) => json(res, 200, team));
    const controller = new AbortController();
    const reason = new Error('user gave up');
    const token = async () => {
      controller.abort(reason);
      return TOKEN;
    };
    const platform = createPlatformClientWith({ baseUrl: server.url, token });
    await expect(platform.getTeam({ ...getTeam, signal: controller.signal })).rejects.toBe(reason);
    expect(server.requests).toHaveLength(0);
  });

  it('an already aborted signal sends nothing', async () => {
    const { platform, server } = await setup(({ res }) => json(res, 200, team));
    await expect(platform.getTeam({ ...getTeam, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('backoff and Retry-After parsing', () => {
  it('doubles from 0.5 s and caps at 8 s, with up to 25 % jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(backoffDelay(0, () => 1)).toBe(375);
    expect(backoffDelay(10, () => 0.5)).toBe(7000);
  });

  it('parses seconds and HTTP dates, ignores garbage', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
