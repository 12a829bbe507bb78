// The server as an MCP host sees it: the official SDK client over stdio and over Streamable HTTP, against --mock
// and --mock --sandbox.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMcp, type RunningMcp, type TransportKind } from './helpers/mcp-process.js';
import { DESTRUCTIVE, documentedArguments, model, newAjv, responseSchema } from './helpers/spec.js';

const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // getTeam's documented example id

const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

describe.each<TransportKind>(['stdio', 'http'])('over %s', (kind) => {
  describe('--mock', () => {
    let mcp: RunningMcp;
    let tools: Tool[];
    beforeAll(async () => {
      mcp = await startMcp(kind, ['--mock']);
      tools = (await mcp.client.listTools()).tools;
    });
    afterAll(() => mcp?.close());

    test('tools/list lists the 15 operations that are not destructive, named by operationId', () => {
      const expected = model.operations.map((o) => o.operationId).filter((id) => !DESTRUCTIVE.includes(id)).sort();
      expect(tools.map((tool) => tool.name).sort()).toEqual(expected);
      expect(tools).toHaveLength(15);
    });

    test("every tool's input schema accepts the operation's documented examples", () => {
      const ajv = newAjv();
      const rejected: string[] = [];
      for (const tool of tools) {
        const validate = ajv.compile(tool.inputSchema);
        for (const { name, args } of documentedArguments(model.operation(tool.name))) {
          if (!validate(args)) rejected.push(`${tool.name} (${name}): ${ajv.errorsText(validate.errors)}`);
        }
      }
      expect(rejected).toEqual([]);
    });

    test("every read tool called with its example answers structured content valid against the operation's response schema", async () => {
      const readTools = tools.filter((tool) => tool.annotations?.readOnlyHint === true);
      expect(readTools.map((tool) => tool.name).sort()).toEqual(model.operations.filter((o) => o.method === 'get').map((o) => o.operationId).sort());
      const ajv = newAjv();
      const problems: string[] = [];
      for (const tool of readTools) {
        const operation = model.operation(tool.name);
        const { args } = documentedArguments(operation)[0]!;
        const result = (await mcp.client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
        if (result.isError) {
          problems.push(`${tool.name}: tool error ${textOf(result)}`);
          continue;
        }
        const validate = ajv.compile(responseSchema(operation));
        if (!validate(result.structuredContent)) problems.push(`${tool.name}: ${ajv.errorsText(validate.errors)}`);
        expect(textOf(result)).toMatch(new RegExp(`^${tool.name}: 200`));
      }
      expect(problems).toEqual([]);
    });

    test('a bad argument is a tool error naming the argument and the rule, and nothing is sent', async () => {
      const wrongType = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: 42 } })) as CallToolResult;
      expect(wrongType.isError).toBe(true);
      expect(textOf(wrongType)).toContain('id: must be string (type)');
      const missing = (await mcp.client.callTool({ name: 'getTeam', arguments: {} })) as CallToolResult;
      expect(textOf(missing)).toContain('id: is required (required)');
      const unknown = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: TEAM_ID, teamId: 'x' } })) as CallToolResult;
      expect(textOf(unknown)).toContain('teamId: is not an argument of this tool (additionalProperties)');
      const [example] = documentedArguments(model.operation('createOrUpdateMcpServer'));
      const body = structuredClone(example!.args.body) as Record<string, any>;
      delete body.manifest.name;
      const inBody = (await mcp.client.callTool({ name: 'createOrUpdateMcpServer', arguments: { body } })) as CallToolResult;
      expect(inBody.isError).toBe(true);
      expect(textOf(inBody)).toContain('- body.manifest.name: is required (required)');
      expect(textOf(inBody)).toContain('nothing was sent');
    });

    test('secret values in answers are redacted by the client rule', async () => {
      const result = (await mcp.client.callTool({ name: 'getVirtualAccount', arguments: { id: TEAM_ID } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const manifest = (result.structuredContent as any).data.manifest;
      expect(manifest.secret_store_config.secret_path).toBe('[REDACTED]');
      expect(textOf(result)).not.toContain('ci/deploy-bot/token');
    });

    test('a destructive tool called without --allow-destructive: a tool error saying it exists, is destructive and which flag serves it', async () => {
      const result = (await mcp.client.callTool({ name: 'deleteMlRepo', arguments: { id: 'repo_1' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        'deleteMlRepo exists but is destructive (it deletes, ends or replaces what cannot be had back), so this server does not serve it: it is served only when the server is started with --allow-destructive. Nothing was sent.',
      );
    });

    test('a name that is no tool is a protocol error whose message says so once, without a doubled "MCP error" prefix', async () => {
      const call = mcp.client.callTool({ name: 'deleteEverything', arguments: {} });
      await expect(call).rejects.toThrow('MCP error -32602: Unknown tool deleteEverything: tools/list names the tools served');
      await expect(mcp.client.callTool({ name: 'deleteEverything', arguments: {} })).rejects.not.toThrow(/MCP error -32602: MCP error/);
    });

    test('the instructions say that a mock answers and nothing is stored', () => {
      expect(mcp.client.getInstructions()).toContain('answered by a mock of the API: documented examples, nothing is stored');
    });

    test('the annotations say which tools only read, which repeat safely, and that none listed is destructive', () => {
      for (const tool of tools) {
        const operation = model.operation(tool.name);
        expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: operation.method === 'get', idempotentHint: operation.idempotent, destructiveHint: false, openWorldHint: true });
      }
    });
  });

  describe('--mock --allow-destructive --show-secrets', () => {
    let mcp: RunningMcp;
    beforeAll(async () => {
      mcp = await startMcp(kind, ['--mock', '--allow-destructive', '--show-secrets']);
    });
    afterAll(() => mcp?.close());

    test('tools/list lists all 18, the destructive ones marked so', async () => {
      const { tools } = await mcp.client.listTools();
      expect(tools).toHaveLength(18);
      const destructive = tools.filter((tool) => tool.annotations?.destructiveHint === true).map((tool) => tool.name).sort();
      expect(destructive).toEqual(DESTRUCTIVE);
    });

    test('--show-secrets keeps secret values', async () => {
      const result = (await mcp.client.callTool({ name: 'getVirtualAccount', arguments: { id: TEAM_ID } })) as CallToolResult;
      expect((result.structuredContent as any).data.manifest.secret_store_config.secret_path).toBe('ci/deploy-bot/token');
    });
  });

  describe('--mock --sandbox', () => {
    let mcp: RunningMcp;
    beforeAll(async () => {
      mcp = await startMcp(kind, ['--mock', '--sandbox']);
    });
    afterAll(() => mcp?.close());

    test('a create tool followed by its read tool returns what was created', async () => {
      const [example] = documentedArguments(model.operation('createOrUpdateMcpServer'));
      const body = structuredClone(example!.args.body) as Record<string, any>;
      body.manifest.name = 'agent-rehearsal';
      const created = (await mcp.client.callTool({ name: 'createOrUpdateMcpServer', arguments: { body } })) as CallToolResult;
      expect(created.isError, textOf(created)).toBeFalsy();
      const id = (created.structuredContent as any).data.id;
      expect(typeof id).toBe('string');
      const read = (await mcp.client.callTool({ name: 'getMcpServer', arguments: { id } })) as CallToolResult;
      expect(read.isError, textOf(read)).toBeFalsy();
      expect((read.structuredContent as any).data).toMatchObject({ id, manifest: { name: 'agent-rehearsal' } });
      expect((read.structuredContent as any).data.manifest).toEqual((created.structuredContent as any).data.manifest);
    });

    test("listAgentSessionTurns called with the tool's own input example answers 200: the sandbox's tenant is the examples' tenant", async () => {
      const { tools } = await mcp.client.listTools();
      const turns = tools.find((tool) => tool.name === 'listAgentSessionTurns')!;
      const [example] = (turns.inputSchema as { examples?: Array<Record<string, unknown>> }).examples!;
      expect(example).toMatchObject({ tenantName: 'acme' });
      const result = (await mcp.client.callTool({ name: 'listAgentSessionTurns', arguments: example })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toMatch(/^listAgentSessionTurns: 200/);
      expect(((result.structuredContent as any).data as unknown[]).length).toBeGreaterThan(0);
    });

    test('the tenant is told to the model: in the instructions and in the description of each tool that takes tenantName', async () => {
      expect(mcp.client.getInstructions()).toContain('Its tenant is acme: pass tenantName "acme" where a tool takes one');
      const { tools } = await mcp.client.listTools();
      const withTenant = tools.filter((tool) => Object.hasOwn(tool.inputSchema.properties ?? {}, 'tenantName'));
      expect(withTenant.map((tool) => tool.name)).toContain('listAgentSessionTurns');
      for (const tool of withTenant) expect(tool.description, tool.name).toContain('In this sandbox the tenant is acme: pass tenantName "acme".');
      const without = tools.find((tool) => tool.name === 'getTeam')!;
      expect(without.description).not.toContain('In this sandbox');
    });

    test("a 404 is a tool error with the status and the API's message", async () => {
      const result = (await mcp.client.callTool({ name: 'getMcpServer', arguments: { id: 'no-such-server' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('getMcpServer failed with status 404');
      expect(textOf(result)).toContain('MCP server no-such-server not found');
      expect(textOf(result)).not.toMatch(/\n\s+at /);
    });
  });

  describe('--mock --sandbox with a token the sandbox did not sign', () => {
    const token = 'not-a-sandbox-token-5f2c9';
    let mcp: RunningMcp;
    beforeAll(async () => {
      mcp = await startMcp(kind, ['--mock', '--sandbox'], { VENDOR_API_TOKEN: token, VENDOR_LOG: 'debug' });
    });
    afterAll(() => mcp?.close());

    test("a 401 is a tool error with the API's message, and the token appears nowhere", async () => {
      const result = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: TEAM_ID } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('getTeam failed with status 401');
      expect(textOf(result)).toContain('The bearer token is not a sandbox token');
      const everything = `${JSON.stringify(result)}${JSON.stringify(await mcp.client.listTools())}${mcp.stderr()}${mcp.stdout()}`;
      expect(mcp.stderr()).toContain('getTeam: GET'); // the client's debug log went to stderr, so the check below looks at it
      expect(everything).not.toContain(token);
    });
  });
});
