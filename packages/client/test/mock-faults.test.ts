// The client's retries proven against the mock's faults on demand (Prefer: fault=503, times=N, key=K), through
// the in-process fetch of @vendor/api-mock: an idempotent operation is retried until it succeeds, a
// non-idempotent one is not retried at all. The mock's journal is the witness of what was sent.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { createSpecModel, jsonContentOf } from '@vendor/spec-model';
import { createPlatformClient, PlatformApiError } from '../src/index.js';

const spec = createRequire(import.meta.url)('@vendor/api-types/openapi.json') as Record<string, any>;
const model = createSpecModel(spec);
const TEAM_ID = model.operation('getTeam').parameters.find((p) => p.name === 'id')!.example as string;
const SECRET_GROUP = jsonContentOf(model.operation('createSecretGroup').requestBody!.content)!.examples[0]!.value;

function clientOnMock() {
  const mockFetch = createMockFetch();
  const platform = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: 'test-token', fetch: mockFetch });
  return { platform, mockFetch };
}

describe('retries against faults on demand', () => {
  it('premise: getTeam is idempotent and createSecretGroup is not (x-idempotent in the spec)', () => {
    expect(model.operation('getTeam').idempotent).toBe(true);
    expect(model.operation('createSecretGroup').idempotent).toBe(false);
  });

  it('retries an idempotent operation through two 503s and succeeds on the third attempt', async () => {
    const { platform, mockFetch } = clientOnMock();
    // retry-after=0 keeps the test fast; the client honours Retry-After over its own backoff.
    const team = await platform.getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'fault=503, times=2, key=get-team, retry-after=0' } });
    expect(team.data.id).toBe(TEAM_ID);
    const sent = mockFetch.requests(undefined, { operationId: 'getTeam' });
    expect(sent.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(sent.every((request) => request.headers.authorization === 'Bearer ***')).toBe(true);
  });

  it('gives up after maxRetries when the fault outlasts them, with the 503 as a typed error', async () => {
    const { platform, mockFetch } = clientOnMock();
    const failure = await platform
      .getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'fault=503, times=5, key=outlast, retry-after=0' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformApiError);
    expect((failure as PlatformApiError).status).toBe(503);
    expect(mockFetch.requests().length).toBe(3);
  });

  it('does not retry a non-idempotent operation: one request, one 503', async () => {
    const { platform, mockFetch } = clientOnMock();
    const failure = await platform
      .createSecretGroup({ body: SECRET_GROUP as any, headers: { Prefer: 'fault=503, times=2, key=create, retry-after=0' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformApiError);
    expect((failure as PlatformApiError).status).toBe(503);
    expect(mockFetch.requests().map((request) => [request.operationId, request.status])).toEqual([['createSecretGroup', 503]]);
  });

  it('retries a dropped connection (fault=reset) of an idempotent operation', async () => {
    const { platform, mockFetch } = clientOnMock();
    const team = await platform.getTeam({ params: { path: { id: TEAM_ID } }, headers: { Prefer: 'fault=reset, times=1, key=reset' } });
    expect(team.data.id).toBe(TEAM_ID);
    expect(mockFetch.requests().map((request) => request.status)).toEqual([0, 200]);
  });
});
