// Type tests (vitest typecheck): what must not compile, and what the methods resolve to.
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentSkillVersion, AgentTurn, ControlPlaneError, GatewayError, MlError, Team } from '@vendor/api-types';
import { createPlatformClient, isPlatformApiError, type AgentSessionTurn, type OperationErrorStatuses, type AgentSkillVersionItem, type PlatformClient } from '../src/index.js';

declare const platform: PlatformClient;

describe('operation methods', () => {
  it('resolve to the 2xx body as the spec types it', () => {
    expectTypeOf(platform.getTeam).returns.resolves.toEqualTypeOf<{ data: Team }>();
    expectTypeOf(platform.listAgentSessionTurns).returns.resolves.toHaveProperty('data').toEqualTypeOf<AgentTurn[]>();
  });

  it('reject a wrong path parameter, a missing required parameter and a wrong body field', () => {
    // @ts-expect-error id is required
    void platform.getTeam({ params: { path: {} } });
    // @ts-expect-error params are required for getTeam
    void platform.getTeam();
    // @ts-expect-error unknown path parameter
    void platform.getTeam({ params: { path: { id: 't', teamId: 'x' } } });
    // @ts-expect-error the required header x-vendor-provider-name is missing
    void platform.getFile({ params: { path: { id: 'f' } } });
    // @ts-expect-error terminateJob requires deploymentId and jobRunName
    void platform.terminateJob({ params: { query: { deploymentId: 'd' } } });
    // @ts-expect-error limit must be a number
    void platform.listAgentSessionTurns({ params: { path: { tenantName: 't', sessionId: 's' }, query: { limit: '10' } } });
    // @ts-expect-error wrong body field (passWord instead of newPassword)
    void platform.changePassword({ body: { loginId: 'a@example.com', oldPassword: 'x', passWord: 'y' } });
    // @ts-expect-error body is required
    void platform.createSecretGroup({});
    // @ts-expect-error paths must be strings
    void platform.getArtifactVersionSignedUrls({ body: { id: 'a', paths: [1] } });
    // @ts-expect-error no such operation
    void platform.getTeams;
  });

  it('accept per-call options and no argument when nothing is required', () => {
    void platform.listAgentSkillVersions();
    void platform.getTeam({ params: { path: { id: 't' } }, signal: AbortSignal.timeout(10), maxRetries: 0, timeoutMs: 5, headers: { 'x-a': 'b' } });
    // @ts-expect-error maxRetries is a number
    void platform.getTeam({ params: { path: { id: 't' } }, maxRetries: 'many' });
  });
});

describe('raw clients', () => {
  it('keep the address spaces apart', () => {
    void platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 't' } } });
    void platform.raw.gateway.GET('/batches/{id}', { params: { path: { id: 'b' } } });
    // @ts-expect-error a gateway path on the control-plane client does not compile
    void platform.raw.controlPlane.GET('/files/{id}', { params: { path: { id: 'f' }, header: { 'x-vendor-provider-name': 'p' } } });
    // @ts-expect-error nor the turns path
    void platform.raw.controlPlane.GET('/{tenantName}/v1/agents/sessions/{sessionId}/turns', { params: { path: { tenantName: 't', sessionId: 's' } } });
    // @ts-expect-error a control-plane path on the gateway client does not compile
    void platform.raw.gateway.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 't' } } });
    // @ts-expect-error a path that does not exist
    void platform.raw.controlPlane.GET('/api/svc/v1/team/{id}', { params: { path: { id: 't' } } });
  });
});

describe('pagination and errors', () => {
  it('iterators yield typed items', () => {
    expectTypeOf(platform.iterateAgentSessionTurns).returns.toMatchTypeOf<AsyncIterable<AgentTurn>>();
    expectTypeOf(platform.iterateAgentSkillVersions).returns.toMatchTypeOf<AsyncIterable<AgentSkillVersion>>();
    // @ts-expect-error the session path parameters are required
    void platform.iterateAgentSessionTurns();
  });

  it('the exported item types are the items of each page, as the spec types them', () => {
    expectTypeOf<AgentSessionTurn>().toEqualTypeOf<AgentTurn>();
    expectTypeOf<AgentSkillVersionItem>().toEqualTypeOf<AgentSkillVersion>();
    // Issue 23 added pages() to the result, so it extends AsyncIterableIterator<AgentTurn> (exact type: responses.test-d.ts).
    expectTypeOf(platform.iterateAgentSessionTurns).returns.toExtend<AsyncIterableIterator<AgentTurn>>();
  });

  it('isPlatformApiError types body by the operation error shape', () => {
    const e: unknown = null;
    if (isPlatformApiError(e, 'getTeam')) expectTypeOf(e.body).toEqualTypeOf<ControlPlaneError | undefined>();
    if (isPlatformApiError(e, 'getArtifactVersion')) expectTypeOf(e.body).toEqualTypeOf<MlError | undefined>();
    if (isPlatformApiError(e, 'listAgentSessionTurns')) expectTypeOf(e.body).toEqualTypeOf<GatewayError | undefined>();
  });

  it('options are typed', () => {
    // @ts-expect-error token is required
    createPlatformClient({ baseUrl: 'https://x' });
    createPlatformClient({ baseUrl: 'https://x', token: async () => 't', fetch: globalThis.fetch });
  });
});

describe('error statuses', () => {
  it('include 401 on every operation, also where the operation does not list it (x-secured-responses)', () => {
    expectTypeOf<401>().toExtend<OperationErrorStatuses['listAgentSessionTurns']>();
    expectTypeOf<401>().toExtend<OperationErrorStatuses['createSecretGroup']>();
    expectTypeOf<401>().toExtend<OperationErrorStatuses['terminateJob']>();
    expectTypeOf<OperationErrorStatuses['listAgentSessionTurns']>().toEqualTypeOf<400 | 401 | 404 | 412>();
    expectTypeOf<OperationErrorStatuses['getTeam']>().toEqualTypeOf<401 | 404>();
  });
});
