// The sandbox on a real Postgres server (--database-url), started here in a temp dir: the same behaviour,
// two instances sharing one database, 60 concurrent writes, and an outage answered with 503.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { describeSandboxBehaviour } from './behaviour.js';
import { call, requestExample, type Sandbox } from './helpers.js';
import { startCluster, type Cluster } from './postgres-cluster.js';

const MINUTES = 60_000;
let cluster: Cluster;
const started: Sandbox[] = [];
const startSandbox = async (url = cluster.url) => {
  const sandbox = await startMock({ sandbox: { secret: 'pg-test-secret', databaseUrl: url }, onWarning: () => {} });
  started.push(sandbox);
  return sandbox;
};

beforeAll(async () => {
  cluster = await startCluster();
}, 5 * MINUTES);

afterAll(async () => {
  for (const sandbox of started) await sandbox.close().catch(() => {});
  await cluster?.destroy();
}, 5 * MINUTES);

describeSandboxBehaviour('Postgres', () => startSandbox());

describe('several instances on one Postgres', () => {
  let a: Sandbox;
  let b: Sandbox;
  let token: string;
  const mcp = (name: string) => {
    const body = requestExample('createOrUpdateMcpServer');
    body.manifest.name = name;
    return body;
  };

  beforeAll(async () => {
    // Started together: schema creation and seeding must not trip over each other.
    [a, b] = await Promise.all([startSandbox(), startSandbox()]);
    token = await a.token('shared-tenant');
  }, 5 * MINUTES);

  it('a write on one instance is read on the other', async () => {
    expect(a.store).toBe('postgres');
    const created = await call(a.url, 'createOrUpdateMcpServer', { token, body: mcp('written-on-a') });
    expect(created.status).toBe(200);
    const read = await call(b.url, 'getMcpServer', { token, path: { id: created.body.data.id } });
    expect(read.status).toBe(200);
    expect(read.body.data.fqn).toBe('shared-tenant:mcp-server:written-on-a');
  });

  it('60 concurrent writes across both instances lose nothing', async () => {
    const writes = Array.from({ length: 60 }, (_, i) =>
      call(i % 2 === 0 ? a.url : b.url, 'createOrUpdateMcpServer', { token, body: mcp(`concurrent-${i}`) }),
    );
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    const reads = await Promise.all(
      results.map((r, i) => call(i % 2 === 0 ? b.url : a.url, 'getMcpServer', { token, path: { id: r.body.data.id } })),
    );
    expect(reads.map((r) => r.body.data?.manifest?.name)).toEqual(results.map((_, i) => `concurrent-${i}`));
  });

  it('concurrent upserts of one name on both instances converge to one server', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'createOrUpdateMcpServer', { token, body: mcp('one-name') })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
  });

  it('concurrent model versions on both instances get distinct version numbers', async () => {
    const body = requestExample('createOrUpdateModelVersion');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'createOrUpdateModelVersion', { token, body })));
    const versions = results.map((r) => r.body.data.manifest.version);
    expect(new Set(versions).size).toBe(10);
  });
});

describe('a database outage', () => {
  it('answers 503 in the operation shape while the database is down, and recovers when it is back', async () => {
    const sandbox = await startSandbox();
    const token = await sandbox.token('outage-tenant');
    const teamId = 'jqfwg345gi25n5ju2yz5iz6m';
    expect((await call(sandbox.url, 'getTeam', { token, path: { id: teamId } })).status).toBe(200);
    await cluster.stop();
    try {
      const down = await call(sandbox.url, 'getTeam', { token, path: { id: teamId } });
      expect(down.status).toBe(503);
      expect(down.body.statusCode).toBe(503);
      const ml = await call(sandbox.url, 'getArtifactVersion', { token, path: { id: 'x' } });
      expect(ml.status).toBe(503);
      expect(ml.body.detail[0].type).toBe('service_unavailable');
      const health = await fetch(`${sandbox.url}/_sandbox/health`);
      expect(health.status).toBe(503);
      expect(JSON.stringify(await health.json())).not.toContain('postgres://');
    } finally {
      await cluster.start();
    }
    await expect.poll(async () => (await fetch(`${sandbox.url}/_sandbox/health`)).status, { timeout: 2 * MINUTES, interval: 500 }).toBe(200);
    expect((await call(sandbox.url, 'getTeam', { token, path: { id: teamId } })).status).toBe(200);
  }, 5 * MINUTES);
});
