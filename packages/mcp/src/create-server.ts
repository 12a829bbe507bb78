// The MCP server: lists the selected tools with their schemas and annotations, and runs each call (call-tool.ts).
// The SDK's low-level Server, because the tools' schemas are the spec's JSON Schemas: McpServer wants zod schemas.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../package.json' with { type: 'json' };
import type { ApiConnection } from './api-connection.js';
import { createArgumentCheck } from './argument-check.js';
import { callTool } from './call-tool.js';
import { takesTenant } from './example-tenant.js';
import { tools as generatedTools } from './generated/tools.js';
import { serverInstructions, tenantNote } from './server-instructions.js';
import type { ToolDescriptor } from './tool-descriptor.js';
import { whyNotServed, type ToolSelection } from './tool-selection.js';

export interface ServerOptions {
  connection: ApiConnection;
  tools: readonly ToolDescriptor[];
  /** `--show-secrets`: answers keep their secret values. */
  showSecrets?: boolean;
  /** How `tools` were chosen, so that a call to a tool left out can say why (and which flag serves it). */
  selection?: ToolSelection;
}

/**
 * A JSON-RPC error as the SDK's Server sends it: its `code`, and its message as it is. The SDK's McpError would
 * put "MCP error -32602: " into the message, and the client's McpError puts it there again.
 */
class ProtocolError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

/** A new MCP server for one connection (a transport connects one server; over HTTP each session gets its own). */
export function createApiMcpServer({ connection, tools, showSecrets = false, selection }: ServerOptions): Server {
  const server = new Server({ name: 'api-mcp', title: 'Platform API', version: packageJson.version }, { capabilities: { tools: { listChanged: false } }, instructions: serverInstructions(connection) });
  const listed: Tool[] = tools.map((tool) => listedTool(tool, connection.tenant));
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const checkArguments = createArgumentCheck();
  const scrub = (text: string) => scrubSecrets(text, connection.secrets());

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (tool === undefined) return notServed(name, selection);
    const context = { client: connection.client, checkArguments, hasGateway: connection.hasGateway, showSecrets, scrub, signal: extra.signal };
    return callTool(tool, request.params.arguments, context);
  });
  return server;
}

/**
 * A call to a tool that is not served. An operation left out (destructive without the flag, or not in --tools) is a
 * tool error the model reads, saying why; a name that is no operation is a protocol error, as the SDK's servers answer.
 */
function notServed(name: string, selection: ToolSelection | undefined): CallToolResult {
  const reason = whyNotServed(generatedTools, name, selection);
  if (reason === undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool ${name}: tools/list names the tools served`);
  return { isError: true, content: [{ type: 'text', text: reason }] };
}

function listedTool(tool: ToolDescriptor, tenant: string | undefined): Tool {
  const description = tenant !== undefined && takesTenant(tool) ? `${tool.description}\n\n${tenantNote(tenant)}` : tool.description;
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description,
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
