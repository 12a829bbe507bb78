// The sandbox on a real Postgres server (--database-url), started here in a temp dir: the same behaviour,
// copy-on-write tenants that write no rows until they write, two instances sharing one database, concurrent
// writes beside busy processes, a tenant TTL, and an outage answered with 503.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { createPgDriver } from '../../src/sandbox/store/pg-driver.js';
import { createSqlOverlay } from '../../src/sandbox/store/sql-overlay.js';
import { describeSandboxBehaviour } from './behaviour.js';
import { describeCopyOnWrite } from './copy-on-write.js';
import { call, requestExample, type Sandbox } from './helpers.js';
import { describeQuotas, runTenant, secretGroup } from './quotas.js';
import type { LimitOptions } from '../../src/index.js';
import { startCluster, type Cluster } from './postgres-cluster.js';

const MINUTES = 60_000;
let cluster: Cluster;
const started: Sandbox[] = [];
const startSandbox = async (url = cluster.url, limits: LimitOptions = {}) => {
  const sandbox = await startMock({ sandbox: { secret: 'pg-test-secret', databaseUrl: url, ...limits }, onWarning: () => {} });
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
describeCopyOnWrite('Postgres', async () => createSqlOverlay(await createPgDriver(cluster.url)));
describeQuotas('Postgres', (limits) => startSandbox(cluster.url, limits));

describe('quotas across two instances on one Postgres', () => {
  it('records written on one instance count on the other; concurrent creates on both never pass --max-records, beside two busy processes', async () => {
    const [a, b] = await Promise.all([startSandbox(cluster.url, { maxRecords: 10 }), startSandbox(cluster.url, { maxRecords: 10 })]);
    const tenant = runTenant('two-instances');
    const token = await a.token(tenant);
    expect((await call(a.url, 'createSecretGroup', { token, body: secretGroup('on-a') })).status).toBe(200);
    expect((await call(b.url, 'createSecretGroup', { token, body: secretGroup('on-b') })).status).toBe(200);
    const stopBusy = busyProcesses();
    let results;
    try {
      // Eight free slots, 40 creates racing for them on both instances at once.
      results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'createSecretGroup', { token, body: secretGroup(`race-${i}`) })),
      );
    } finally {
      stopBusy();
    }
    expect(results.filter((r) => r.status === 200)).toHaveLength(8);
    expect(results.filter((r) => r.status === 403)).toHaveLength(32);
    expect(await liveRows(tenant)).toBe(10);
  });
});

/** Live secret groups of a tenant, read straight from the database. */
async function liveRows(tenant: string): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM sandbox_overlay WHERE tenant = $1 AND kind = 'secret-group' AND NOT deleted", [tenant]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Rows of `sandbox_overlay` that belong to these tenants, read straight from the database. */
async function overlayRows(tenants: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM sandbox_overlay WHERE tenant = ANY($1::text[])', [tenants]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Two processes that keep both cores busy, as on a shared CI host; stopped by the returned function. */
function busyProcesses(): () => void {
  const children: ChildProcess[] = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const child of children) child.kill('SIGKILL');
  };
}

describe('copy-on-write tenants on Postgres', () => {
  it('100 new tenants that each read write no rows; the first write of one writes one row', async () => {
    const sandbox = await startSandbox();
    const tenants = Array.from({ length: 100 }, (_, i) => `reader-${i}-${Date.now().toString(36)}`);
    for (const tenant of tenants) {
      const token = await sandbox.token(tenant);
      const read = await call(sandbox.url, 'getTeam', { token, path: { id: 'jqfwg345gi25n5ju2yz5iz6m' } });
      expect(read.status).toBe(200);
      expect(read.body.data.tenantName ?? tenant).toBe(tenant);
    }
    expect(await overlayRows(tenants)).toBe(0);
    const body = requestExample('createOrUpdateMcpServer');
    body.manifest.name = 'first-write';
    const written = await call(sandbox.url, 'createOrUpdateMcpServer', { token: await sandbox.token(tenants[0]!), body });
    expect(written.status).toBe(200);
    expect(await overlayRows(tenants)).toBe(1);
  });

  it('--tenant-ttl forgets an idle tenant: its writes are gone, its starting data answers', async () => {
    // Closed at the end: its sweeps forget every idle tenant of the shared database, also other tests' tenants.
    const sandbox = await startMock({ sandbox: { secret: 'pg-test-secret', databaseUrl: cluster.url, tenantTtl: 1_000 }, onWarning: () => {} });
    try {
      await expectIdleTenantForgotten(sandbox);
    } finally {
      await sandbox.close();
    }
  });
});

/** Writes as a new tenant, then waits until the sandbox's TTL sweep has forgotten it. */
async function expectIdleTenantForgotten(sandbox: Sandbox): Promise<void> {
  const tenant = `short-lived-${Date.now().toString(36)}`;
  const token = await sandbox.token(tenant);
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = 'forgotten';
  const created = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body });
  expect(created.status).toBe(200);
  await expect.poll(async () => overlayRows([tenant]), { timeout: 2 * MINUTES, interval: 250 }).toBe(0);
  const read = await call(sandbox.url, 'getMcpServer', { token, path: { id: created.body.data.id } });
  expect(read.status).toBe(404);
  expect((await call(sandbox.url, 'getTeam', { token, path: { id: 'jqfwg345gi25n5ju2yz5iz6m' } })).status).toBe(200);
}

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

  it('20 concurrent upserts of one name on both instances, beside two busy processes: all 200, one id', async () => {
    const stopBusy = busyProcesses();
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'createOrUpdateMcpServer', { token, body: mcp('one-name') })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    } finally {
      stopBusy();
    }
  });

  it('upserts that wait on a locked row and for a pooled connection are slow, not down: all 200, one id', async () => {
    const seeded = await call(a.url, 'createOrUpdateMcpServer', { token, body: mcp('locked-name') });
    expect(seeded.status).toBe(200);
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    // Its own connection: inside the holder's transaction, pg_stat_activity would stay the snapshot of its first read.
    const observer = new pg.Client({ connectionString: cluster.url });
    await observer.connect();
    const stopBusy = busyProcesses();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM sandbox_overlay WHERE tenant = $1 AND kind = 'mcp-server' AND key = $2 FOR UPDATE", ['shared-tenant', 'locked-name']);
      // 15 per instance: 10 take every pooled connection and wait on the lock, 5 wait for a connection.
      const pending = Promise.all(
        Array.from({ length: 30 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'createOrUpdateMcpServer', { token, body: mcp('locked-name') })),
      );
      // Released once every pooled connection of both instances waits on the lock (a readiness signal, not a sleep).
      await expect
        .poll(async () => (await observer.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows[0].n, {
          timeout: 2 * MINUTES,
          interval: 100,
        })
        .toBeGreaterThanOrEqual(20);
      await holder.query('COMMIT');
      const results = await pending;
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      expect(new Set(results.map((r) => r.body.data.id))).toEqual(new Set([seeded.body.data.id]));
    } finally {
      stopBusy();
      await holder.end();
      await observer.end();
    }
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
      expect(down.headers.get('retry-after')).toBe('1');
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
