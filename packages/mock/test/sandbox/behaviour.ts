// The sandbox's behaviour, per operation. Runs against every store backend (memory, a data directory, Postgres):
// each test file calls `describeSandboxBehaviour` with a way to start a sandbox on its backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { call, operation, operations, parameterExample, requestExample, type Sandbox } from './helpers.js';
import { documentedExample, firstSuccess, responseOf, validRequest } from '../helpers/spec.js';

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

export function describeSandboxBehaviour(backend: string, start: () => Promise<Sandbox>): void {
  // Generous per-test limits: these run on a busy shared machine, and on a database.
  describe(`sandbox on ${backend}`, { timeout: 2 * 60_000 }, () => {
    let sandbox: Sandbox;
    let stateless: RunningMock;
    let acme: string;
    let globex: string;
    beforeAll(async () => {
      sandbox = await start();
      stateless = await startMock({ onWarning: () => {} });
      acme = await sandbox.token('acme', 'user:ada@acme.example');
      // Each run gets its own tenant name, so runs on a shared database do not see each other's writes.
      globex = await sandbox.token(`globex-${backend.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
      await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${acme}` } });
    }, 5 * 60_000); // a database's first start on a busy machine takes a while
    afterAll(async () => {
      await stateless?.close();
      await sandbox?.close();
    }, 60_000);

    const base = () => sandbox.url;
    const mcpBody = (name: string, change: (manifest: any) => void = () => {}) => {
      const body = requestExample('createOrUpdateMcpServer');
      body.manifest.name = name;
      change(body.manifest);
      return body;
    };

    describe('seed: every documented example id answers 200 with that record', () => {
      for (const entry of operations.filter((o) => o.method === 'get')) {
        it(entry.operationId, async () => {
          const request = validRequest(base(), entry, acme);
          const res = await fetch(request.url, request.init);
          const body = await res.json();
          expect(res.status).toBe(200);
          const { example } = firstSuccess(entry) as { example: any };
          const id = example?.data?.id ?? example?.id;
          if (typeof id === 'string') expect(body.data?.id ?? body.id).toBe(id);
        });
      }
    });

    it('answers all 18 operations with responses that match the spec', async () => {
      expect(operations).toHaveLength(18);
      for (const entry of operations) {
        const request = validRequest(base(), entry, acme);
        const res = await fetch(request.url, request.init);
        const text = await res.text();
        const status = res.status;
        // Every documented request succeeds once on fresh data, creates included.
        expect(status, `${entry.operationId}: ${text}`).toBe(200);
        const { expectMatchesSpec } = await import('./helpers.js');
        expectMatchesSpec(entry, status, text ? JSON.parse(text) : undefined);
      }
    });

    describe('authentication', () => {
      it('401 in each operation shape without a token, with a malformed one, an expired one and one signed elsewhere', async () => {
        const other = await startMock({ sandbox: { secret: 'another-secret' }, onWarning: () => {} });
        const foreign = await other.token('acme');
        await other.close();
        const { createTokenIssuer } = await import('../../src/sandbox/tokens.js');
        const expired = await createTokenIssuer('sandbox-test-secret').sign('acme', undefined, '-1m');
        for (const entry of operations) {
          for (const token of [null, 'not-a-jwt', foreign, expired]) {
            const request = validRequest(base(), entry, token ?? 'x');
            if (token === null) delete request.init.headers.authorization;
            const res = await fetch(request.url, request.init);
            const body = await res.json();
            expect(res.status, `${entry.operationId} ${token === null ? 'without token' : 'bad token'}`).toBe(401);
            const { expectMatchesSpec } = await import('./helpers.js');
            expectMatchesSpec(entry, 401, body);
            if (token) expect(JSON.stringify(body)).not.toContain(token);
          }
        }
      });
    });

    describe('tenancy', () => {
      it('a server one tenant creates is invisible to another; each tenant has its own seed', async () => {
        const created = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: mcpBody('tenancy-check') });
        expect(created.status).toBe(200);
        const id = created.body.data.id;
        expect((await call(base(), 'getMcpServer', { token: acme, path: { id } })).status).toBe(200);
        const fromOther = await call(base(), 'getMcpServer', { token: globex, path: { id } });
        expect(fromOther.status).toBe(404);
        const seeded = await call(base(), 'getMcpServer', { token: globex, path: { id: parameterExample('getMcpServer', 'id') } });
        expect(seeded.status).toBe(200);
        expect(seeded.body.data.fqn.startsWith('globex-')).toBe(true);
      });

      it("a gateway path with another tenant's name answers 404, as if the session did not exist", async () => {
        const sessionId = parameterExample('listAgentSessionTurns', 'sessionId');
        const own = await call(base(), 'listAgentSessionTurns', { token: acme, path: { tenantName: 'acme', sessionId } });
        expect(own.status).toBe(200);
        const res = await call(base(), 'listAgentSessionTurns', { token: globex, path: { tenantName: 'acme', sessionId } });
        expect(res.status).toBe(404);
        expect(res.body.error.type).toBe('not_found_error');
      });
    });

    describe('PUT /mcp', () => {
      it('creates, then updates by manifest.name: same id, fqn <tenant>:mcp-server:<name>, timestamps, proxyUrl template; GET returns it', async () => {
        const first = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: mcpBody('upsert-check') });
        expect(first.status).toBe(200);
        const server = first.body.data;
        expect(server.fqn).toBe('acme:mcp-server:upsert-check');
        expect(server.proxyUrl).toBe('{{mcpProxyBaseURL}}/acme/mcp-server/upsert-check/mcp');
        expect(Date.parse(server.createdAt)).not.toBeNaN();
        const second = await call(base(), 'createOrUpdateMcpServer', {
          token: acme,
          body: mcpBody('upsert-check', (m) => (m.description = 'Changed description.')),
        });
        expect(second.body.data.id).toBe(server.id);
        expect(second.body.data.createdAt).toBe(server.createdAt);
        expect(Date.parse(second.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(server.updatedAt));
        const read = await call(base(), 'getMcpServer', { token: acme, path: { id: server.id } });
        expect(read.status).toBe(200);
        expect(read.body.data.manifest.description).toBe('Changed description.');
        expect(read.body.data.id).toBe(server.id);
      });

      it('dryRun validates and resolves but persists nothing', async () => {
        const dry = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: { ...mcpBody('dry-run-check'), dryRun: true } });
        expect(dry.status).toBe(200);
        expect(dry.body.data.fqn).toBe('acme:mcp-server:dry-run-check');
        const real = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: mcpBody('dry-run-check') });
        expect(real.body.data.id).not.toBe(dry.body.data.id);
        expect(typeof real.body.data.id).toBe('string');
      });

      it('417 when an update changes per-user auth_data without force; force: true proceeds', async () => {
        const name = 'force-check';
        const perUser = mcpBody(name, (m) => (m.auth_data = { type: 'header', headers: { Authorization: 'Bearer {{user}}' }, auth_level: 'per_user' }));
        expect((await call(base(), 'createOrUpdateMcpServer', { token: acme, body: perUser })).status).toBe(200);
        const global = mcpBody(name, (m) => (m.auth_data = { type: 'header', headers: { Authorization: 'Bearer shared' }, auth_level: 'global' }));
        const refused = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: global });
        expect(refused.status).toBe(417);
        expect(refused.body.message).toContain('force=true');
        const removed = mcpBody(name, (m) => delete m.auth_data);
        expect((await call(base(), 'createOrUpdateMcpServer', { token: acme, body: removed })).status).toBe(417);
        const same = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: { ...perUser, force: false } });
        expect(same.status).toBe(200);
        const forced = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: { ...global, force: true } });
        expect(forced.status).toBe(200);
        expect(forced.body.data.manifest.auth_data.auth_level).toBe('global');
        // Now global: a further change needs no force.
        expect((await call(base(), 'createOrUpdateMcpServer', { token: acme, body: removed })).status).toBe(200);
      });

      it('concurrent upserts of one name converge to one server', async () => {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            call(base(), 'createOrUpdateMcpServer', { token: acme, body: mcpBody('race-check', (m) => (m.description = `writer ${i}`)) }),
          ),
        );
        expect(results.every((r) => r.status === 200)).toBe(true);
        expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      });

      it('GET of an unknown id answers 404 in the control-plane shape', async () => {
        const res = await call(base(), 'getMcpServer', { token: acme, path: { id: 'cmnosuchserver00000000000' } });
        expect(res.status).toBe(404);
        expect(res.body.statusCode).toBe(404);
      });
    });

    describe('ML', () => {
      it('PUT model-versions creates the next version for (ml_repo, name) with a new id and fqn', async () => {
        const body = requestExample('createOrUpdateModelVersion');
        const a = await call(base(), 'createOrUpdateModelVersion', { token: globex, body });
        const b = await call(base(), 'createOrUpdateModelVersion', { token: globex, body });
        expect(a.status).toBe(200);
        expect(b.body.data.manifest.version).toBe(a.body.data.manifest.version + 1);
        expect(b.body.data.id).not.toBe(a.body.data.id);
        expect(b.body.data.fqn).not.toBe(a.body.data.fqn);
        expect(b.body.data.fqn.endsWith(`:${b.body.data.manifest.version}`)).toBe(true);
      });

      it('PUT model-versions for an ML repo the tenant does not have answers 422 (documented) naming manifest.ml_repo, not an undocumented 404', async () => {
        const body = requestExample('createOrUpdateModelVersion');
        body.manifest.ml_repo = 'no-such-repo';
        const res = await call(base(), 'createOrUpdateModelVersion', { token: globex, body });
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc).toEqual(['body', 'manifest', 'ml_repo']);
      });

      it('signed URLs: one https URL per path, in order, with an expiry and a signature; unknown version 404 (ML shape)', async () => {
        const body = requestExample('getArtifactVersionSignedUrls');
        body.paths = ['b/second.txt', 'a/first.txt', 'third.bin'];
        const res = await call(base(), 'getArtifactVersionSignedUrls', { token: acme, body });
        expect(res.status).toBe(200);
        expect(res.body.data.map((d: any) => d.path)).toEqual(body.paths);
        for (const item of res.body.data) {
          const url = new URL(item.signed_url);
          expect(url.protocol).toBe('https:');
          expect(Number(url.searchParams.get('expires'))).toBeGreaterThan(Date.now() / 1000);
          expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
        }
        const missing = await call(base(), 'getArtifactVersionSignedUrls', { token: acme, body: { ...body, id: 'cmnosuchversion0000000000' } });
        expect(missing.status).toBe(404);
        expect(missing.body.detail[0].loc).toEqual(['body', 'id']);
      });

      it('DELETE ml-repos removes the repo and what it owns; again answers 404', async () => {
        const artifactId = parameterExample('getArtifactVersion', 'id');
        const before = await call(base(), 'getArtifactVersion', { token: globex, path: { id: artifactId } });
        expect(before.status).toBe(200);
        const repoId = before.body.data.ml_repo_id;
        expect((await call(base(), 'deleteMlRepo', { token: globex, path: { id: repoId } })).status).toBe(200);
        expect((await call(base(), 'getArtifactVersion', { token: globex, path: { id: artifactId } })).status).toBe(404);
        const again = await call(base(), 'deleteMlRepo', { token: globex, path: { id: repoId } });
        expect(again.status).toBe(404);
        expect(again.body.detail[0].type).toBe('not_found');
        await fetch(`${base()}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${globex}` } });
        expect((await call(base(), 'getArtifactVersion', { token: globex, path: { id: artifactId } })).status).toBe(200);
      });

      it('agent skill: latest_version is its highest version', async () => {
        const id = parameterExample('getAgentSkill', 'agent_skill_id');
        const skill = await call(base(), 'getAgentSkill', { token: acme, path: { id, agent_skill_id: id } });
        const all = await call(base(), 'listAgentSkillVersions', { token: acme, query: { agent_skill_id: id, limit: 1000 } });
        const highest = Math.max(...all.body.data.map((v: any) => v.manifest.version));
        expect(skill.body.data.latest_version.manifest.version).toBe(highest);
        expect((await call(base(), 'getAgentSkill', { token: acme, path: { agent_skill_id: 'cmnosuchskill000000000000' } })).status).toBe(404);
      });

      it('agent skill versions: >= 30 across >= 2 skills; each filter applies; offset/limit page; total counts the filtered set', async () => {
        const all = await call(base(), 'listAgentSkillVersions', { token: acme, query: { limit: 1000 } });
        const versions = all.body.data;
        expect(all.body.pagination.total).toBe(versions.length);
        expect(versions.length).toBeGreaterThanOrEqual(30);
        const skills = [...new Set(versions.map((v: any) => v.agent_skill_id))];
        expect(skills.length).toBeGreaterThanOrEqual(2);
        const sample = versions[3];
        const cases: Array<[Record<string, string | number>, (v: any) => boolean]> = [
          [{ fqn: sample.fqn }, (v) => v.fqn === sample.fqn],
          [{ agent_skill_id: skills[1] as string }, (v) => v.agent_skill_id === skills[1]],
          [{ ml_repo_id: sample.ml_repo_id }, (v) => v.ml_repo_id === sample.ml_repo_id],
          [{ name: sample.manifest.name }, (v) => v.manifest.name === sample.manifest.name],
          [{ version: 2 }, (v) => v.manifest.version === 2],
          [{ name: sample.manifest.name, version: 2 }, (v) => v.manifest.name === sample.manifest.name && v.manifest.version === 2],
        ];
        for (const [query, keep] of cases) {
          const res = await call(base(), 'listAgentSkillVersions', { token: acme, query: { ...query, limit: 1000 } });
          const expected = versions.filter(keep);
          expect(res.body.pagination.total, JSON.stringify(query)).toBe(expected.length);
          expect(res.body.data.map((v: any) => v.id).sort()).toEqual(expected.map((v: any) => v.id).sort());
        }
        const page = await call(base(), 'listAgentSkillVersions', { token: acme, query: { agent_skill_id: skills[0] as string, offset: 5, limit: 4 } });
        const filtered = versions.filter((v: any) => v.agent_skill_id === skills[0]);
        expect(page.body.pagination).toEqual({ total: filtered.length, offset: 5, limit: 4 });
        expect(page.body.data.map((v: any) => v.id)).toEqual(filtered.slice(5, 9).map((v: any) => v.id));
      });
    });

    describe('secret groups', () => {
      it('creates a group; a duplicate name answers 422; secret values are not echoed', async () => {
        const body = requestExample('createSecretGroup');
        body.name = 'sandbox-keys';
        const created = await call(base(), 'createSecretGroup', { token: acme, body });
        expect(created.status).toBe(200);
        expect(created.body.data.manifest.name).toBe('sandbox-keys');
        for (const secret of body.secrets) expect(JSON.stringify(created.body)).not.toContain(secret.value);
        const again = await call(base(), 'createSecretGroup', { token: acme, body });
        expect(again.status).toBe(422);
        expect(again.body.details[0].path).toBe('body.name');
      });

      it("another tenant's new group names that tenant, never the example tenant (acme)", async () => {
        const body = requestExample('createSecretGroup');
        body.name = 'other-tenant-keys';
        // The example request names acme's integration; this tenant sends its own, so any acme left is the sandbox's.
        body.integrationId = body.integrationId.replace('acme', 'globex');
        const created = await call(base(), 'createSecretGroup', { token: globex, body });
        expect(created.status).toBe(200);
        expect(created.body.data.tenantName).toMatch(/^globex-/);
        expect(created.body.data.accountId).toContain(created.body.data.tenantName);
        // Ids are random and may spell anything (a generated id once held "k7acmek"): only names count.
        const withoutIds = JSON.stringify(created.body, (key, value) => (key === 'id' || key.endsWith('Id') ? undefined : value));
        expect(withoutIds).toContain(created.body.data.tenantName);
        expect(withoutIds).not.toContain('acme');
      });
    });

    describe('turns', () => {
      const sessionId = () => parameterExample('listAgentSessionTurns', 'sessionId');
      const turns = (token: string, query: Record<string, string | number> = {}) =>
        call(base(), 'listAgentSessionTurns', { token, path: { tenantName: 'acme', sessionId: sessionId() }, query });

      it('a chain of >= 5 turns, newest first, covering each state the examples show; default limit 10', async () => {
        const res = await turns(acme);
        expect(res.status).toBe(200);
        const data = res.body.data;
        expect(data.length).toBeGreaterThanOrEqual(5);
        expect(res.body.pagination.limit).toBe(10);
        for (let i = 0; i + 1 < data.length; i++) expect(data[i].previous_turn_id).toBe(data[i + 1].id);
        expect(data[data.length - 1].previous_turn_id ?? undefined).toBeUndefined();
        const exampleStates = new Set<string>();
        const { examples } = responseOf(operation('listAgentSessionTurns'), '200');
        for (const example of examples) for (const turn of (example.value as any).data) exampleStates.add(turn.state.status);
        expect(new Set(data.map((t: any) => t.state.status))).toEqual(exampleStates);
      });

      it('pages with limit follow next_page_token along previous_turn_id, which is absent on the last page', async () => {
        const all = (await turns(acme)).body.data.map((t: any) => t.id);
        const seen: string[] = [];
        let token: string | undefined;
        for (let page = 0; page < 20; page++) {
          const res = await turns(acme, { limit: 2, ...(token && { page_token: token }) });
          expect(res.body.data.length).toBeLessThanOrEqual(2);
          seen.push(...res.body.data.map((t: any) => t.id));
          token = res.body.pagination.next_page_token;
          if (token === undefined) break;
          expect(token).toBe(res.body.data[res.body.data.length - 1].previous_turn_id);
        }
        expect(token).toBeUndefined();
        expect(seen).toEqual(all);
      });

      it('an unknown session answers 404 (gateway shape); a bad page token 400', async () => {
        const missing = await call(base(), 'listAgentSessionTurns', { token: acme, path: { tenantName: 'acme', sessionId: 'no-such-session' } });
        expect(missing.status).toBe(404);
        expect(missing.body.error.param).toBe('sessionId');
        const bad = await turns(acme, { page_token: 'not-a-turn' });
        expect(bad.status).toBe(400);
        // Exactly what the API reference documents for this case.
        const documented = documentedExample(operation('listAgentSessionTurns'), '400', 'unknownPageToken');
        expect(bad.body).toEqual(documented);
      });
    });

    describe('gateway lookups and jobs', () => {
      for (const id of ['getBatch', 'getFile', 'listResponseInputItems']) {
        it(`${id}: a stored id answers 200, an unknown id 404 in the gateway shape`, async () => {
          const known = await call(base(), id, { token: acme, path: { id: parameterExample(id, 'id') } });
          expect(known.status).toBe(200);
          const unknown = await call(base(), id, { token: acme, path: { id: 'no-such-id' } });
          expect(unknown.status).toBe(404);
          expect(unknown.body.error.type).toBe('not_found_error');
        });
      }

      it('a path value that is not valid percent-encoding is read as sent, as validation reads it: 404, not a crash', async () => {
        const { expectMatchesSpec } = await import('./helpers.js');
        const res = await fetch(`${base()}${operation('getTeam').path.replace('{id}', 'no%zzteam')}`, { headers: { authorization: `Bearer ${acme}` } });
        const body = await res.json();
        expect(res.status).toBe(404);
        expect(body.message).toContain('no%zzteam');
        expectMatchesSpec(operation('getTeam'), 404, body);
      });

      it('terminate: a stored run is terminated (again: 417); an unknown deployment or run answers 404', async () => {
        const query = { deploymentId: parameterExample('terminateJob', 'deploymentId'), jobRunName: parameterExample('terminateJob', 'jobRunName') };
        const first = await call(base(), 'terminateJob', { token: globex, query });
        expect(first.status).toBe(200);
        expect(first.body.message).toContain(query.jobRunName);
        expect((await call(base(), 'terminateJob', { token: globex, query })).status).toBe(417);
        expect((await call(base(), 'terminateJob', { token: globex, query: { ...query, deploymentId: 'no-such-deployment' } })).status).toBe(404);
        expect((await call(base(), 'terminateJob', { token: globex, query: { ...query, jobRunName: 'no-such-run' } })).status).toBe(404);
      });
    });

    describe('as the stateless mock', () => {
      it('bad input is refused exactly as the stateless mode refuses it', async () => {
        const invalid = mcpBody('ab', (m) => delete m.collaborators);
        const cases: Array<[string, (req: ReturnType<typeof validRequest>) => void]> = [
          ['createOrUpdateMcpServer', (req) => (req.init.body = JSON.stringify(invalid))],
          ['createOrUpdateMcpServer', (req) => (req.init.body = '{not json')],
          ['listAgentSessionTurns', (req) => (req.url = withQuery(req.url, 'limit', '26'))],
          ['listAgentSkillVersions', (req) => (req.url = withQuery(req.url, 'version', '0'))],
          ['createOrUpdateModelVersion', (req) => (req.init.body = JSON.stringify({ manifest: { type: 'model-version' } }))],
          ['createSecretGroup', (req) => (req.init.body = JSON.stringify({ name: 'x' }))],
          ['terminateJob', (req) => (req.url = req.url.replace(/jobRunName=[^&]+&?/, ''))],
        ];
        for (const [id, change] of cases) {
          const answers = [];
          for (const [url, token] of [[sandbox.url, acme], [stateless.url, 'any']] as const) {
            const req = validRequest(url, operation(id), token);
            change(req);
            const res = await fetch(req.url, req.init);
            answers.push({ status: res.status, body: await res.json() });
          }
          expect(answers[0], id).toEqual(answers[1]);
          expect(answers[0]!.status).toBeGreaterThanOrEqual(400);
        }
      });

      it('Prefer picks a documented example, as in the stateless mode', async () => {
        const res = await call(base(), 'getTeam', { token: acme, path: { id: 'anything' }, headers: { prefer: 'code=404' } });
        expect(res.status).toBe(404);
      });

      it('charts and change password answer as the stateless mode does', async () => {
        for (const id of ['getMetricCharts', 'changePassword']) {
          const req = validRequest(base(), operation(id), acme);
          const res = await fetch(req.url, req.init);
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual(firstSuccess(operation(id)).example);
        }
      });
    });

    describe('/_sandbox', () => {
      it('GET /_sandbox/health answers 200 with the store', async () => {
        const res = await fetch(`${base()}/_sandbox/health`);
        expect(res.status).toBe(200);
        expect((await res.json()).status).toBe('ok');
      });

      it('answers CORS like the operations: a preflight for reset, and the origin on health and reset', async () => {
        const origin = 'http://app.example.test';
        const preflight = await fetch(`${base()}/_sandbox/reset`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
        expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
        expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
        const health = await fetch(`${base()}/_sandbox/health`, { headers: { origin } });
        expect(health.status).toBe(200);
        expect(health.headers.get('access-control-allow-origin')).toBe(origin);
        const reset = await fetch(`${base()}/_sandbox/reset`, { method: 'POST', headers: { origin, authorization: `Bearer ${globex}` } });
        expect(reset.status).toBe(200);
        expect(reset.headers.get('access-control-allow-origin')).toBe(origin);
      });

      it("POST /_sandbox/reset resets only the caller's tenant to the seed; without a token 401", async () => {
        const created = await call(base(), 'createOrUpdateMcpServer', { token: globex, body: mcpBody('reset-check') });
        const kept = await call(base(), 'createOrUpdateMcpServer', { token: acme, body: mcpBody('reset-keeps') });
        expect((await fetch(`${base()}/_sandbox/reset`, { method: 'POST' })).status).toBe(401);
        const reset = await fetch(`${base()}/_sandbox/reset`, { method: 'POST', headers: { authorization: `Bearer ${globex}` } });
        expect(reset.status).toBe(200);
        expect((await call(base(), 'getMcpServer', { token: globex, path: { id: created.body.data.id } })).status).toBe(404);
        expect((await call(base(), 'getMcpServer', { token: acme, path: { id: kept.body.data.id } })).status).toBe(200);
        const seeded = await call(base(), 'getMcpServer', { token: globex, path: { id: parameterExample('getMcpServer', 'id') } });
        expect(seeded.status).toBe(200);
      });
    });
  });
}
