// The two ways of listing the operations (issue 40, point 6): one tool per operation, with output schemas only when
// asked (--output-schemas), and --tools dynamic, three tools that list, describe and call them, checking a call's
// arguments as the operation's own tool does.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tools as generated } from '../src/generated/tools.js';
import { startMcp, type RunningMcp } from './helpers/mcp-process.js';
import { DESTRUCTIVE, documentedArguments, model } from './helpers/spec.js';

const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // getTeam's documented example id
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
const servedByDefault = model.operations.map((o) => o.operationId).filter((id) => !DESTRUCTIVE.includes(id)).sort();

describe('one tool per operation (the default)', () => {
  let mcp: RunningMcp;
  let tools: Tool[];
  beforeAll(async () => {
    mcp = await startMcp('stdio', ['--mock']);
    tools = (await mcp.client.listTools()).tools;
  });
  afterAll(() => mcp?.close());

  test('lists no output schemas, and answers still carry the body as structured content', async () => {
    expect(tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name)).toEqual([]);
    const result = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: TEAM_ID } })) as CallToolResult;
    expect((result.structuredContent as any).data.id).toBe(TEAM_ID);
  });
});

describe('--output-schemas', () => {
  let mcp: RunningMcp;
  beforeAll(async () => {
    mcp = await startMcp('stdio', ['--mock', '--output-schemas']);
  });
  afterAll(() => mcp?.close());

  test("lists each tool's output schema, which the client then checks answers against", async () => {
    const { tools } = await mcp.client.listTools();
    const withSchema = generated.filter((tool) => tool.outputSchema !== undefined && !tool.destructive).map((tool) => tool.name);
    expect(withSchema.length).toBeGreaterThan(0);
    expect(tools.filter((tool) => tool.outputSchema !== undefined).map((tool) => tool.name)).toEqual(withSchema);
    const result = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: TEAM_ID } })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});

describe('--tools dynamic', () => {
  let mcp: RunningMcp;
  const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  beforeAll(async () => {
    mcp = await startMcp('stdio', ['--mock', '--sandbox', '--tools', 'dynamic']);
  });
  afterAll(() => mcp?.close());

  test('tools/list has three tools, and the instructions say how to use them', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['list_operations', 'describe_operation', 'call_operation']);
    expect(mcp.client.getInstructions()).toContain('list_operations names them');
    expect(mcp.client.getInstructions()).toContain('Its tenant is acme');
  });

  test('list_operations names the operations served (no destructive one without --allow-destructive), and filters', async () => {
    const all = await call('list_operations', {});
    expect(((all.structuredContent as any).operations as Array<{ name: string }>).map((o) => o.name).sort()).toEqual(servedByDefault);
    expect(textOf(all)).toContain('getTeam: ');
    const some = await call('list_operations', { search: 'TURNS' });
    expect(((some.structuredContent as any).operations as Array<{ name: string }>).map((o) => o.name)).toEqual(['listAgentSessionTurns']);
  });

  test("describe_operation gives the operation's description and the same input schema as its own tool", async () => {
    const described = await call('describe_operation', { name: 'listAgentSessionTurns' });
    expect(described.isError, textOf(described)).toBeFalsy();
    const tool = generated.find((candidate) => candidate.name === 'listAgentSessionTurns')!;
    expect((described.structuredContent as any).inputSchema).toEqual(tool.inputSchema);
    expect((described.structuredContent as any).description).toContain('In this sandbox the tenant is acme');
    expect((described.structuredContent as any).outputSchema).toBeUndefined();
  });

  test("call_operation with an operation's documented example answers as its tool does", async () => {
    const [example] = documentedArguments(model.operation('listAgentSessionTurns'));
    const result = await call('call_operation', { name: 'listAgentSessionTurns', arguments: example!.args });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(/^listAgentSessionTurns: 200/);
    expect(((result.structuredContent as any).data as unknown[]).length).toBeGreaterThan(0);
  });

  test("call_operation checks the arguments against the operation's input schema, and sends nothing when they are wrong", async () => {
    const wrong = await call('call_operation', { name: 'getTeam', arguments: { id: 42, teamId: 'x' } });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain('Invalid arguments for getTeam; nothing was sent:');
    expect(textOf(wrong)).toContain('- id: must be string (type)');
    expect(textOf(wrong)).toContain('- teamId: is not an argument of this tool (additionalProperties)');
    const missing = await call('call_operation', { arguments: {} });
    expect(textOf(missing)).toContain('Invalid arguments for call_operation; nothing was sent:\n- name: is required (required)');
  });

  test('a destructive operation says it exists and which flag serves it; an unknown one says what lists them', async () => {
    const destructive = await call('call_operation', { name: 'deleteMlRepo', arguments: { id: 'repo_1' } });
    expect(destructive.isError).toBe(true);
    expect(textOf(destructive)).toContain('deleteMlRepo exists but is destructive');
    expect(textOf(destructive)).toContain('--allow-destructive');
    const unknown = await call('describe_operation', { name: 'getTeams' });
    expect(textOf(unknown)).toBe('getTeams is not an operation of this API: list_operations names them. Nothing was sent.');
  });

  test("an operation's own tool is not served: a protocol error that says to go through call_operation", async () => {
    await expect(call('getTeam', { id: TEAM_ID })).rejects.toThrow('Unknown tool getTeam: tools/list names the tools served (getTeam is an operation: call it through call_operation)');
  });
});

test('no operation is named "dynamic", so --tools dynamic cannot mean a tool', () => {
  expect(generated.map((tool) => tool.name)).not.toContain('dynamic');
});
