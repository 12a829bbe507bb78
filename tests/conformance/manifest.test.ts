// Seed § Resources: "MCP server manifest (five variants, discriminated by `type`)", with the shapes
// the seed leaves open taken from service-facts.md (auth alternatives, env auth, vendor-managed OAuth,
// annotations, OpenAPI spec source, OpenAPI tool setting, enabled_tools).
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, propertySchema, requestBodySchema, requiredOf, schemaValidator } from './lib/spec.js';
import { common, manifest, manifests, toolSetting, variants } from './lib/fixtures.js';

const S = doc.components.schemas;
const manifestV = () => schemaValidator('McpServerManifest');
const bodyV = () => compile(requestBodySchema('createOrUpdateMcpServer'));
const TYPES = ['mcp-server/remote', 'mcp-server/virtual', 'mcp-server/openapi', 'mcp-server/stdio', 'mcp-server/vendor-managed'];

describe('Manifest: "five variants, discriminated by `type`"', () => {
  it('McpServerManifest is a oneOf of exactly the five variant schemas', () => {
    expect(S.McpServerManifest.oneOf.map((x: any) => x.$ref).sort()).toEqual(variants.map((v) => `#/components/schemas/${v.schema}`).sort());
  });

  it('discriminator: propertyName `type`, mapping complete (all five type values, each to its variant)', () => {
    const d = S.McpServerManifest.discriminator;
    expect(d.propertyName).toBe('type');
    expect(Object.keys(d.mapping).sort()).toEqual([...TYPES].sort());
    for (const v of variants) expect(d.mapping[v.type]).toBe(`#/components/schemas/${v.schema}`);
  });

  it('the common fields live in one shared schema used by every variant', () => {
    for (const v of variants) expect(S[v.schema].allOf.map((x: any) => x.$ref)).toContain('#/components/schemas/McpServerManifestCommon');
  });

  it('the PUT /mcp body takes the strict manifest union; responses return its lenient read view', () => {
    expect(propertySchema(requestBodySchema('createOrUpdateMcpServer'), 'manifest').$ref).toBe('#/components/schemas/McpServerManifest');
    expect(propertySchema(S.McpServerV2, 'manifest').$ref).toBe('#/components/schemas/McpServerManifestView');
  });

  it('a manifest without `type` is invalid', () => {
    const m = manifest('remote');
    delete m.type;
    expect(manifestV()(m)).toBe(false);
  });

  it('a manifest with an unknown `type` is invalid', () => {
    expect(manifestV()(manifest('remote', { type: 'mcp-server/local' }))).toBe(false);
  });
});

