// Logging: levels, what each level logs, VENDOR_LOG, option checks, and no secret in any log line at any level.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClientWith, type PlatformClientOptions } from '../src/client.js';
import type { LogLevel, Logger } from '../src/log.js';
import { TOKEN, fakeSleep, json, reset, startServer, type Handler, type TestServer } from './helpers/server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  delete process.env.VENDOR_LOG;
});

type Line = { severity: keyof Logger; text: string };

/** A console-like logger that records every call, with all its arguments as text. */
function recordingLogger() {
  const lines: Line[] = [];
  const record = (severity: keyof Logger) => (...args: unknown[]) => {
    lines.push({ severity, text: args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') });
  };
  const logger: Logger = { error: record('error'), warn: record('warn'), info: record('info'), debug: record('debug') };
  return { logger, lines };
}

async function setup(handler: Handler, options: Partial<PlatformClientOptions> = {}) {
  server = await startServer(handler);
  const { logger, lines } = recordingLogger();
  const platform = createPlatformClientWith(
    { baseUrl: server.url, gatewayBaseUrl: server.url, token: TOKEN, logger, ...options },
    { sleep: fakeSleep().sleep, random: () => 0 },
  );
  return { platform, lines, server };
}

const getTeam = { params: { path: { id: 'team-1' } } } as const;
const team = { data: { id: 'team-1' } };

describe('what each level logs', () => {
  it('debug logs every attempt: method, URL, status, duration, and why it is retried', async () => {
    const { platform, lines } = await setup(({ res, n }) => (n === 1 ? json(res, 503, { statusCode: 503, message: 'busy' }) : json(res, 200, team)), {
      logLevel: 'debug',
    });
    await platform.getTeam(getTeam);
    const debug = lines.filter((l) => l.severity === 'debug').map((l) => l.text);
    expect(debug).toHaveLength(2);
    expect(debug[0]).toMatch(
      /^\[@vendor\/api-client\] getTeam: GET http:\/\/127\.0\.0\.1:\d+\/api\/svc\/v1\/teams\/team-1 -> 503 in \d+ ms; retry in 500 ms: getTeam failed with status 503 Service Unavailable: busy$/,
    );
    expect(debug[1]).toMatch(/getTeam: GET http:\/\/127\.0\.0\.1:\d+\/api\/svc\/v1\/teams\/team-1 -> 200 in \d+ ms$/);
    // The retry is also an info line.
    expect(lines.filter((l) => l.severity === 'info').map((l) => l.text)).toEqual([
      '[@vendor/api-client] getTeam: retry in 500 ms: getTeam failed with status 503 Service Unavailable: busy',
    ]);
  });

  it('debug names a connection failure and a timeout', async () => {
    // Two servers, so that a slow machine cannot turn the reset into a timeout: one resets, one never answers.
    const resetting = await setup(({ req }) => reset(req), { logLevel: 'debug', maxRetries: 1 });
    await expect(resetting.platform.getTeam(getTeam)).rejects.toMatchObject({ name: 'PlatformConnectionError' });
    const resets = resetting.lines.filter((l) => l.severity === 'debug').map((l) => l.text);
    expect(resets[0]).toMatch(/-> PlatformConnectionError in \d+ ms; retry in 500 ms: getTeam could not reach the server/);
    expect(resets[1]).toMatch(/-> PlatformConnectionError in \d+ ms$/);
    await server!.close();
    const silent = await setup(() => undefined /* never answers */, { logLevel: 'debug', maxRetries: 0, timeoutMs: 300 });
    await expect(silent.platform.getTeam(getTeam)).rejects.toMatchObject({ name: 'PlatformTimeoutError' });
    expect(silent.lines.map((l) => l.text)).toEqual([expect.stringMatching(/-> PlatformTimeoutError in \d+ ms$/)]);
  });

  it('warn (the default) logs a retry that gives up, and nothing about successful or first attempts', async () => {
    const { platform, lines } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'busy' }), { maxRetries: 2 });
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status: 503 });
    expect(lines).toEqual([
      { severity: 'warn', text: '[@vendor/api-client] getTeam gave up after 3 attempts: getTeam failed with status 503 Service Unavailable: busy' },
    ]);
  });

  it('warn logs a Retry-After too long to wait for, but not an operation that is never retried', async () => {
    const { platform, lines } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'later' }, { 'retry-after': '600' }));
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status: 503 });
    await expect(platform.terminateJob({ params: { query: { deploymentId: 'd', jobRunName: 'r' } } })).rejects.toMatchObject({ status: 503 });
    await expect(platform.getTeam({ ...getTeam, maxRetries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(lines.map((l) => l.text)).toEqual(['[@vendor/api-client] getTeam gave up after 1 attempts: getTeam failed with status 503 Service Unavailable: later']);
  });

  it('warn logs an iterator that stops because the server repeated itself, not one that reached the end', async () => {
    const turn = (id: string) => ({ id, session_id: 's', previous_turn_id: null, state: { status: 'done' }, input: [] });
    const session = { params: { path: { tenantName: 'acme', sessionId: 's' } } };
    const { platform, lines } = await setup(({ req, res }) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('page_token');
      if (req.url!.includes('honest')) return json(res, 200, { data: [turn(`t-${token ?? 0}`)], pagination: { next_page_token: token ? null : 'p2' } });
      json(res, 200, { data: [turn('same')], pagination: { next_page_token: 'again' } });
    });
    for await (const t of platform.iterateAgentSessionTurns({ params: { path: { tenantName: 'honest', sessionId: 's' } } })) void t;
    expect(lines).toEqual([]);
    for await (const t of platform.iterateAgentSessionTurns(session)) void t;
    expect(lines).toEqual([
      { severity: 'warn', text: '[@vendor/api-client] iterateAgentSessionTurns stopped early: page token "again" came again' },
    ]);
  });

  it('off and error log nothing for the same failures', async () => {
    for (const logLevel of ['off', 'error'] as const) {
      const { platform, lines } = await setup(({ res }) => json(res, 503, { statusCode: 503, message: 'busy' }), { logLevel });
      await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status: 503 });
      expect(lines).toEqual([]);
      await server!.close();
    }
  });
});

