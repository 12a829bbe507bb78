// The MCP server: lists the served tools (one per operation, or with `mode: 'dynamic'` three that list, describe and
// call the operations) and runs each call (call-tool.ts).
// The SDK's low-level Server, because the tools' schemas are the spec's JSON Schemas: McpServer wants zod schemas.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import packageJson from '../package.json' with { type: 'json' };
import type { ApiConnection } from './api-connection.js';
import { createArgumentCheck } from './argument-check.js';
import type { CallContext } from './call-tool.js';
import { dynamicToolSet } from './dynamic-tools.js';
import { tools as generatedTools } from './generated/tools.js';
import type { Listing } from './listed-tools.js';
import { serverInstructions } from './server-instructions.js';
import { staticToolSet } from './static-tools.js';
import type { ToolDescriptor } from './tool-descriptor.js';
import { whyNotServed, type ToolSelection } from './tool-selection.js';
import type { ToolMode, ToolSet } from './tool-set.js';

export interface ServerOptions {
  connection: ApiConnection;
  /** The operations served. */
  tools: readonly ToolDescriptor[];
  /** `--show-secrets`: answers keep their secret values. */
  showSecrets?: boolean;
  /** How `tools` were chosen, so that a call to an operation left out can say why (and which flag serves it). */
  selection?: ToolSelection;
  /** `static` (default): one tool per operation; `dynamic` (`--tools dynamic`): list_operations, describe_operation, call_operation. */
  mode?: ToolMode;
  /** `--output-schemas`: list each operation's output schema too (default: left out, about two thirds of the list). */
  outputSchemas?: boolean;
}

/**
 * What every session of one configuration serves alike, built once: the tool table (each tool's listing and input
 * schema), the argument check (ajv and its compiled schemas) and the instructions. Over HTTP a session then costs
 * only its own SDK Server and transport, not a copy of these.
 */
export interface SharedServing {
  readonly instructions: string;
  readonly toolSet: ToolSet;
  readonly checkArguments: CallContext['checkArguments'];
  readonly scrub: (text: string) => string;
}

export interface ServerFactory {
  /** A new SDK Server (a transport connects one server; over HTTP each session gets its own) on the shared parts. */
  newServer(): Server;
  /** What its servers share: the same objects for every one of them. */
  readonly shared: SharedServing;
}

/** Builds the shared parts of `options` once; each `newServer()` is a session's Server over them. */
export function createServerFactory(options: ServerOptions): ServerFactory {
  const shared = sharedServing(options);
  const { connection, showSecrets = false } = options;
  const newServer = () => {
    const server = new Server({ name: 'api-mcp', title: 'Platform API', version: packageJson.version }, { capabilities: { tools: { listChanged: false } }, instructions: shared.instructions });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: shared.toolSet.listed }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const context: CallContext = { client: connection.client, checkArguments: shared.checkArguments, hasGateway: connection.hasGateway, showSecrets, scrub: shared.scrub, signal: extra.signal };
      return shared.toolSet.call(request.params.name, request.params.arguments, context);
    });
    return server;
  };
  return { newServer, shared };
}

/** A new MCP server for one connection, with parts of its own: for one transport (stdio). Sessions share a factory's. */
export function createApiMcpServer(options: ServerOptions): Server {
  return createServerFactory(options).newServer();
}

function sharedServing({ connection, tools, selection, mode = 'static', outputSchemas = false }: ServerOptions): SharedServing {
  const listing: Listing = { outputSchemas, ...(connection.tenant !== undefined && { tenant: connection.tenant }) };
  const explain = (name: string) => whyNotServed(generatedTools, name, selection);
  const toolSet = mode === 'dynamic' ? dynamicToolSet(tools, listing, explain) : staticToolSet(tools, listing, explain);
  return {
    instructions: serverInstructions(connection, mode),
    toolSet,
    checkArguments: createArgumentCheck(),
    // The connection's secrets are read at each call: a sandbox token may be minted after start.
    scrub: (text) => scrubSecrets(text, connection.secrets()),
  };
}

/** `text` with every secret we hold replaced, whatever produced the text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret.length > 0) scrubbed = scrubbed.split(secret).join('[REDACTED]');
  }
  return scrubbed;
}