describe.each(variants)('Variant $type', (v) => {
  const variantV = () => schemaValidator(v.schema);

  it('declares `type` with const ' + v.type, () => {
    expect(resolveRef(doc, propertySchema(S[v.schema], 'type')).const).toBe(v.type);
  });

  it(`required list: type + name, description, collaborators + ${v.own.join(', ')}`, () => {
    expect(requiredOf(S[v.schema]).sort()).toEqual(['type', 'name', 'description', 'collaborators', ...v.own].sort());
  });

  it('the minimal manifest (type, common required, own required) is valid, through the PUT /mcp body', () => {
    const validate = bodyV();
    expect(validate({ manifest: manifest(v.key) }), errorsOf(validate)).toBe(true);
  });

  it.each(['type', 'name', 'description', 'collaborators', ...v.own])('without `%s` it is invalid (union and variant)', (field) => {
    const m = manifest(v.key);
    delete m[field];
    expect(manifestV()(m)).toBe(false);
    expect(variantV()(m)).toBe(false);
    expect(bodyV()({ manifest: m })).toBe(false);
  });

  it('`type` selects exactly this variant: with every variant\'s required fields present, only this one validates', () => {
    const superset = { ...manifests.remote, ...manifests.virtual, ...manifests.openapi, ...manifests.stdio, ...manifests.vendorManaged, type: v.type };
    const passing = variants.filter((w) => schemaValidator(w.schema)(superset)).map((w) => w.type);
    expect(passing).toEqual([v.type]);
    expect(manifestV()(superset)).toBe(true);
  });

  it('with another variant\'s type, this variant\'s manifest never validates as this variant, only as the named one', () => {
    for (const w of variants.filter((w) => w.type !== v.type)) {
      const m = manifest(v.key, { type: w.type });
      expect(variantV()(m), w.type).toBe(false);
      const hasOwn = w.own.every((f) => f in m);
      expect(manifestV()(m), w.type).toBe(hasOwn);
    }
  });

  it('collaborators: each needs `subject` and `role_id` (strings)', () => {
    const validate = manifestV();
    expect(validate(manifest(v.key, { collaborators: [] }))).toBe(true);
    expect(validate(manifest(v.key, { collaborators: [{ subject: 'user:ada@acme.example' }] }))).toBe(false);
    expect(validate(manifest(v.key, { collaborators: [{ role_id: 'admin' }] }))).toBe(false);
    expect(validate(manifest(v.key, { collaborators: [{ subject: 1, role_id: 'admin' }] }))).toBe(false);
  });

  it('ownedBy (optional) needs `account`; tags (optional) is an object of key-value pairs', () => {
    const validate = manifestV();
    expect(validate(manifest(v.key, { ownedBy: { account: 'acme' }, tags: { env: 'prod' } })), errorsOf(validate)).toBe(true);
    expect(validate(manifest(v.key, { ownedBy: {} }))).toBe(false);
    expect(validate(manifest(v.key, { tags: ['env:prod'] }))).toBe(false);
  });

  if (v.toolSetting) {
    it(`tool_settings is an array of ${v.toolSetting}`, () => {
      const ts = resolveRef(doc, propertySchema(S[v.schema], 'tool_settings'));
      expect(ts.type).toBe('array');
      expect(ts.items.$ref).toBe(`#/components/schemas/${v.toolSetting}`);
      const validate = manifestV();
      expect(validate(manifest(v.key, { tool_settings: [toolSetting(v.toolSetting)] })), errorsOf(validate)).toBe(true);
    });
  }

  it(v.auth ? `auth_data is ${v.auth}` : 'has no auth_data in the seed', () => {
    const a = propertySchema(S[v.schema], 'auth_data');
    if (v.auth) expect(a.$ref).toBe(`#/components/schemas/${v.auth}`);
    else expect(a).toBeUndefined();
  });
});

