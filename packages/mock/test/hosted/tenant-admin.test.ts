// Tenant administration on a fleet: three instances on one Postgres, started as a host starts them (the CLI, keys
// and the admin token from the environment or files, never the command line). What the admin API does on one
// instance holds on the others within 5 s: revoked tokens, suspended and deleted tenants refused in each
// operation's own error shape; --tenants provisioned; keys that rotate; every admin action in the audit; and no
// secret in `ps`, the logs or an answer.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/tokens.js';
import { call, requestExample } from '../sandbox/helpers.js';
import { startCluster, type Cluster } from '../sandbox/postgres-cluster.js';
import { freePorts } from '../helpers/free-port.js';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.js';

const MINUTES = 60_000;
/** What the issue promises: an admin change holds on every instance within this. */
const PROPAGATION_MS = 5_000;
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m';
const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));

interface AdminAnswer {
  status: number;
  body: any;
  text: string;
}

function mcpServer(name: string) {
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = name;
  return body;
}

/** Polls `read` until `done` holds (for minutes at most) and says how long that took from `since`. */
async function msUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, since: number): Promise<number> {
  let last: T | undefined;
  await vi.waitFor(
    async () => {
      last = await read();
      if (!done(last)) throw new Error(`waited for ${what}; last saw ${JSON.stringify(last)}`);
    },
    { timeout: 2 * MINUTES, interval: 100 },
  );
  return Date.now() - since;
}

