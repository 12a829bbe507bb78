// Seed § Limits (every row), plus the bounds the Endpoints table and the manifest tables set.
// Each boundary value passes and the first value past each boundary fails, through the very
// schema a request is checked against (the PUT /mcp body schema, or the parameter's schema).
import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, parameter, propertySchema, requestBodySchema, schemaValidator } from './lib/spec.js';
import { manifest, nameOf, str, toolSetting, variants, type VariantKey } from './lib/fixtures.js';

type Case = [label: string, value: unknown, ok: boolean];
interface Row {
  rule: string; // the seed's wording
  validator: () => ValidateFunction;
  make: (v: any) => unknown;
  cases: Case[];
}

const mcpBody = () => compile(requestBodySchema('createOrUpdateMcpServer'));
const paramV = (op: string, name: string, where = 'query') => () => compile(parameter(op, name, where).schema);
const withManifest = (key: VariantKey, patch: (v: any) => Record<string, unknown>) => (v: any) => ({ manifest: manifest(key, patch(v)) });

const nameCases = (): Case[] => [
  ['3 characters (shortest)', nameOf(3), true],
  ['73 characters (longest)', nameOf(73), true],
  ['2 characters', nameOf(2), false],
  ['74 characters', nameOf(74), false],
  ['with inner dashes and digits', 'a-b-9-c', true],
  ['ending in a digit', 'tools2', true],
  ['uppercase letter', 'Github-tools', false],
  ['uppercase inside', 'gitHub-tools', false],
  ['leading digit', '9tools', false],
  ['leading dash', '-tools', false],
  ['trailing dash', 'tools-', false],
  ['underscore', 'git_tools', false],
  ['dot', 'git.tools', false],
  ['space', 'git tools', false],
  ['empty', '', false],
];

const rows: Row[] = [];

// Limits: "Agent turns page size | 1 to 25, default 10"
rows.push({
  rule: 'Agent turns page size: 1 to 25 (query `limit`)',
  validator: paramV('listAgentSessionTurns', 'limit'),
  make: (v) => v,
  cases: [['1', 1, true], ['25', 25, true], ['10', 10, true], ['0', 0, false], ['26', 26, false], ['-1', -1, false], ['1.5 (not an integer)', 1.5, false], ['"10" (not an integer)', '10', false]],
});
// Limits: "Agent skill versions page size | 1 to 1000"
rows.push({
  rule: 'Agent skill versions page size: 1 to 1000 (query `limit`)',
  validator: paramV('listAgentSkillVersions', 'limit'),
  make: (v) => v,
  cases: [['1', 1, true], ['1000', 1000, true], ['0', 0, false], ['1001', 1001, false], ['2.5', 2.5, false]],
});
// Limits: "Agent skill versions offset | >= 0"
rows.push({
  rule: 'Agent skill versions offset: >= 0 (query `offset`)',
  validator: paramV('listAgentSkillVersions', 'offset'),
  make: (v) => v,
  cases: [['0', 0, true], ['1000000', 1_000_000, true], ['-1', -1, false], ['0.5', 0.5, false]],
});
// Endpoint 7: "version (positive integer)"
rows.push({
  rule: 'Agent skill versions filter: version (positive integer)',
  validator: paramV('listAgentSkillVersions', 'version'),
  make: (v) => v,
  cases: [['1', 1, true], ['42', 42, true], ['0', 0, false], ['-1', -1, false], ['1.5', 1.5, false], ['"latest"', 'latest', false]],
});
// Endpoint 6: "sessionId (string, min length 1)"
rows.push({
  rule: 'Endpoint 6: path sessionId (string, min length 1)',
  validator: paramV('listAgentSessionTurns', 'sessionId', 'path'),
  make: (v) => v,
  cases: [['1 character', 'a', true], ['session id', '01arz3ndektsv4rrffq69g5fav.g', true], ['empty', '', false]],
});

for (const v of variants) {
  // Limits: "MCP server name | pattern ^[a-z][a-z0-9\-]{1,71}[a-z0-9]$" (3 to 73 characters)
  rows.push({
    rule: `MCP server name: pattern ^[a-z][a-z0-9\\-]{1,71}[a-z0-9]$, 3 to 73 characters [${v.type}]`,
    validator: mcpBody,
    make: withManifest(v.key, (name) => ({ name })),
    cases: nameCases(),
  });
  // Limits: "MCP server description | 1 to 1000 characters"
  rows.push({
    rule: `MCP server description: 1 to 1000 characters [${v.type}]`,
    validator: mcpBody,
    make: withManifest(v.key, (d) => ({ description: d })),
    cases: [['1 character', str(1), true], ['1000 characters', str(1000), true], ['0 characters', '', false], ['1001 characters', str(1001), false]],
  });
  if (v.toolSetting) {
    // Limits: "Tool name | pattern ^[A-Za-z0-9_.-]{1,128}$"
    rows.push({
      rule: `Tool name: pattern ^[A-Za-z0-9_.-]{1,128}$ [${v.type} tool_settings]`,
      validator: mcpBody,
      make: withManifest(v.key, (n) => ({ tool_settings: [toolSetting(v.toolSetting, { name: n })] })),
      cases: [
        ['1 character', 'a', true],
        ['128 characters', str(128, 'A'), true],
        ['every allowed character class', 'Az09_.-', true],
        ['0 characters', '', false],
        ['129 characters', str(129, 'A'), false],
        ['space', 'create issue', false],
        ['slash', 'create/issue', false],
        ['colon', 'create:issue', false],
        ['non-ASCII letter', 'créer', false],
      ],
    });
    // Limits: "Tool description | 1 to 20000 characters"
    rows.push({
      rule: `Tool description: 1 to 20000 characters [${v.type} tool_settings]`,
      validator: mcpBody,
      make: withManifest(v.key, (d) => ({ tool_settings: [toolSetting(v.toolSetting, { description: d })] })),
      cases: [['1 character', str(1), true], ['20000 characters', str(20000), true], ['0 characters', '', false], ['20001 characters', str(20001), false]],
    });
  }
}