describe('Variant fields the seed lists', () => {
  const fields: [string, string, string][] = [
    // [variant schema, field, type]
    ['RemoteMcpServerManifest', 'url', 'string'],
    ['RemoteMcpServerManifest', 'tls_settings', 'object'],
    ['RemoteMcpServerManifest', 'tool_settings', 'array'],
    ['RemoteMcpServerManifest', 'auth_data', 'any'],
    ['RemoteMcpServerManifest', 'additional_headers', 'object'],
    ['VirtualMcpServerManifest', 'servers', 'array'],
    ['OpenApiMcpServerManifest', 'url', 'string'],
    ['OpenApiMcpServerManifest', 'openapi_spec_source', 'any'],
    ['OpenApiMcpServerManifest', 'tls_settings', 'object'],
    ['OpenApiMcpServerManifest', 'enable_all_tools', 'boolean'],
    ['OpenApiMcpServerManifest', 'tool_settings', 'array'],
    ['OpenApiMcpServerManifest', 'auth_data', 'any'],
    ['OpenApiMcpServerManifest', 'additional_headers', 'object'],
    ['StdioMcpServerManifest', 'command', 'string'],
    ['StdioMcpServerManifest', 'args', 'array'],
    ['StdioMcpServerManifest', 'tool_settings', 'array'],
    ['StdioMcpServerManifest', 'auth_data', 'any'],
    ['VendorManagedMcpServerManifest', 'server_identifier', 'string'],
    ['VendorManagedMcpServerManifest', 'tool_settings', 'array'],
    ['VendorManagedMcpServerManifest', 'auth_data', 'any'],
  ];
  it.each(fields)('%s.%s (%s)', (schema, field, type) => {
    const p = propertySchema(S[schema], field);
    expect(p, `${schema}.${field}`).toBeTruthy();
    if (type !== 'any') {
      const d = resolveRef(doc, p);
      const t = d.type ?? (d.allOf ? resolveRef(doc, d.allOf[0]).type : undefined);
      expect(t).toBe(type);
    }
  });

  it('stdio args is an array of string', () => {
    const validate = manifestV();
    expect(validate(manifest('stdio', { args: ['-y', 'pkg'] }))).toBe(true);
    expect(validate(manifest('stdio', { args: [1] }))).toBe(false);
  });

  it('additional_headers: "sent on each request; on a clash with auth_data the auth_data value wins" is in its description', () => {
    for (const schema of ['RemoteMcpServerManifest', 'OpenApiMcpServerManifest']) {
      const d = resolveRef(doc, propertySchema(S[schema], 'additional_headers'));
      expect(d.description).toMatch(/auth_data/);
      expect(d.description).toMatch(/wins/);
    }
  });

  it('virtual servers: McpServerSource has `name` (required) and `enabled_tools` (list of tool names)', () => {
    expect(requiredOf(S.McpServerSource)).toEqual(['name']);
    const validate = manifestV();
    expect(validate(manifest('virtual', { servers: [{ name: 'a', enabled_tools: ['create_issue'] }] })), errorsOf(validate)).toBe(true);
    expect(validate(manifest('virtual', { servers: [{ enabled_tools: ['x'] }] }))).toBe(false);
    expect(validate(manifest('virtual', { servers: [{ name: 'a', enabled_tools: [{ name: 'x' }] }] }))).toBe(false);
  });

  it('MCPToolSetting: name (required), description, disabled (boolean), annotations', () => {
    expect(requiredOf(S.McpToolSetting)).toEqual(['name']);
    const validate = manifestV();
    expect(validate(manifest('remote', { tool_settings: [{ name: 'x' }] })), errorsOf(validate)).toBe(true);
    expect(validate(manifest('remote', { tool_settings: [{ description: 'x' }] }))).toBe(false);
    expect(validate(manifest('remote', { tool_settings: [{ name: 'x', disabled: 'no' }] }))).toBe(false);
    expect(validate(manifest('remote', { tool_settings: [{ name: 'x', disabled: true, annotations: { readOnlyHint: true, destructiveHint: false } }] }))).toBe(true);
    expect(validate(manifest('remote', { tool_settings: [{ name: 'x', annotations: { readOnlyHint: 'yes' } }] }))).toBe(false);
  });

  it('OpenAPIMCPToolSetting (facts): method get|post|put|patch|delete|head, path, name and description required, annotations', () => {
    expect(requiredOf(S.OpenApiMcpToolSetting)).toEqual(expect.arrayContaining(['name', 'description']));
    expect(resolveRef(doc, propertySchema(S.OpenApiMcpToolSetting, 'method')).enum).toEqual(['get', 'post', 'put', 'patch', 'delete', 'head']);
    const validate = manifestV();
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head'])
      expect(validate(manifest('openapi', { tool_settings: [toolSetting('OpenApiMcpToolSetting', { method })] })), method).toBe(true);
    expect(validate(manifest('openapi', { tool_settings: [toolSetting('OpenApiMcpToolSetting', { method: 'trace' })] }))).toBe(false);
    const noDesc = toolSetting('OpenApiMcpToolSetting');
    delete noDesc.description;
    expect(validate(manifest('openapi', { tool_settings: [noDesc] }))).toBe(false);
  });

  it.each([
    ['remote', { type: 'remote', url: 'https://x.example/openapi.json' }, true],
    ['upload', { type: 'upload', url: 'https://x.example/uploads/1' }, true],
    ['inline object', { type: 'inline', openapi_spec: { openapi: '3.1.0' } }, true],
    ['inline string', { type: 'inline', openapi_spec: 'openapi: 3.1.0' }, true],
    ['remote without url', { type: 'remote' }, false],
    ['inline without openapi_spec', { type: 'inline' }, false],
    ['unknown type', { type: 'git', url: 'https://x' }, false],
  ])('OpenAPISpecSource (facts): %s -> %s', (_label, src, ok) => {
    expect(manifestV()(manifest('openapi', { openapi_spec_source: src }))).toBe(ok);
  });
});

