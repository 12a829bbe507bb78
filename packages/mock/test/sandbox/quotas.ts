// The quotas of a shared sandbox (--max-records, --max-tenant-bytes), per store backend: each test file calls
// `describeQuotas` with a way to start a sandbox on its backend with the limits given.
import { afterAll, describe, expect, it } from 'vitest';
import type { LimitOptions } from '../../src/index.js';
import { call, parameterExample, requestExample, type Sandbox } from './helpers.js';

export type StartWithLimits = (limits: LimitOptions) => Promise<Sandbox>;

/** A secret group named `name` with `secrets` keys: each key makes its stored record about 600 bytes larger. */
export function secretGroup(name: string, secrets = 1): any {
  const body = requestExample('createSecretGroup');
  body.name = name;
  body.secrets = Array.from({ length: secrets }, (_, i) => ({ key: `KEY_${i}`, value: `value-${i}` }));
  return body;
}

export function mcpServer(name: string): any {
  const body = requestExample('createOrUpdateMcpServer');
  body.manifest.name = name;
  return body;
}

/** A stdio MCP server whose `args` hold about `argBytes` bytes: the same name, updated, grows or shrinks the record. */
export function stdioServer(name: string, argBytes = 0): any {
  const body = requestExample('createOrUpdateMcpServer', 'stdio');
  body.dryRun = false;
  body.manifest.name = name;
  body.manifest.args = argBytes === 0 ? ['-y'] : ['x'.repeat(argBytes)];
  return body;
}

/** A tenant of its own per run, so runs on a shared database never see each other's records. */
export const runTenant = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

