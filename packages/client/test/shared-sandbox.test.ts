// The client against a shared sandbox (@vendor/api-mock with `shared: true`, as `--sandbox --shared` runs): a 429
// over the tenant's rate is retried after the Retry-After it carries, and a write past a quota is a typed error
// with the sandbox's message. The sandbox's journal is the witness of what was sent.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningSandbox } from '@vendor/api-mock';
import { createSpecModel, jsonContentOf } from '@vendor/spec-model';
import { createPlatformClient, isPlatformApiError, PlatformApiError } from '../src/index.js';

const spec = createRequire(import.meta.url)('@vendor/api-types/openapi.json') as Record<string, any>;
const model = createSpecModel(spec);
const TEAM_ID = model.operation('getTeam').parameters.find((p) => p.name === 'id')!.example as string;
const SECRET_GROUP = jsonContentOf(model.operation('createSecretGroup').requestBody!.content)!.examples[0]!.value as Record<string, any>;

describe('the client against a shared sandbox', { timeout: 2 * 60_000 }, () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // --shared's limits, two of them made small so that the test reaches them: 1 request a second (bursts of 2), 1 record per kind.
    sandbox = await startMock({ sandbox: { shared: true, rateLimit: 1, maxRecords: 1 }, onWarning: () => {} });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const clientFor = (token: string) => createPlatformClient({ baseUrl: sandbox.url, gatewayBaseUrl: sandbox.url, token });

  it('premise: the sandbox runs with the shared limits (a 7-day TTL, 10 MB, slow-client cuts) and the two made small', async () => {
    expect(sandbox.limits).toEqual({
      rateLimit: 1,
      maxRecords: 1,
      maxTenantBytes: 10_000_000,
      tenantTtl: '7d',
      connections: { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, maxConnections: 1000 },
    });
  });

  it('retries a 429 after its Retry-After and succeeds', async () => {
    const tenant = 'client-rate';
    const token = await sandbox.token(tenant);
    // Empty the tenant's reads bucket (a burst of 2) without a refusal of its own: the client's first attempt is refused.
    const url = `${sandbox.url}/api/svc/v1/teams/${TEAM_ID}`;
    const warmUp = [];
    for (let i = 0; i < 2; i++) warmUp.push(await fetch(url, { headers: { authorization: `Bearer ${token}` } }));
    expect(warmUp.map((answer) => answer.status)).toEqual([200, 200]);
    expect(warmUp.at(-1)!.headers.get('ratelimit-remaining')).toBe('0');
    sandbox.clearRequests(tenant);

    const startedAt = performance.now();
    const team = await clientFor(token).getTeam({ params: { path: { id: TEAM_ID } } });
    const tookMs = performance.now() - startedAt;
    expect(team.data.id).toBe(TEAM_ID);
    const sent = sandbox.requests(tenant, { operationId: 'getTeam' });
    expect(sent.map((request) => request.status)).toEqual([429, 200]);
    // It waited the second Retry-After asked for (the 429's header), not its own shorter backoff.
    expect(tookMs).toBeGreaterThanOrEqual(950);
  });

  it('a write past a quota is a PlatformApiError with status 403 and the sandbox message, typed by operation', async () => {
    const platform = clientFor(await sandbox.token('client-quota'));
    await platform.createSecretGroup({ body: { ...SECRET_GROUP, name: 'first' } as any });
    const failure = await platform.createSecretGroup({ body: { ...SECRET_GROUP, name: 'second' } as any }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformApiError);
    if (!isPlatformApiError(failure, 'createSecretGroup')) throw new Error('not a createSecretGroup error');
    expect(failure.status).toBe(403);
    expect(failure.message).toContain('createSecretGroup failed with status 403');
    expect(failure.message).toContain('Quota exceeded: tenant client-quota keeps 1 secret-group records');
    expect(failure.message).toContain('max-records quota: 1 per record kind');
    const body = failure.body as { statusCode?: number; message?: string };
    expect(body.statusCode).toBe(403);
    expect(body.message).toMatch(/^Quota exceeded/);
    // Not retried: a quota does not lift by itself.
    expect(sandbox.requests('client-quota', { operationId: 'createSecretGroup' }).map((request) => request.status)).toEqual([200, 403]);
  });
});