describe('Auth: MCPServerAuth "one of three alternatives: header auth, OAuth 2.0 auth, passthrough" (shapes from facts)', () => {
  const header = { type: 'header', headers: { Authorization: 'Bearer x' } };
  const oauth2 = { type: 'oauth2', grant_type: 'client_credentials', token_url: 'https://idp.example/token', jwt_source: 'access_token' };
  const cases: [string, unknown, boolean][] = [
    ['header', header, true],
    ['header, auth_level global', { ...header, auth_level: 'global' }, true],
    ['header, auth_level per_user', { ...header, auth_level: 'per_user' }, true],
    ['header, auth_level other', { ...header, auth_level: 'tenant' }, false],
    ['header without headers', { type: 'header' }, false],
    ['oauth2 (required fields only)', oauth2, true],
    ['oauth2 authorization_code with every optional field', { ...oauth2, grant_type: 'authorization_code', jwt_source: 'id_token', authorization_url: 'https://idp/a', client_id: 'c', client_secret: 's', registration_url: 'https://idp/r', introspection_url: 'https://idp/i', provider: 'github', code_challenge_methods_supported: ['S256'], scopes: ['repo'], additional_token_params: { audience: 'x' }, use_organization: true, default_organization: 'acme' }, true],
    ['oauth2 grant_type password', { ...oauth2, grant_type: 'password' }, false],
    ['oauth2 jwt_source refresh_token', { ...oauth2, jwt_source: 'refresh_token' }, false],
    ['oauth2 code_challenge_methods_supported plain', { ...oauth2, code_challenge_methods_supported: ['plain'] }, false],
    ['oauth2 without token_url', { type: 'oauth2', grant_type: 'client_credentials', jwt_source: 'access_token' }, false],
    ['oauth2 without grant_type', { type: 'oauth2', token_url: 'https://t', jwt_source: 'access_token' }, false],
    ['oauth2 without jwt_source', { type: 'oauth2', grant_type: 'client_credentials', token_url: 'https://t' }, false],
    ['passthrough', { type: 'passthrough' }, true],
    ['env (stdio only)', { type: 'env', env: { A: 'b' } }, false],
    ['unknown type', { type: 'basic' }, false],
  ];
  for (const key of ['remote', 'openapi'] as const) {
    it.each(cases)(`mcp-server/${key} auth_data: %s -> %s`, (_l, auth, ok) => {
      const validate = manifestV();
      expect(validate(manifest(key, { auth_data: auth })), ok ? errorsOf(validate) : 'expected invalid').toBe(ok);
    });
  }

  it('McpServerAuth: discriminator on `type` with mapping header/oauth2/passthrough', () => {
    expect(S.McpServerAuth.oneOf).toHaveLength(3);
    expect(S.McpServerAuth.discriminator.propertyName).toBe('type');
    expect(Object.keys(S.McpServerAuth.discriminator.mapping).sort()).toEqual(['header', 'oauth2', 'passthrough']);
    for (const [k, ref] of Object.entries(S.McpServerAuth.discriminator.mapping)) expect(resolveRef(doc, { $ref: ref }).properties.type.const).toBe(k);
  });

  it('auth_level default is `global`', () => {
    expect(resolveRef(doc, propertySchema(S.McpHeaderAuth, 'auth_level')).default).toBe('global');
  });

  it.each([
    ['env', { type: 'env', env: { TOKEN: 'x' } }, true],
    ['env, auth_level per_user', { type: 'env', env: {}, auth_level: 'per_user' }, true],
    ['env without env', { type: 'env' }, false],
    ['env value not a string', { type: 'env', env: { N: 1 } }, false],
    ['header (remote/openapi only)', { type: 'header', headers: {} }, false],
  ])('stdio auth_data MCPServerEnvAuth: %s -> %s', (_l, auth, ok) => {
    expect(manifestV()(manifest('stdio', { auth_data: auth }))).toBe(ok);
  });

  it.each([
    ['oauth2 authorization_code', { type: 'oauth2', grant_type: 'authorization_code' }, true],
    ['oauth2 client_credentials', { type: 'oauth2', grant_type: 'client_credentials' }, false],
    ['without grant_type', { type: 'oauth2' }, false],
    ['header', { type: 'header', headers: {} }, false],
  ])('vendor-managed auth_data (vendor-managed OAuth auth): %s -> %s', (_l, auth, ok) => {
    expect(manifestV()(manifest('vendorManaged', { auth_data: auth }))).toBe(ok);
  });
});

describe('Common fields', () => {
  it('name, description, collaborators are required in the shared schema', () => {
    expect(requiredOf(S.McpServerManifestCommon).sort()).toEqual(['collaborators', 'description', 'name']);
  });
  it('common properties: name, description, collaborators, ownedBy, tags', () => {
    expect(Object.keys(S.McpServerManifestCommon.properties).sort()).toEqual(['collaborators', 'description', 'name', 'ownedBy', 'tags']);
  });
  it('Collaborator: subject and role_id required; OwnedBy: account required', () => {
    expect(requiredOf(S.Collaborator).sort()).toEqual(['role_id', 'subject']);
    expect(requiredOf(S.OwnedBy)).toEqual(['account']);
  });
  it('the fixture common fields are valid on their own terms', () => {
    expect(compile({ $ref: '#/components/schemas/McpServerManifestCommon' })(common)).toBe(true);
  });
});