describe('choosing the level', () => {
  it('VENDOR_LOG sets the level when the option is absent; the option wins over it', async () => {
    process.env.VENDOR_LOG = 'debug';
    const fromEnvironment = await setup(({ res }) => json(res, 200, team));
    await fromEnvironment.platform.getTeam(getTeam);
    expect(fromEnvironment.lines.map((l) => l.severity)).toEqual(['debug']);
    await server!.close();
    const fromOption = await setup(({ res }) => json(res, 200, team), { logLevel: 'warn' });
    await fromOption.platform.getTeam(getTeam);
    expect(fromOption.lines).toEqual([]);
  });

  it('refuses an unknown level or a logger without console methods, naming where it came from', () => {
    const base = { baseUrl: 'https://x', token: TOKEN };
    expect(() => createPlatformClientWith({ ...base, logLevel: 'verbose' as LogLevel })).toThrow(
      new TypeError('logLevel must be one of off, error, warn, info, debug'),
    );
    process.env.VENDOR_LOG = 'loud';
    expect(() => createPlatformClientWith(base)).toThrow(new TypeError('VENDOR_LOG must be one of off, error, warn, info, debug'));
    delete process.env.VENDOR_LOG;
    expect(() => createPlatformClientWith({ ...base, logger: { warn() {} } as unknown as Logger })).toThrow(
      'logger must have error, warn, info and debug methods',
    );
  });
});

describe('no secret in any log line, at any level', () => {
  const passwords = { loginId: 'a@example.com', oldPassword: 'Old-Passw0rd-xyz', newPassword: 'New-Passw0rd-abc' };
  const secretValue = 'sup3r-s3cret-value';
  const mcpHeaderSecret = 'mcp-header-s3cret-42';
  const rotated = 'rotated-t0ken-987654321';

  // Every answer echoes what it got (headers and body) into the error message, and is retryable where it can be.
  const echo: Handler = ({ req, res, body }) =>
    json(res, 503, { statusCode: 503, message: `echo ${req.headers.authorization} ${body}`, details: [{ input: body }] });

  it.each(['debug', 'info', 'warn', 'error', 'off'] as const)('%s', async (logLevel) => {
    const { platform, lines } = await setup(echo, { logLevel, maxRetries: 1 });
    await expect(platform.changePassword({ body: passwords })).rejects.toMatchObject({ status: 503 });
    await expect(
      platform.createSecretGroup({ body: { name: 'db', integrationId: 'int-1', secrets: [{ key: 'DB_PASSWORD', value: secretValue }] } }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(
      platform.createOrUpdateMcpServer({
        body: {
          manifest: {
            type: 'mcp-server/remote',
            name: 'tools',
            description: 'd',
            collaborators: [],
            url: 'https://mcp.example.com/sse',
            auth_data: { type: 'header', headers: { Authorization: mcpHeaderSecret } },
          } as never,
        },
      }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(platform.getTeam(getTeam)).rejects.toMatchObject({ status: 503 });
    // A rotated token from a token function, through a connection failure.
    await server!.close();
    const { platform: rotating, lines: rotatingLines } = await setup(({ req }) => reset(req), {
      logLevel,
      maxRetries: 1,
      token: async () => rotated,
    });
    await expect(rotating.getTeam(getTeam)).rejects.toMatchObject({ name: 'PlatformConnectionError' });

    const logged = [...lines, ...rotatingLines].map((l) => l.text).join('\n');
    for (const secret of [TOKEN, rotated, passwords.oldPassword, passwords.newPassword, secretValue, mcpHeaderSecret]) {
      expect(logged).not.toContain(secret);
    }
    // The test means something only where the level logs the echoed bodies.
    if (logLevel === 'debug' || logLevel === 'info' || logLevel === 'warn') expect(logged).toContain('[REDACTED]');
    if (logLevel === 'debug') expect(lines.length).toBeGreaterThanOrEqual(6);
    if (logLevel === 'off' || logLevel === 'error') expect(logged).toBe('');
  });
});
