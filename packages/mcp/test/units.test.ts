// The small pieces on their own: argument problems, redaction of answers, the token scrub, the tool selection.
import { describe, expect, test } from 'vitest';
import { redactAnswer } from '../src/answer-secrets.js';
import { createArgumentCheck } from '../src/argument-check.js';
import { scrubSecrets } from '../src/create-server.js';
import { tools } from '../src/generated/tools.js';
import { exampleTenantOf } from '../src/example-tenant.js';
import { selectTools, whyNotServed } from '../src/tool-selection.js';

const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

describe('argument check', () => {
  const check = createArgumentCheck();

  test('names each field as the caller wrote it, with the rule', async () => {
    const problems = await check(tool('listAgentSessionTurns'), { tenantName: 'acme', sessionId: 's1', limit: 0, extra: true });
    expect(problems).toContain('extra: is not an argument of this tool (additionalProperties)');
    expect(problems.some((line) => /^limit: must be >= 1 \(minimum\)$/.test(line))).toBe(true);
  });

  test('names a field deep in the body, with array positions', async () => {
    const problems = await check(tool('createSecretGroup'), { body: { name: 'g', secrets: [{ key: 'A', value: 'v' }, { value: 'w' }] } });
    expect(problems).toContain('body.secrets[1].key: is required (required)');
  });

  test("a body with variants gets the problems of the variant its discriminator names, or the discriminator's", async () => {
    const manifest = { type: 'mcp-server/remote', name: 'github-tools', description: 'GitHub issues', collaborators: [], url: 'https://mcp.github.example/mcp' };
    expect(await check(tool('createOrUpdateMcpServer'), { body: { manifest } })).toEqual([]);
    expect(await check(tool('createOrUpdateMcpServer'), { body: { manifest: { ...manifest, url: 'ftp://x' } } })).toEqual([
      'body.manifest.url: must match pattern "^https?:\\/\\/[^\\s]+$" (pattern)',
    ]);
    const [problem] = await check(tool('createOrUpdateMcpServer'), { body: { manifest: { ...manifest, type: 'mcp-server/ftp' } } });
    expect(problem).toMatch(/^body\.manifest\.type: must be one of mcp-server\/remote, .*\(discriminator\)$/);
  });

  test('accepts valid arguments', async () => {
    expect(await check(tool('getTeam'), { id: 'jqfwg345gi25n5ju2yz5iz6m' })).toEqual([]);
  });

  test('checks format: email as RFC 5321 writes a mailbox, as the mock does', async () => {
    const withLogin = (loginId: string) => ({ body: { loginId, oldPassword: 'old-password-1', newPassword: 'new-password-1' } });
    for (const valid of ['ada@dev', '"a b"@example.com', 'ada@acme.example']) expect(await check(tool('changePassword'), withLogin(valid)), valid).toEqual([]);
    for (const invalid of ['ada@', '@dev']) expect(await check(tool('changePassword'), withLogin(invalid)), invalid).toEqual(['body.loginId: must match format "email" (format)']);
  });
});

describe('redaction of answers', () => {
  test('every string below a secret key, at any depth; other values and shapes kept', () => {
    const answer = { data: { name: 'g', secrets: [{ key: 'A', value: 'v1' }], password_set: true, env: { A: 'x', n: 2 } } };
    expect(redactAnswer(answer)).toEqual({ data: { name: 'g', secrets: [{ key: '[REDACTED]', value: '[REDACTED]' }], password_set: true, env: { A: '[REDACTED]', n: 2 } } });
  });

  test("the next page's token is shown, other tokens not", () => {
    const page = { data: [{ token: 't' }], pagination: { next_page_token: 'next' } };
    expect(redactAnswer(page, ['pagination', 'next_page_token'])).toEqual({ data: [{ token: '[REDACTED]' }], pagination: { next_page_token: 'next' } });
  });
});

test('scrubSecrets replaces every occurrence of a held secret', () => {
  expect(scrubSecrets('Bearer abc123 and abc123', ['abc123'])).toBe('Bearer [REDACTED] and [REDACTED]');
  expect(scrubSecrets('nothing here', [''])).toBe('nothing here');
});

test('selectTools: without --allow-destructive the destructive tools are left out', () => {
  expect(selectTools(tools).length).toBe(15);
  expect(selectTools(tools, { allowDestructive: true }).length).toBe(18);
});

describe('the generated tools', () => {
  test("a description says where the request goes and the documented errors, from the spec's words", () => {
    const batch = tool('getBatch').description;
    expect(batch).toContain('Sends GET /batches/{id} to the gateway (VENDOR_API_GATEWAY_BASE_URL).');
    expect(batch).toMatch(/Errors \(.*\): 401 [^;]+; 404 /);
    expect(tool('terminateJob').description).toContain('Not safe to repeat: never retried.');
  });

  test('the input schema joins parameters and body, with the required ones required', () => {
    const turns = tool('listAgentSessionTurns').inputSchema as any;
    expect(Object.keys(turns.properties)).toEqual(['tenantName', 'sessionId', 'limit', 'page_token']);
    expect(turns.required).toEqual(['tenantName', 'sessionId']);
    expect(turns.additionalProperties).toBe(false);
    const secretGroup = tool('createSecretGroup').inputSchema as any;
    expect(secretGroup.required).toEqual(['body']);
    expect(tool('createSecretGroup').arguments).toEqual({});
    expect(tool('getFile').arguments['x-vendor-provider-name']).toBe('header');
  });
});

describe('what the server tells about tenants and tools left out', () => {
  test("the sandbox's tenant is the one the tools' input examples name", () => {
    expect(exampleTenantOf(tools)).toBe('acme');
    const turns = (tool('listAgentSessionTurns').inputSchema.examples as Array<Record<string, unknown>>)[0]!;
    expect(turns.tenantName).toBe(exampleTenantOf(tools));
  });

  test('a tool left out says why: destructive (and the flag), or not among --tools; a name that is no tool gets nothing', () => {
    expect(whyNotServed(tools, 'terminateJob')).toMatch(/^terminateJob exists but is destructive .* --allow-destructive\. Nothing was sent\.$/);
    expect(whyNotServed(tools, 'terminateJob', { allowDestructive: true, only: ['getTeam'] })).toMatch(/^terminateJob exists but this server does not serve it: it was started with --tools/);
    expect(whyNotServed(tools, 'getTeams')).toBeUndefined();
  });
});