export function describeQuotas(backend: string, start: StartWithLimits): void {
  describe(`quotas on ${backend}`, { timeout: 3 * 60_000 }, () => {
    const started: Sandbox[] = [];
    const startSandbox = async (limits: LimitOptions) => {
      const sandbox = await start(limits);
      started.push(sandbox);
      return sandbox;
    };
    afterAll(async () => {
      for (const sandbox of started) await sandbox.close().catch(() => {});
    }, 60_000);

    it('--max-records: the write past it is refused in the operation shape, naming the quota; updates still work; reset frees', async () => {
      const sandbox = await startSandbox({ maxRecords: 3 });
      const token = await sandbox.token(runTenant('records'));
      for (const name of ['one', 'two', 'three']) {
        expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: mcpServer(name) })).status).toBe(200);
      }
      const refused = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: mcpServer('four') });
      expect(refused.status).toBe(403);
      expect(refused.body.statusCode).toBe(403);
      expect(refused.body.message).toMatch(/^Quota exceeded: tenant records-\S+ keeps 3 mcp-server records, the most a tenant may keep \(max-records quota: 3 per record kind\)/);
      // An update of a record the tenant keeps is always allowed.
      const updated = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: mcpServer('two') });
      expect(updated.status).toBe(200);
      // Each kind counts apart: secret groups (control plane) and model versions (ML shape).
      for (const name of ['a', 'b', 'c']) expect((await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(name) })).status).toBe(200);
      expect((await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup('d') })).status).toBe(403);
      const version = requestExample('createOrUpdateModelVersion');
      for (let i = 0; i < 3; i++) expect((await call(sandbox.url, 'createOrUpdateModelVersion', { token, body: version })).status).toBe(200);
      const mlRefused = await call(sandbox.url, 'createOrUpdateModelVersion', { token, body: version });
      expect(mlRefused.status).toBe(403);
      expect(mlRefused.body.detail[0]).toMatchObject({ type: 'quota_exceeded' });
      expect(mlRefused.body.detail[0].msg).toContain('max-records quota: 3 per record kind');
      // A reset frees everything.
      const reset = await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(reset.status).toBe(200);
      expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: mcpServer('four') })).status).toBe(200);
    });

    it('--max-tenant-bytes: the record that would pass it is refused and stores nothing; a smaller one still fits', async () => {
      const sandbox = await startSandbox({ maxTenantBytes: '8kB' });
      const token = await sandbox.token(runTenant('bytes'));
      let refused: Awaited<ReturnType<typeof call>> | undefined;
      let created = 0;
      for (let i = 0; i < 20 && refused === undefined; i++) {
        const answer = await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(`big-${i}`, 4) });
        if (answer.status === 200) created++;
        else refused = answer;
      }
      expect(created).toBeGreaterThan(0);
      expect(refused?.status).toBe(403);
      expect(refused?.body.message).toMatch(/^Quota exceeded: tenant bytes-\S+ keeps [\d.]+ kB of records; this secret-group record \([\d,.]+ k?B\) would pass its max-tenant-bytes quota of 8 kB\./);
      // The refused group was not stored: its name is free for a group small enough to fit (else 422, a duplicate).
      const smallName = `big-${created}`;
      const small = await call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(smallName, 0) });
      expect(small.status).toBe(200);
    });

    it('--max-tenant-bytes holds for updates: one that grows past it is refused and changes nothing; shrinking still works', async () => {
      const sandbox = await startSandbox({ maxTenantBytes: '64kB' });
      const token = await sandbox.token(runTenant('updates'));
      // The attack: small records first, then the same names again with large values (each update used to pass).
      const ids: string[] = [];
      for (let i = 0; i < 16; i++) {
        const created = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: stdioServer(`small-${i}`) });
        expect(created.status).toBe(200);
        ids.push(created.body.data.id);
      }
      expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: stdioServer('small-0', 40_000) })).status).toBe(200);
      const refused = await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: stdioServer('small-1', 40_000) });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(
        /^Quota exceeded: tenant updates-\S+ keeps [\d.]+ kB of records; this update makes a mcp-server record [\d.]+ kB \(from [\d.]+ k?B\), which would pass its max-tenant-bytes quota of 64 kB\. Updates that do not make records larger, and deletes, still work/,
      );
      // Nothing changed: small-1 still has its small args.
      const stored = await call(sandbox.url, 'getMcpServer', { token, path: { id: ids[1]! } });
      expect(stored.body.data.manifest.args).toEqual(['-y']);
      // A tenant at its quota can still shrink what it keeps, and then grow again within it.
      expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: stdioServer('small-0', 10) })).status).toBe(200);
      expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: stdioServer('small-1', 40_000) })).status).toBe(200);
      // The starting data's records count once changed: growing one past the quota is refused too.
      const seeded = stdioServer('filesystem-tools', 40_000);
      expect((await call(sandbox.url, 'createOrUpdateMcpServer', { token, body: seeded })).status).toBe(403);
    });

    it('--max-tenant-bytes: an update in place (terminateJob) of a record the tenant sees passes within the quota', async () => {
      const sandbox = await startSandbox({ maxTenantBytes: '64kB' });
      const token = await sandbox.token(runTenant('in-place'));
      const query = { deploymentId: parameterExample('terminateJob', 'deploymentId'), jobRunName: parameterExample('terminateJob', 'jobRunName') };
      expect((await call(sandbox.url, 'terminateJob', { token, query })).status).toBe(200);
      // Changed once, the run counts; changing it again is an update that does not grow it.
      expect((await call(sandbox.url, 'terminateJob', { token, query })).status).toBe(417);
    });

    it('concurrent creates racing to the last free slots never pass --max-records', async () => {
      const sandbox = await startSandbox({ maxRecords: 5 });
      const token = await sandbox.token(runTenant('race'));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call(sandbox.url, 'createSecretGroup', { token, body: secretGroup(`race-${i}`) })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 403)).toHaveLength(15);
    });

    it("one tenant's full quota refuses nobody else", async () => {
      const sandbox = await startSandbox({ maxRecords: 1 });
      const full = await sandbox.token(runTenant('full'));
      const other = await sandbox.token(runTenant('other'));
      expect((await call(sandbox.url, 'createSecretGroup', { token: full, body: secretGroup('mine') })).status).toBe(200);
      expect((await call(sandbox.url, 'createSecretGroup', { token: full, body: secretGroup('more') })).status).toBe(403);
      expect((await call(sandbox.url, 'createSecretGroup', { token: other, body: secretGroup('theirs') })).status).toBe(200);
    });
  });
}