describe('tenant administration across instances on one Postgres', { timeout: 15 * MINUTES }, () => {
  // Random per run, handed to the instances only through the environment or files.
  const oldKey = { kid: 'k1', secret: randomBytes(24).toString('base64url') };
  const newKey = { kid: 'k2', secret: randomBytes(24).toString('base64url') };
  const adminToken = randomBytes(32).toString('hex');
  const secrets = [oldKey.secret, newKey.secret, adminToken];
  const oldIssuer = createTokenIssuer([oldKey]);
  const dir = mkdtempSync(path.join(tmpdir(), 'tenant-admin-'));
  const keysFile = path.join(dir, 'signing-keys.json');
  const adminTokenFile = path.join(dir, 'admin-token');
  let cluster: Cluster | undefined;
  const instances = new Map<string, SandboxProcess>();
  let ports: Record<string, number>;
  /** Every admin action the tests take, to find in the audit. */
  const actions: Array<{ action: string; target: string }> = [];

  /** a and b: keys and admin token from the environment, tenants open. */
  async function startOpenInstance(name: string): Promise<SandboxProcess> {
    const instance = await startSandboxProcess({
      name,
      port: ports[name]!,
      databaseUrl: cluster!.url,
      secret: 'unused-because-signing-keys-win',
      extraArgs: ['--shared'],
      env: { VENDOR_SANDBOX_SIGNING_KEYS: JSON.stringify([oldKey]), VENDOR_SANDBOX_ADMIN_TOKEN: adminToken },
    });
    instances.set(name, instance);
    return instance;
  }

  /** c: keys and admin token from files, only provisioned tenants. */
  async function startProvisionedInstance(keys: object[]): Promise<SandboxProcess> {
    writeFileSync(keysFile, JSON.stringify(keys));
    const instance = await startSandboxProcess({
      name: 'c',
      port: ports.c!,
      databaseUrl: cluster!.url,
      secret: 'unused-because-signing-keys-win',
      extraArgs: ['--shared', '--signing-keys', keysFile, '--admin-token-file', adminTokenFile, '--tenants', 'provisioned'],
    });
    instances.set('c', instance);
    return instance;
  }

  const url = (name: string) => instances.get(name)!.url;

  async function admin(name: string, method: string, route: string, body?: unknown, token: string | null = adminToken): Promise<AdminAnswer> {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${url(name)}/_sandbox/admin/${route}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }

  /** An admin write that must succeed, noted for the audit test. */
  async function act(name: string, method: string, route: string, expected: number, action: { action: string; target: string }, body?: unknown): Promise<any> {
    const answer = await admin(name, method, route, body);
    expect(answer.status, `${method} ${route}: ${answer.text}`).toBe(expected);
    actions.push(action);
    return answer.body;
  }

  async function createTenant(name: string, limits?: object): Promise<any> {
    return act('a', 'POST', 'tenants', 201, { action: 'tenant.create', target: name }, { name, ...(limits && { limits }) });
  }

  async function tokenFor(name: string, tenant: string, expiresIn = '1h'): Promise<{ token: string; jti: string; expiresAt: string }> {
    return act(name, 'POST', `tenants/${tenant}/tokens`, 201, { action: 'token.issue', target: tenant }, { subject: `user:ops@${tenant}.example`, expiresIn });
  }

  const getTeamStatus = async (name: string, token: string) => (await call(url(name), 'getTeam', { token, path: { id: TEAM_ID } })).status;

  beforeAll(async () => {
    cluster = await startCluster();
    const [a, b, c] = await freePorts(3);
    ports = { a: a!, b: b!, c: c! };
    writeFileSync(adminTokenFile, `${adminToken}\n`);
    // Started together, as hosts start them: both schemas are created under their locks.
    await Promise.all([startOpenInstance('a'), startOpenInstance('b'), startProvisionedInstance([newKey, oldKey])]);
  }, 10 * MINUTES);

  afterAll(async () => {
    for (const running of instances.values()) await running.stop().catch(() => {});
    await cluster?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }, 5 * MINUTES);

  // The admin token with its last character changed: never the token itself, whatever character it ended with.
  const wrongToken = (token: string) => `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;

  it('answers only the admin token: 401 without one, with a wrong one and with a tenant token', async () => {
    const tenantToken = await oldIssuer.sign('fleet-intruder');
    expect(await getTeamStatus('a', tenantToken), 'the tenant token itself is valid').toBe(200);
    for (const [label, token] of [['none', null], ['wrong', wrongToken(adminToken)], ['tenant token', tenantToken]] as const) {
      const answer = await admin('b', 'GET', 'tenants', undefined, token);
      expect(answer.status, label).toBe(401);
      expect(answer.body.message).toContain('admin token');
    }
    expect((await admin('b', 'GET', 'tenants')).status).toBe(200);
    expect((await admin('b', 'POST', 'tenants', { name: 'fleet-intruder-2' }, tenantToken)).status).toBe(401);
  });

  it('refuses bad admin input with 400 naming the field and the rule', async () => {
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', 'tenants', { name: 'Not A Name' }, 'name'],
      ['POST', 'tenants', { name: 'fleet-bad', limits: { rateLimit: -1 } }, 'limits.rateLimit'],
      ['POST', 'tenants', { name: 'fleet-bad', limits: { burst: 3 } }, 'limits.burst'],
      ['POST', 'tenants', { name: 'fleet-bad', limits: { maxTenantBytes: 'lots' } }, 'limits.maxTenantBytes'],
      ['POST', 'tenants', { name: 'fleet-bad', colour: 'red' }, 'colour'],
      ['POST', 'tenants', [1, 2], '(body)'],
      ['PATCH', 'tenants/fleet-bad', { status: 'paused' }, 'status'],
      ['POST', 'tenants/fleet-bad/tokens', { expiresIn: 'soon' }, 'expiresIn'],
      ['POST', 'tenants/fleet-bad/tokens', { subject: 'nobody' }, 'subject'],
    ];
    for (const [method, route, body, field] of cases) {
      const answer = await admin('a', method, route, body);
      expect(answer.status, `${method} ${route} ${JSON.stringify(body)}: ${answer.text}`).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.rule.length).toBeGreaterThan(5);
      expect(answer.body.message).toContain(field);
    }
    const notJson = await fetch(`${url('a')}/_sandbox/admin/tenants`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: '{name' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).rule).toBe('must be JSON');
  });

  it('creates, lists and shows tenants with their status, limits, records, bytes and last request', async () => {
    const created = await createTenant('fleet-listed', { rateLimit: 40 });
    expect(created).toMatchObject({ name: 'fleet-listed', status: 'active', limits: { rateLimit: 40, maxRecords: 1000, maxTenantBytes: 10_000_000 }, records: 0, bytes: 0 });
    expect((await admin('a', 'POST', 'tenants', { name: 'fleet-listed' })).status, 'a second create').toBe(409);
    const { token } = await tokenFor('b', 'fleet-listed');
    expect((await call(url('b'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-listed-server') })).status).toBe(200);
    // Activity is written in batches: the listing shows the request once it is flushed.
    await msUntil(
      'the listing on b to show the record and the request',
      async () => (await admin('b', 'GET', 'tenants')).body.data.find((tenant: any) => tenant.name === 'fleet-listed'),
      (tenant) => tenant?.records === 1 && tenant.bytes > 0 && tenant.lastRequestAt !== null,
      Date.now(),
    );
    const shown = await admin('b', 'GET', 'tenants/fleet-listed');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ name: 'fleet-listed', status: 'active', limits: { rateLimit: 40 }, records: 1 });
    expect((await admin('b', 'GET', 'tenants/fleet-nobody')).status).toBe(404);
  });

  it('a revoked token is refused 401 on the other instance within 5 s; the tenant\'s other tokens still work', async () => {
    await createTenant('fleet-revoke');
    const revoked = await tokenFor('a', 'fleet-revoke');
    const kept = await tokenFor('a', 'fleet-revoke');
    expect(await getTeamStatus('b', revoked.token)).toBe(200);
    await act('a', 'DELETE', `tokens/${revoked.jti}`, 200, { action: 'token.revoke', target: revoked.jti });
    const revokedAt = Date.now();
    const took = await msUntil('b to refuse the revoked token', () => getTeamStatus('b', revoked.token), (status) => status === 401, revokedAt);
    expect(took, 'ms from the revocation on a to the first refusal on b').toBeLessThanOrEqual(PROPAGATION_MS);
    const refusal = await call(url('b'), 'getTeam', { token: revoked.token, path: { id: TEAM_ID } });
    expect(refusal.body.message).toContain('revoked');
    expect(await getTeamStatus('b', kept.token)).toBe(200);
    expect((await admin('b', 'DELETE', 'tokens/no-such-jti')).status).toBe(404);
  });

  it('a suspended tenant is refused 403 on the other instance within 5 s, in each operation\'s own shape, and served again once active', async () => {
    await createTenant('fleet-suspend');
    const { token } = await tokenFor('a', 'fleet-suspend');
    expect(await getTeamStatus('b', token)).toBe(200);
    await act('a', 'PATCH', 'tenants/fleet-suspend', 200, { action: 'tenant.update', target: 'fleet-suspend' }, { status: 'suspended' });
    const took = await msUntil('b to refuse the suspended tenant', () => getTeamStatus('b', token), (status) => status === 403, Date.now());
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);
    // call() checks each answer against the operation's error shape: control plane, and gateway.
    const controlPlane = await call(url('b'), 'getTeam', { token, path: { id: TEAM_ID } });
    expect(controlPlane.body).toMatchObject({ statusCode: 403, message: expect.stringContaining('Tenant fleet-suspend is suspended') });
    const gateway = await call(url('b'), 'getBatch', { token, path: { id: 'batch_1' } });
    expect(gateway.status).toBe(403);
    expect(gateway.body.error).toMatchObject({ type: 'permission_error', code: 'forbidden' });
    expect((await fetch(`${url('b')}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await admin('b', 'GET', 'tenants/fleet-suspend')).body.status).toBe('suspended');

    await act('b', 'PATCH', 'tenants/fleet-suspend', 200, { action: 'tenant.update', target: 'fleet-suspend' }, { status: 'active' });
    const back = await msUntil('a to serve the tenant again', () => getTeamStatus('a', token), (status) => status === 200, Date.now());
    expect(back).toBeLessThanOrEqual(PROPAGATION_MS);
  });

  it('a deleted tenant is refused 401 on the other instance within 5 s; its records and its journal are gone', async () => {
    await createTenant('fleet-delete');
    const { token } = await tokenFor('b', 'fleet-delete');
    const created = await call(url('a'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-delete-server') });
    expect(created.status).toBe(200);
    const journalBefore = await (await fetch(`${url('a')}/_mock/requests`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(journalBefore.requests.length).toBeGreaterThan(0);

    await act('b', 'DELETE', 'tenants/fleet-delete', 200, { action: 'tenant.delete', target: 'fleet-delete' });
    const took = await msUntil('a to refuse the deleted tenant', () => getTeamStatus('a', token), (status) => status === 401, Date.now());
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);
    expect((await admin('a', 'GET', 'tenants/fleet-delete')).status).toBe(404);
    expect((await admin('a', 'GET', 'tenants')).body.data.map((tenant: any) => tenant.name)).not.toContain('fleet-delete');

    // Created again, it starts empty; the old token stays refused.
    await createTenant('fleet-delete');
    const fresh = await tokenFor('a', 'fleet-delete');
    expect(await getTeamStatus('a', fresh.token)).toBe(200);
    expect((await call(url('a'), 'getMcpServer', { token: fresh.token, path: { id: created.body.data.id } })).status, 'the record written before the deletion').toBe(404);
    // Deleted on b, the write was in a's journal: a drops it too.
    const journalAfter = await (await fetch(`${url('a')}/_mock/requests`, { headers: { authorization: `Bearer ${fresh.token}` } })).json();
    expect(journalAfter.requests.some((entry: any) => entry.operationId === 'createOrUpdateMcpServer'), "the deleted tenant's write in a's journal").toBe(false);
    expect(await getTeamStatus('b', token)).toBe(401);
  });

  it('holds a tenant to its own limits: its quota of records and its rate', async () => {
    await createTenant('fleet-limited', { maxRecords: 1, rateLimit: 2 });
    const { token } = await tokenFor('a', 'fleet-limited');
    expect((await call(url('a'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-limited-1') })).status).toBe(200);
    const second = await call(url('a'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-limited-2') });
    expect(second.status).toBe(403);
    expect(JSON.stringify(second.body)).toContain('max-records quota: 1');
    const read = await call(url('a'), 'getTeam', { token, path: { id: TEAM_ID } });
    expect(read.headers.get('ratelimit-limit'), 'the bucket of a tenant at 2 a second').toBe('4');
    const other = await tokenFor('a', 'fleet-listed');
    expect((await call(url('a'), 'getTeam', { token: other.token, path: { id: TEAM_ID } })).headers.get('ratelimit-limit'), 'a tenant at 40').toBe('80');
  });

  it("holds a tenant to its own byte quota, and a PATCH of its limits on one instance holds on the other within 5 s", async () => {
    await createTenant('fleet-bytes', { maxTenantBytes: 1 });
    const { token } = await tokenFor('a', 'fleet-bytes');
    const refused = await call(url('a'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-bytes-1') });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain('max-tenant-bytes quota of 1 B');
    await act('b', 'PATCH', 'tenants/fleet-bytes', 200, { action: 'tenant.update', target: 'fleet-bytes' }, { limits: { maxTenantBytes: null } });
    const took = await msUntil(
      'a to take the write once the quota is back to the default',
      async () => (await call(url('a'), 'createOrUpdateMcpServer', { token, body: mcpServer('fleet-bytes-1') })).status,
      (status) => status === 200,
      Date.now(),
    );
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);
    expect((await admin('a', 'GET', 'tenants/fleet-bytes')).body.limits.maxTenantBytes, 'the default of --shared').toBe(10_000_000);
  });

  it('--tenants provisioned serves only tenants created through the admin API, refusing others 403 by name', async () => {
    const unprovisioned = await oldIssuer.sign('fleet-walk-in');
    expect(await getTeamStatus('a', unprovisioned), 'open instance a serves it').toBe(200);
    const refused = await call(url('c'), 'getTeam', { token: unprovisioned, path: { id: TEAM_ID } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Tenant fleet-walk-in is not provisioned');
    expect((await admin('c', 'POST', 'tenants/fleet-walk-in/tokens', {})).status, 'no tokens for a tenant that does not exist').toBe(404);

    await createTenant('fleet-walk-in');
    const took = await msUntil('c to serve the tenant once created on a', () => getTeamStatus('c', unprovisioned), (status) => status === 200, Date.now());
    expect(took).toBeLessThanOrEqual(PROPAGATION_MS);
  });

  it('rotates keys: the newest key signs (its kid), old tokens verify until the old key is removed by a restart without it', async () => {
    const oldToken = (await tokenFor('a', 'fleet-walk-in')).token;
    expect(decodeProtectedHeader(oldToken).kid, 'a signs with the only key it has').toBe('k1');
    const newToken = (await tokenFor('c', 'fleet-walk-in')).token;
    expect(decodeProtectedHeader(newToken).kid, 'c signs with the newest of [k2, k1]').toBe('k2');
    expect(await getTeamStatus('c', oldToken), 'c verifies the old key too').toBe(200);
    expect(await getTeamStatus('c', newToken)).toBe(200);

    // The CLI's token command reads the same file and picks a key by --kid.
    const printed = spawnSync(process.execPath, [cli, 'token', '--tenant', 'fleet-walk-in', '--signing-keys', keysFile, '--kid', 'k1'], { encoding: 'utf8' });
    expect(printed.status, printed.stderr).toBe(0);
    const cliToken = printed.stdout.trim().split('\n').at(-1)!;
    expect(decodeProtectedHeader(cliToken).kid).toBe('k1');
    expect(await getTeamStatus('c', cliToken)).toBe(200);

    // The old key removed: c restarts with [k2] alone.
    await instances.get('c')!.stop();
    await startProvisionedInstance([newKey]);
    const refused = await call(url('c'), 'getTeam', { token: oldToken, path: { id: TEAM_ID } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('kid "k1"');
    expect(await getTeamStatus('c', newToken), 'a token of the new key').toBe(200);
  });

  it('keeps every admin action in the audit, on every instance', async () => {
    const audit = await admin('c', 'GET', 'audit');
    expect(audit.status).toBe(200);
    const seen = audit.body.data.map((entry: any) => ({ action: entry.action, target: entry.target }));
    for (const action of actions) expect(seen, `${action.action} ${action.target}`).toContainEqual(action);
    for (const entry of audit.body.data) {
      expect(Object.keys(entry).sort()).toEqual(['action', 'at', 'detail', 'target']);
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
    }
    expect(audit.body.data.filter((entry: any) => entry.action === 'token.issue').every((entry: any) => typeof entry.detail.jti === 'string')).toBe(true);
  });

  it('shows no secret in `ps` (the command lines), the logs or an answer', async () => {
    const answers = [
      (await admin('a', 'GET', 'tenants')).text,
      (await admin('b', 'GET', 'audit')).text,
      (await admin('c', 'GET', 'tenants/fleet-walk-in')).text,
      await (await fetch(`${url('a')}/_sandbox/health`)).text(),
      (await admin('a', 'GET', 'tenants', undefined, 'wrong-token-0123456789')).text,
    ];
    for (const instance of instances.values()) {
      const commandLine = readFileSync(`/proc/${instance.pid}/cmdline`, 'utf8').split('\0').join(' ');
      expect(commandLine).toContain('--database-url');
      for (const secret of secrets) {
        expect(commandLine, `the command line of ${instance.name}`).not.toContain(secret);
        expect(instance.output(), `the output of ${instance.name}`).not.toContain(secret);
      }
    }
    for (const answer of answers) for (const secret of secrets) expect(answer).not.toContain(secret);
  });

  it('refuses the admin API and --tenants provisioned without --database-url, in one line', () => {
    for (const args of [['--admin-token-file', adminTokenFile], ['--tenants', 'provisioned']]) {
      const run = spawnSync(process.execPath, [cli, '--sandbox', '--port', '0', ...args], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')[0]).toMatch(/needs --database-url: tenants, revocations and the audit live in the shared database/);
      for (const secret of secrets) expect(run.stderr + run.stdout).not.toContain(secret);
    }
  });
});
