// The tenant the documented examples are written for (`acme`): the tools' own input examples name it in a
// gateway path (`listAgentSessionTurns`' `tenantName`). The mock's sandbox reads its starting data's tenant from
// the same parameter example, so a sandbox token for this tenant makes every tool's example answer as documented.
import type { ToolDescriptor } from './tool-descriptor.js';

/** The argument that names the tenant in the gateway's paths (`/{tenantName}/v1/agents/...`). */
export const TENANT_ARGUMENT = 'tenantName';

// The mock's own choice when no example names a tenant (packages/mock/src/sandbox/seed/derive-seed.ts).
const MOCK_DEFAULT_TENANT = 'acme';

/** The tenant named by the first input example that has a `tenantName` argument. */
export function exampleTenantOf(tools: readonly ToolDescriptor[]): string {
  for (const tool of tools) {
    const example = (tool.inputSchema.examples as Array<Record<string, unknown>> | undefined)?.[0];
    const tenant = example?.[TENANT_ARGUMENT];
    if (tool.arguments[TENANT_ARGUMENT] !== undefined && typeof tenant === 'string') return tenant;
  }
  return MOCK_DEFAULT_TENANT;
}

/** Whether a tool takes the tenant as an argument, so that its description should say which one to pass. */
export function takesTenant(tool: ToolDescriptor): boolean {
  return tool.arguments[TENANT_ARGUMENT] !== undefined;
}

/** The line a tool that takes the tenant adds to its description, when the server knows the tenant. */
export function tenantNote(tenant: string): string {
  return `In this sandbox the tenant is ${tenant}: pass ${TENANT_ARGUMENT} "${tenant}".`;
}
