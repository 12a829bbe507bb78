// The README's code samples must compile (type-checked, never run).
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentTurn, McpServerManifest, Team, operations } from '@vendor/api-types';
import { startMock } from '@vendor/api-mock';
import {
  createPlatformClient,
  isPlatformApiError,
  PlatformApiError,
  resolveProxyUrl,
  type MethodResult,
} from '../src/index.js';

describe('README samples', () => {
  it('quick start', async () => {
    const platform = createPlatformClient({
      baseUrl: 'https://platform.example.com',
      gatewayBaseUrl: 'https://gateway.example.com',
      token: process.env.PLATFORM_TOKEN!,
    });
    const { data: team } = await platform.getTeam({ params: { path: { id: 'jqfwg345gi25n5ju2yz5iz6m' } } });
    expectTypeOf(team).toEqualTypeOf<Team>();
    console.log(team.manifest?.name);
    const { data: server } = await platform.createOrUpdateMcpServer({
      body: {
        manifest: {
          type: 'mcp-server/remote',
          name: 'filesystem-tools',
          description: 'Read-only access to the shared drive',
          collaborators: [{ subject: 'team:platform', role_id: 'mcp-server-manager' }],
          url: 'https://mcp.example.com/sse',
        },
        dryRun: true,
      },
    });
    void server;
    try {
      await platform.getTeam({ params: { path: { id: 'unknown' } } });
    } catch (error) {
      if (error instanceof PlatformApiError && error.status === 404) console.log(error.message);
      else throw error;
    }
    await platform.listAgentSkillVersions();
  });

  it('options, per-call options, errors, pagination, proxy URLs, raw clients, mock', async () => {
    const platform = createPlatformClient({
      baseUrl: 'https://p',
      gatewayBaseUrl: 'https://g',
      token: async () => 'rotated',
      fetch: globalThis.fetch,
      maxRetries: 2,
      timeoutMs: 60000,
      headers: { 'x-app': 'reporting' },
    });
    const controller = new AbortController();
    await platform.getTeam({ params: { path: { id: 'x' } }, signal: controller.signal, maxRetries: 0, timeoutMs: 5_000, headers: { 'x-trace-id': 't' } });
    await platform.getBatch({ params: { path: { id: 'batch_abc' } }, signal: controller.signal });
    try {
      await platform.listAgentSessionTurns({ params: { path: { tenantName: 'acme', sessionId: 's' } } });
    } catch (error) {
      if (isPlatformApiError(error, 'listAgentSessionTurns')) void error.body?.error.message;
    }
    for await (const turn of platform.iterateAgentSessionTurns({
      params: { path: { tenantName: 'acme', sessionId: '01arz3ndektsv4rrffq69g5fav.g' }, query: { limit: 25 } },
    })) {
      expectTypeOf(turn).toEqualTypeOf<AgentTurn>();
      console.log(turn.id, turn.state?.status);
    }
    for await (const version of platform.iterateAgentSkillVersions({ params: { query: { name: 'triage', limit: 100 } } })) {
      console.log(version.fqn);
    }
    const { data } = await platform.getMcpServer({ params: { path: { id: 'm' } } });
    void resolveProxyUrl(data.proxyUrl, 'https://gateway.example.com');
    const { data: raw, error, response } = await platform.raw.controlPlane.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 'x' } } });
    void [raw, error, response];
    await platform.raw.gateway.GET('/batches/{id}', { params: { path: { id: 'batch_abc' } } });
    type TurnsPage = MethodResult<operations['listAgentSessionTurns']>;
    expectTypeOf<TurnsPage['data']>().toEqualTypeOf<AgentTurn[]>();

    const mock = await startMock();
    const local = createPlatformClient({ baseUrl: mock.url, gatewayBaseUrl: mock.url, token: 'any-token' });
    await local.getTeam({ params: { path: { id: 'x' } }, headers: { Prefer: 'code=404' } }).catch(console.log);
    await mock.close();
  });

  it('types README', () => {
    const describeManifest = (m: McpServerManifest): string => {
      switch (m.type) {
        case 'mcp-server/remote':
          return `remote at ${m.url}`;
        case 'mcp-server/stdio':
          return `runs ${m.command}`;
        default:
          return m.type;
      }
    };
    void describeManifest;
  });
});
