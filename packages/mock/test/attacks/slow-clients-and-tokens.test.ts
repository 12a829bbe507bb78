// Attacks by slow clients and by tokens that never expire. A hosted sandbox (--shared) cuts a client that trickles
// its headers (--headers-timeout, 10 s by default; here 1 s) or its body (--request-timeout, 60 s by default; here
// 2 s), and holds at most --max-connections open (1000 by default; here 3). A token without `exp` would be accepted
// forever: it is refused, saying why.
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLimits, SHARED_DEFAULTS } from '../../src/sandbox/limits/sandbox-limits.js';
import { bystanderStatus, startSharedSandbox, TEAM_ID, type Tenants } from './attack-helpers.js';

const SECRET = 'attack-suite-secret';

/** A socket to the server, open, with what it has received so far and whether the server closed it. */
interface OpenSocket {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

async function openSocket(url: string): Promise<OpenSocket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

describe('attack: slow clients against a hosted sandbox', () => {
  let tenants: Tenants;
  beforeAll(async () => {
    tenants = await startSharedSandbox({ headersTimeout: '1s', requestTimeout: '2s', maxConnections: 3 });
  });
  afterAll(() => tenants.sandbox.close());

  it('a client that never finishes its headers is cut (408), and another tenant is served', async () => {
    const slow = await openSocket(tenants.sandbox.url);
    slow.socket.write(`GET /api/svc/v1/teams/${TEAM_ID} HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await bystanderStatus(tenants.sandbox.url, tenants.bystander)).toBe(200);
  });

  it('a client that sends its headers but trickles its body is cut once --request-timeout passes', async () => {
    const slow = await openSocket(tenants.sandbox.url);
    slow.socket.write(`PUT /api/svc/v1/mcp HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tenants.attacker}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"manifest":`);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await bystanderStatus(tenants.sandbox.url, tenants.bystander)).toBe(200);
  });

  it('connections past --max-connections are closed at once; once the slow ones go, another tenant is served', async () => {
    const held = [await openSocket(tenants.sandbox.url), await openSocket(tenants.sandbox.url), await openSocket(tenants.sandbox.url)];
    const refused = await openSocket(tenants.sandbox.url);
    await refused.closed;
    expect(refused.received()).toBe('');
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    await expect.poll(() => bystanderStatus(tenants.sandbox.url, tenants.bystander), { timeout: 120_000, interval: 200 }).toBe(200);
  });
});

describe('the limits on slow clients', () => {
  it('--shared sets them, each flag overrides its default, 0 keeps Node\'s', () => {
    expect(SHARED_DEFAULTS).toMatchObject({ headersTimeout: '10s', requestTimeout: '60s', maxConnections: 1000 });
    expect(resolveLimits({ shared: true }).connections).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, maxConnections: 1000 });
    expect(resolveLimits({ shared: true, requestTimeout: '2m', maxConnections: 0 }).connections).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, maxConnections: 0 });
    expect(resolveLimits({}).connections).toEqual({ headersTimeoutMs: 0, requestTimeoutMs: 0, maxConnections: 0 });
    expect(() => resolveLimits({ headersTimeout: 'soon' })).toThrow('headersTimeout must be a duration');
  });
});

describe('attack: a token without exp', () => {
  it('is refused 401 in the operation shape, saying it has no expiry; a token with exp still works', async () => {
    const { sandbox, bystander } = await startSharedSandbox();
    try {
      // Signed with the sandbox's own key (tokens.ts): valid in every way but the missing exp.
      const key = createHash('sha256').update(`vendor-api-mock-sandbox\u0000${SECRET}`).digest();
      const forever = await new SignJWT({ tenant: 'mallory' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('vendor-api-mock-sandbox').setSubject('user:m@mallory.example').setIssuedAt().sign(key);
      const res = await fetch(`${sandbox.url}/api/svc/v1/teams/${TEAM_ID}`, { headers: { authorization: `Bearer ${forever}` } });
      expect(res.status).toBe(401);
      const body = await res.json();
      expect(body.message).toMatch(/^The bearer token has no expiry \(exp claim\); get one that expires with `npx @vendor\/api-mock token --tenant NAME`/);
      expect(JSON.stringify(body)).not.toContain(forever);
      expect(await bystanderStatus(sandbox.url, bystander)).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
