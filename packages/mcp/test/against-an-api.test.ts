// Without --mock: the token and base URLs from the environment, against a stand-in API on loopback that
// answers as the service does (and, for the error, repeats the token it got, as a careless proxy might).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMcp, type RunningMcp } from './helpers/mcp-process.js';

const TOKEN = 'vendor-token-3b1f8e2a';
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');

let api: Server;
let apiUrl = '';
const received: Array<{ method: string; url: string; authorization: string | undefined }> = [];

function answer(request: IncomingMessage): { status: number; body: unknown; headers?: Record<string, string> } {
  if (request.url === '/api/svc/v1/teams/t-1') return { status: 200, body: { data: { id: 't-1', manifest: { type: 'team', name: 'platform' } } } };
  return {
    status: 404,
    headers: { 'x-request-id': 'req-7f3a' },
    body: { statusCode: 404, message: `No team with id missing (sent with ${request.headers.authorization})` },
  };
}

beforeAll(async () => {
  api = createServer((request, response) => {
    received.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization });
    const { status, body, headers } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

describe('against the API named by VENDOR_API_BASE_URL', () => {
  let mcp: RunningMcp;
  beforeAll(async () => {
    mcp = await startMcp('stdio', [], { VENDOR_API_TOKEN: TOKEN, VENDOR_API_BASE_URL: apiUrl, VENDOR_LOG: 'debug' });
  });
  afterAll(() => mcp?.close());

  test('calls go to the base URL with the token from VENDOR_API_TOKEN, and answer the body as structured content', async () => {
    const result = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: 't-1' } })) as CallToolResult;
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toEqual({ data: { id: 't-1', manifest: { type: 'team', name: 'platform' } } });
    expect(received.at(-1)).toEqual({ method: 'GET', url: '/api/svc/v1/teams/t-1', authorization: `Bearer ${TOKEN}` });
  });

  test("an API error is a tool error with the status, the API's message and the request id, never the token", async () => {
    const result = (await mcp.client.callTool({ name: 'getTeam', arguments: { id: 'missing' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('getTeam failed with status 404');
    expect(text).toContain('No team with id missing');
    expect(text).toContain('request id: req-7f3a');
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(TOKEN);
    expect(mcp.stderr()).toContain('getTeam: GET'); // the client logged the attempts (debug), to stderr
    expect(mcp.stderr()).not.toContain(TOKEN);
  });

  test('a gateway tool without VENDOR_API_GATEWAY_BASE_URL is a tool error naming the variable, and sends nothing', async () => {
    const before = received.length;
    const result = (await mcp.client.callTool({ name: 'getBatch', arguments: { id: 'batch_1' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('set VENDOR_API_GATEWAY_BASE_URL');
    expect(received.length).toBe(before);
  });

  test('an invalid argument sends nothing', async () => {
    const before = received.length;
    const result = (await mcp.client.callTool({ name: 'listAgentSkillVersions', arguments: { limit: 'ten' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/limit: must be integer \(type\)/);
    expect(received.length).toBe(before);
  });
});
