// The server's instructions (what an MCP host hands the model once, beside the tools): how arguments are written,
// how errors read, and what answers the calls, with the tenant to name where a tool takes one. Without the tenant
// the model copies the tenant of whatever example it saw, and the sandbox answers 404 for another tenant's session.
import type { ApiConnection } from './api-connection.js';
import { CALL_OPERATION, DESCRIBE_OPERATION, LIST_OPERATIONS } from './dynamic-tools.js';
import { TENANT_ARGUMENT } from './example-tenant.js';
import type { ToolMode } from './tool-set.js';

const ABOUT_TOOLS: Record<ToolMode, string> = {
  static: `Tools of the Platform Control Plane and Gateway API, one per operation, named by operationId.
Arguments are the operation's path, query and header parameters by name, and its JSON request body as "body".`,
  dynamic: `Three tools reach the operations of the Platform Control Plane and Gateway API: ${LIST_OPERATIONS} names them,
${DESCRIBE_OPERATION} gives one's description and the input schema of its arguments, ${CALL_OPERATION} calls one.
Arguments are the operation's path, query and header parameters by name, and its JSON request body as "body".`,
};

const ABOUT_CALLS = "Arguments are checked before anything is sent. An API error is a tool error with the status, the API's message and the request id.";

export function serverInstructions(connection: Pick<ApiConnection, 'answeredBy' | 'tenant'>, mode: ToolMode = 'static'): string {
  return [ABOUT_TOOLS[mode], ABOUT_CALLS, answeredBy(connection)].filter((line) => line !== '').join('\n');
}

function answeredBy({ answeredBy, tenant }: Pick<ApiConnection, 'answeredBy' | 'tenant'>): string {
  if (answeredBy === 'mock') return 'Calls are answered by a mock of the API: documented examples, nothing is stored.';
  if (answeredBy === 'api') return '';
  const stored = 'Calls are answered by a sandbox of the API: what a tool creates can be read back.';
  if (tenant === undefined) return `${stored} Its tenant is the one the token names: pass that tenant where a tool takes ${TENANT_ARGUMENT}.`;
  return `${stored} Its tenant is ${tenant}: pass ${TENANT_ARGUMENT} "${tenant}" where a tool takes one (the tools' examples do).`;
}
