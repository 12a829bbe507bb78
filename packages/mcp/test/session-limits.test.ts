// Streamable HTTP sessions expire when idle and are capped, the one idle the longest dropped first: a client that
// only ever sends initialize cannot make the server keep a session per call for good.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach, describe, expect, test } from 'vitest';
import { serveHttp, type RunningHttpServer } from '../src/serve-http.js';
import { createSessionRegistry, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from '../src/session-registry.js';

const newServer = () => new Server({ name: 'session-test', version: '1.0.0' }, { capabilities: { tools: {} } });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function initialize(url: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
  });
  await res.text();
  expect(res.status).toBe(200);
  return res.headers.get('mcp-session-id')!;
}

/** The status of a ping in the session: 200 while it lives, 404 once expired or dropped. */
async function ping(url: string, session: string): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
  await res.text();
  return res.status;
}

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('attack: initialize without end', () => {
  test('past the cap the session idle the longest is dropped first; a session in use stays', async () => {
    running = await serveHttp(newServer, { port: 0, host: '127.0.0.1', sessions: { max: 3 } });
    const first = await initialize(running.url);
    const second = await initialize(running.url);
    const third = await initialize(running.url);
    expect(await ping(running.url, first)).toBe(200); // first is now the most recently used
    const fourth = await initialize(running.url);
    expect(await ping(running.url, second)).toBe(404);
    for (const session of [first, third, fourth]) expect(await ping(running.url, session)).toBe(200);
    for (let i = 0; i < 20; i++) await initialize(running.url);
    expect(await ping(running.url, first)).toBe(404);
  });

  test('a session idle past --session-idle is dropped, on a clock the test moves (no waiting)', async () => {
    let clock = 1_000_000;
    running = await serveHttp(newServer, { port: 0, host: '127.0.0.1', sessions: { idleMs: 60_000 }, now: () => clock });
    const idle = await initialize(running.url);
    const busy = await initialize(running.url);
    clock += 59_000;
    expect(await ping(running.url, busy)).toBe(200);
    clock += 2_000; // idle has now said nothing for 61 s, busy for 2 s
    expect(await ping(running.url, idle)).toBe(404);
    expect(await ping(running.url, busy)).toBe(200);
  });

  test('an idle session expires; a session in use does not', async () => {
    running = await serveHttp(newServer, { port: 0, host: '127.0.0.1', sessions: { idleMs: 5_000 } });
    const idle = await initialize(running.url);
    const busy = await initialize(running.url);
    // Busy keeps pinging while more than the idle time passes; idle says nothing, and is then gone.
    const since = Date.now();
    while (Date.now() - since < 6_000) expect(await ping(running.url, busy)).toBe(200);
    expect(await ping(running.url, idle)).toBe(404);
    expect(await ping(running.url, busy)).toBe(200);
  });
});

describe('the session registry', () => {
  const transport = () => {
    const fake = { closed: 0, close: async () => void (fake.closed += 1) };
    return fake as unknown as StreamableHTTPServerTransport & { closed: number };
  };

  test('defaults: 30 minutes idle, 1,000 sessions', () => {
    expect(DEFAULT_SESSION_IDLE_MS).toBe(30 * 60_000);
    expect(DEFAULT_MAX_SESSIONS).toBe(1_000);
  });

  test('closes the session idle the longest past the cap, and expired ones on use', async () => {
    let clock = 0;
    const registry = createSessionRegistry({ max: 2, idleMs: 100 }, () => clock);
    const [a, b, c] = [transport(), transport(), transport()];
    registry.add('a', a);
    clock = 10;
    registry.add('b', b);
    clock = 20;
    expect(registry.use('a')).toBe(a);
    registry.add('c', c);
    expect(b.closed).toBe(1);
    expect(registry.use('b')).toBeUndefined();
    clock = 200;
    expect(registry.use('c')).toBeUndefined();
    expect(c.closed).toBe(1);
    await registry.closeAll();
    expect(registry.size).toBe(0);
  });
});