for (const key of ['remote', 'openapi'] as const) {
  // Variant table: "url (string, required, pattern ^https?:\/\/[^\s]+$)"; openapi: "same pattern as remote"
  rows.push({
    rule: `url: pattern ^https?:\\/\\/[^\\s]+$ [mcp-server/${key}]`,
    validator: mcpBody,
    make: withManifest(key, (url) => ({ url })),
    cases: [
      ['https URL', 'https://mcp.example.com/mcp', true],
      ['http URL', 'http://localhost:8080', true],
      ['shortest: scheme and one character', 'https://a', true],
      ['scheme only', 'https://', false],
      ['ftp scheme', 'ftp://mcp.example.com', false],
      ['no scheme', 'mcp.example.com', false],
      ['uppercase scheme', 'HTTPS://mcp.example.com', false],
      ['whitespace inside', 'https://mcp.example.com/a b', false],
      ['leading space', ' https://mcp.example.com', false],
    ],
  });
  // Limits: "TLS reject_unauthorized default | true"; CustomTLSSettings: "reject_unauthorized (boolean, required, default true)"
  rows.push({
    rule: `CustomTLSSettings.reject_unauthorized: boolean, required [mcp-server/${key} tls_settings]`,
    validator: mcpBody,
    make: withManifest(key, (tls) => ({ tls_settings: tls })),
    cases: [
      ['true', { reject_unauthorized: true }, true],
      ['false with ca_cert', { reject_unauthorized: false, ca_cert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' }, true],
      ['missing', { ca_cert: 'pem' }, false],
      ['not a boolean', { reject_unauthorized: 'true' }, false],
    ],
  });
}

// Variant table: stdio "command (string, required, min length 1, default npx)"
rows.push({
  rule: 'Stdio command: string, required, min length 1 [mcp-server/stdio]',
  validator: mcpBody,
  make: (command) => {
    const m = manifest('stdio', { command });
    if (command === undefined) delete m.command;
    return { manifest: m };
  },
  cases: [['npx', 'npx', true], ['1 character', 'x', true], ['0 characters', '', false], ['missing', undefined, false], ['not a string', 1, false]],
});
// Variant table: vendor-managed "server_identifier (string, required, catalog slug, same pattern as name)"
rows.push({
  rule: 'server_identifier: same pattern as name [mcp-server/vendor-managed]',
  validator: mcpBody,
  make: withManifest('vendorManaged', (server_identifier) => ({ server_identifier })),
  cases: nameCases(),
});

const flat = rows.flatMap((r) => r.cases.map(([label, value, ok]) => ({ rule: r.rule, label, value, ok, row: r })));

describe('Limits: boundary values pass, the first value past each boundary fails', () => {
  it.each(flat)('$rule: $label -> valid=$ok', ({ row, value, ok }) => {
    const validate = row.validator();
    const result = validate(row.make(value));
    expect(result, ok ? errorsOf(validate) : 'expected to be rejected').toBe(ok);
  });
});

describe('Limits: defaults and declarations', () => {
  it('Agent turns page size: default 10', () => {
    expect(parameter('listAgentSessionTurns', 'limit', 'query').schema.default).toBe(10);
    expect(parameter('listAgentSessionTurns', 'limit', 'query').required).not.toBe(true);
  });

  it('Stdio command default: `npx`', () => {
    expect(resolveRef(doc, propertySchema(doc.components.schemas.StdioMcpServerManifest, 'command')).default).toBe('npx');
  });

  it('TLS `reject_unauthorized` default: true', () => {
    const s = resolveRef(doc, propertySchema(doc.components.schemas.CustomTlsSettings, 'reject_unauthorized'));
    expect(s.default).toBe(true);
    expect(s.type).toBe('boolean');
  });

  it.each(['RemoteMcpServerManifest', 'OpenApiMcpServerManifest'])('%s: tls_settings is CustomTLSSettings', (name) => {
    expect(propertySchema(doc.components.schemas[name], 'tls_settings')?.$ref).toBe('#/components/schemas/CustomTlsSettings');
  });

  it('OpenAPI MCP server with all tools enabled: up to 30 tools (enable_all_tools boolean, described with 30)', () => {
    const s = resolveRef(doc, propertySchema(doc.components.schemas.OpenApiMcpServerManifest, 'enable_all_tools'));
    expect(s.type).toBe('boolean');
    expect(s.description).toMatch(/\b30\b/);
    const v = schemaValidator('OpenApiMcpServerManifest');
    expect(v(manifest('openapi', { enable_all_tools: true }))).toBe(true);
    expect(v(manifest('openapi', { enable_all_tools: 'yes' }))).toBe(false);
  });

  it('Rate limits, request size limits, time-outs: not shown, and the document says so', () => {
    expect(doc.info.description).toMatch(/rate limits[^.]*not published/i);
  });

  it('MCP server name: pattern is exactly the seed\'s; minLength/maxLength, if set, are 3 and 73', () => {
    const s = doc.components.schemas.McpServerName;
    expect(s.pattern).toBe('^[a-z][a-z0-9\\-]{1,71}[a-z0-9]$');
    if (s.minLength !== undefined) expect(s.minLength).toBe(3);
    if (s.maxLength !== undefined) expect(s.maxLength).toBe(73);
  });

  it('Tool name pattern is exactly the seed\'s', () => {
    expect(doc.components.schemas.ToolName.pattern).toBe('^[A-Za-z0-9_.-]{1,128}$');
  });
});
