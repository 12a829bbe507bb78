// The bin's flags and configuration errors: one clear line each, exit 2, no stack trace.
import { describe, expect, test } from 'vitest';
import { runBin, startMcp } from './helpers/mcp-process.js';

describe('npx @vendor/api-mcp', () => {
  test('--help prints the usage with every flag and variable', async () => {
    const { code, stdout } = await runBin(['--help']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mcp /);
    for (const word of ['--mock', '--sandbox', '--allow-destructive', '--tools', '--tools dynamic', '--output-schemas', '--show-secrets', '--http', '--port', '--host', 'VENDOR_API_TOKEN', 'VENDOR_API_BASE_URL', 'VENDOR_API_GATEWAY_BASE_URL']) {
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
    [['--mock', '--tools', 'getTeam,getTeams'], {}, 'getTeams is not a tool (known: changePassword, '],
    [['--mock', '--tools', 'terminateJob'], {}, 'terminateJob is destructive: add --allow-destructive to serve it'],
    [['--mock', '--tools', 'dynamic,getTeam'], {}, '--tools dynamic stands alone (it serves every operation through three tools): give it without tool names'],
  ])('%j with %j: exit 2 and "%s"', async (args, env, message) => {
    const { code, stderr } = await runBin(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
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
