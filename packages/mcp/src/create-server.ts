// The MCP server: lists the selected tools with their schemas and annotations, and runs each call (call-tool.ts).
// The SDK's low-level Server, because the tools' schemas are the spec's JSON Schemas: McpServer wants zod schemas.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../package.json' with { type: 'json' };
import type { ApiConnection } from './api-connection.js';
import { createArgumentCheck } from './argument-check.js';
import { callTool } from './call-tool.js';
import type { ToolDescriptor } from './tool-descriptor.js';

export interface ServerOptions {
  connection: ApiConnection;
  tools: readonly ToolDescriptor[];
  /** `--show-secrets`: answers keep their secret values. */
  showSecrets?: boolean;
}

const INSTRUCTIONS = `Tools of the Platform Control Plane and Gateway API, one per operation, named by operationId.
Arguments are the operation's path, query and header parameters by name, and its JSON request body as "body".
Arguments are checked before anything is sent. An API error is a tool error with the status, the API's message and the request id.`;

/** A new MCP server for one connection (a transport connects one server; over HTTP each session gets its own). */
export function createApiMcpServer({ connection, tools, showSecrets = false }: ServerOptions): Server {
  const server = new Server({ name: 'api-mcp', title: 'Platform API', version: packageJson.version }, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const listed: Tool[] = tools.map(listedTool);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const checkArguments = createArgumentCheck();
  const scrub = (text: string) => scrubSecrets(text, connection.secrets());

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    // A protocol error, as the SDK's own servers answer an unknown tool: the name is not one of tools/list.
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}: tools/list names the tools served`);
    const context = { client: connection.client, checkArguments, hasGateway: connection.hasGateway, showSecrets, scrub, signal: extra.signal };
    return callTool(tool, request.params.arguments, context);
  });
  return server;
}

function listedTool(tool: ToolDescriptor): Tool {
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: tool.annotations,
  };
  if (tool.outputSchema !== undefined) listed.outputSchema = tool.outputSchema as Tool['outputSchema'];
  return listed;
}

/** `text` with every secret we hold replaced, whatever produced the text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret.length > 0) scrubbed = scrubbed.split(secret).join('[REDACTED]');
  }
  return scrubbed;
}
