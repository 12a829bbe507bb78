// The bin's flags and configuration errors: one clear line each, exit 2, no stack trace.
import { describe, expect, test } from 'vitest';
import { runBin, startMcp } from './helpers/mcp-process.js';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

async function initialize(url: string): Promise<string> {
  const body = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
  const res = await fetch(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  await res.text();
  expect(res.status).toBe(200);
  return res.headers.get('mcp-session-id')!;
}

/** 200 while the session lives, 404 once it is dropped. */
async function ping(url: string, session: string): Promise<number> {
  const headers = { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': '2025-03-26' };
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) });
  await res.text();
  return res.status;
}

describe('npx @vendor/api-mcp', () => {
  test('--help prints the usage with every flag and variable', async () => {
    const { code, stdout } = await runBin(['--help']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mcp /);
    for (const word of ['--mock', '--sandbox', '--allow-destructive', '--tools', '--tools dynamic', '--output-schemas', '--show-secrets', '--http', '--port', '--host', '--max-sessions', '--session-idle', 'VENDOR_API_TOKEN', 'VENDOR_API_BASE_URL', 'VENDOR_API_GATEWAY_BASE_URL']) {
      expect(stdout).toContain(word);
    }
  });

  test.each([
    [[], {}, 'VENDOR_API_TOKEN is not set'],
    [[], { VENDOR_API_TOKEN: 't' }, 'VENDOR_API_BASE_URL is not set'],
    [[], { VENDOR_API_TOKEN: 't', VENDOR_API_BASE_URL: 'https://user:pw@api.example' }, 'VENDOR_API_BASE_URL must be an absolute http(s) URL without credentials'],
    [['--sandbox'], {}, '--sandbox needs --mock'],
    [['--mock', '--port', '3000'], {}, '--port needs --http'],
    [['--mock', '--http', '--port', 'eighty'], {}, '--port must be a whole number from 0 to 65535 (got eighty)'],
    [['--mock', '--moc'], {}, "Unknown option '--moc'"],
    [['--mock', '--max-sessions', '5'], {}, '--max-sessions needs --http'],
    [['--mock', '--session-idle', '5m'], {}, '--session-idle needs --http'],
    [['--mock', '--http', '--max-sessions', '0'], {}, '--max-sessions must be a whole number from 1 to 1000000 (got 0)'],
    [['--mock', '--http', '--session-idle', '5'], {}, '--session-idle must be a duration from 1s to 7d such as 90s, 30m or 2h (got 5)'],
    [['--mock', '--http', '--session-idle', '8d'], {}, '--session-idle must be a duration from 1s to 7d such as 90s, 30m or 2h (got 8d)'],
    [['--mock', '--tools', 'getTeam,getTeams'], {}, 'getTeams is not a tool (known: changePassword, '],
    [['--mock', '--tools', 'terminateJob'], {}, 'terminateJob is destructive: add --allow-destructive to serve it'],
    [['--mock', '--tools', 'dynamic,getTeam'], {}, '--tools dynamic stands alone (it serves every operation through three tools): give it without tool names'],
  ])('%j with %j: exit 2 and "%s"', async (args, env, message) => {
    const { code, stderr } = await runBin(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  test('--max-sessions caps the HTTP sessions: past it the one idle the longest is dropped', async () => {
    const mcp = await startMcp('http', ['--mock', '--max-sessions', '2']);
    try {
      const url = /Streamable HTTP on (http:\/\/\S+)/.exec(mcp.stdout())![1]!;
      // The helper's client holds the first session; two more push it out, a third pushes out the second.
      const second = await initialize(url);
      const third = await initialize(url);
      const fourth = await initialize(url);
      expect(await ping(url, second)).toBe(404);
      expect(await ping(url, third)).toBe(200);
      expect(await ping(url, fourth)).toBe(200);
    } finally {
      await mcp.close();
    }
  });

  test('--tools serves only the tools named', async () => {
    const mcp = await startMcp('stdio', ['--mock', '--tools', 'getTeam, terminateJob', '--allow-destructive']);
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['getTeam', 'terminateJob']);
      const leftOut = await mcp.client.callTool({ name: 'getMcpServer', arguments: { id: 'x' } });
      expect(leftOut.isError).toBe(true);
      expect(leftOut.content).toEqual([{ type: 'text', text: 'getMcpServer exists but this server does not serve it: it was started with --tools naming other tools. Nothing was sent.' }]);
    } finally {
      await mcp.close();
    }
  });
});
