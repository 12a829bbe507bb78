// `--tools dynamic`: three tools instead of one per operation, so that tools/list stays a few kB however many
// operations there are (as Stainless' and Speakeasy's generated servers offer): list_operations names them,
// describe_operation gives one's description and input schema, call_operation calls one. A call is checked against
// the operation's input schema and sent exactly as its own tool would be (call-tool.ts).
import { ErrorCode, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { callTool, type CallContext } from './call-tool.js';
import { listedTool, type Listing } from './listed-tools.js';
import type { JsonSchema, ToolDescriptor } from './tool-descriptor.js';
import { ProtocolError, toolError, type ToolSet } from './tool-set.js';

export const LIST_OPERATIONS = 'list_operations';
export const DESCRIBE_OPERATION = 'describe_operation';
export const CALL_OPERATION = 'call_operation';

interface DynamicTool {
  name: string;
  inputSchema: JsonSchema;
  listed: Tool;
}

function dynamicTools(tools: readonly ToolDescriptor[]): DynamicTool[] {
  const sample = tools.find((tool) => tool.annotations.readOnlyHint) ?? tools[0];
  const nameArgument = { type: 'string', minLength: 1, description: `An operation's name (operationId), as ${LIST_OPERATIONS} gives it${sample === undefined ? '' : `, e.g. ${sample.name}`}.` };
  const list = {
    type: 'object',
    properties: { search: { type: 'string', description: 'Only the operations whose name or title contains this text (any case), e.g. "team".' } },
    additionalProperties: false,
  };
  const describe = { type: 'object', properties: { name: nameArgument }, required: ['name'], additionalProperties: false };
  const call = {
    type: 'object',
    properties: {
      name: nameArgument,
      arguments: { type: 'object', description: `The operation's arguments, as ${DESCRIBE_OPERATION}'s input schema says: its path, query and header parameters by name, its JSON request body as "body".` },
    },
    required: ['name'],
    additionalProperties: false,
  };
  const anyDestructive = tools.some((tool) => tool.destructive);
  return [
    {
      name: LIST_OPERATIONS,
      inputSchema: list,
      listed: {
        name: LIST_OPERATIONS,
        title: 'List the API operations',
        description: `Lists the operations of the Platform Control Plane and Gateway API that ${CALL_OPERATION} can call: each one's name, title and whether it only reads. Next: ${DESCRIBE_OPERATION} for its arguments.`,
        inputSchema: list as Tool['inputSchema'],
        annotations: { title: 'List the API operations', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    },
    {
      name: DESCRIBE_OPERATION,
      inputSchema: describe,
      listed: {
        name: DESCRIBE_OPERATION,
        title: 'Describe an API operation',
        description: `Describes one operation: what it does, where the request goes, its errors, and the input schema of the arguments ${CALL_OPERATION} takes for it (with a documented example).`,
        inputSchema: describe as Tool['inputSchema'],
        annotations: { title: 'Describe an API operation', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    },
    {
      name: CALL_OPERATION,
      inputSchema: call,
      listed: {
        name: CALL_OPERATION,
        title: 'Call an API operation',
        description: `Calls one operation with its arguments. They are checked against the operation's input schema before anything is sent; an API error is a tool error with the status, the API's message and the request id.`,
        inputSchema: call as Tool['inputSchema'],
        annotations: { title: 'Call an API operation', readOnlyHint: false, destructiveHint: anyDestructive, idempotentHint: false, openWorldHint: true },
      },
    },
  ];
}

export function dynamicToolSet(tools: readonly ToolDescriptor[], listing: Listing, whyNotServed: (name: string) => string | undefined): ToolSet {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const own = dynamicTools(tools);
  const ownByName = new Map(own.map((tool) => [tool.name, tool]));

  /** The operation a call names, or the tool error that says why it cannot be had. */
  const operationNamed = (name: string): ToolDescriptor | CallToolResult => {
    const tool = byName.get(name);
    if (tool !== undefined) return tool;
    return toolError(whyNotServed(name) ?? `${name} is not an operation of this API: ${LIST_OPERATIONS} names them. Nothing was sent.`);
  };

  const handlers: Record<string, (args: Record<string, unknown>, context: CallContext) => Promise<CallToolResult>> = {
    [LIST_OPERATIONS]: async (args) => listOperations(tools, typeof args.search === 'string' ? args.search : undefined),
    [DESCRIBE_OPERATION]: async (args) => {
      const found = operationNamed(args.name as string);
      if (!isOperation(found)) return found;
      const described = listedTool(found, listing);
      return { content: [{ type: 'text', text: JSON.stringify(described, null, 2) }], structuredContent: { ...described } };
    },
    [CALL_OPERATION]: async (args, context) => {
      const found = operationNamed(args.name as string);
      if (!isOperation(found)) return found;
      return callTool(found, args.arguments as Record<string, unknown> | undefined, context);
    },
  };

  return {
    listed: own.map((tool) => tool.listed),
    async call(name, args, context) {
      const tool = ownByName.get(name);
      if (tool === undefined) {
        const hint = byName.has(name) ? ` (${name} is an operation: call it through ${CALL_OPERATION})` : '';
        throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool ${name}: tools/list names the tools served${hint}`);
      }
      const given = args ?? {};
      // The three tools' own arguments are checked as the operations' are, with the same wording.
      const problems = await context.checkArguments(tool, given);
      if (problems.length > 0) return toolError(`Invalid arguments for ${name}; nothing was sent:\n${problems.map((line) => `- ${line}`).join('\n')}`);
      return handlers[name]!(given, context);
    },
  };
}

const isOperation = (found: ToolDescriptor | CallToolResult): found is ToolDescriptor => 'inputSchema' in found;

/** One line per operation, `name: title (reads only)`, and the same as structured content. */
function listOperations(tools: readonly ToolDescriptor[], search: string | undefined): CallToolResult {
  const wanted = search?.toLowerCase();
  const matches = (tool: ToolDescriptor) => wanted === undefined || [tool.name, tool.title].some((text) => text.toLowerCase().includes(wanted));
  const found = tools.filter(matches);
  const operations = found.map((tool) => ({ name: tool.name, title: tool.title, readOnly: tool.annotations.readOnlyHint, destructive: tool.destructive }));
  const lines = operations.map((operation) => `${operation.name}: ${operation.title}${kindOf(operation)}`);
  const heading = wanted === undefined ? `${found.length} operations:` : `${found.length} of ${tools.length} operations match "${search}":`;
  return { content: [{ type: 'text', text: [heading, ...lines].join('\n') }], structuredContent: { operations } };
}

function kindOf(operation: { readOnly: boolean; destructive: boolean }): string {
  if (operation.readOnly) return ' (reads only)';
  if (operation.destructive) return ' (destructive)';
  return '';
}
