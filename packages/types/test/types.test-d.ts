// Type tests: root aliases equal the component schemas; paths and operations line up.
import { describe, expectTypeOf, it } from 'vitest';
import type { AgentTurn, ControlPlaneError, GatewayError, McpServerManifest, MlError, Team, components, operations, paths } from '@vendor/api-types';

describe('@vendor/api-types', () => {
  it('exports one alias per schema', () => {
    expectTypeOf<Team>().toEqualTypeOf<components['schemas']['Team']>();
    expectTypeOf<McpServerManifest>().toEqualTypeOf<components['schemas']['McpServerManifest']>();
    expectTypeOf<AgentTurn>().toEqualTypeOf<components['schemas']['AgentTurn']>();
  });

  it('types the three error shapes', () => {
    expectTypeOf<MlError['detail'][number]['msg']>().toEqualTypeOf<string>();
    expectTypeOf<ControlPlaneError['message']>().toEqualTypeOf<string>();
    expectTypeOf<GatewayError['error']['message']>().toEqualTypeOf<string>();
  });

  it('links paths to operations', () => {
    expectTypeOf<paths['/api/svc/v1/teams/{id}']['get']>().toEqualTypeOf<operations['getTeam']>();
    expectTypeOf<operations['getTeam']['parameters']['path']>().toEqualTypeOf<{ id: string }>();
  });

  it('discriminates MCP server manifests by type', () => {
    const m = {} as McpServerManifest;
    if (m.type === 'mcp-server/stdio') expectTypeOf(m.command).toEqualTypeOf<string>();
    // @ts-expect-error not a manifest type
    const bad: McpServerManifest['type'] = 'mcp-server/unknown';
    void bad;
  });
});
