// Seed § Endpoints, § Authentication, § Versioning; issue 2 (operationIds); ARCHITECTURE.md (x-idempotent, x-error-shape).
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { doc, model, operation, operations } from './lib/spec.js';

type Row = { n: number; method: string; path: string; operationId: string; gateway: boolean; idempotent: boolean; shape: 'ml' | 'control-plane' | 'gateway' };

// One row per line of the seed's Endpoints table.
const endpoints: Row[] = [
  { n: 1, method: 'put', path: '/api/svc/v1/mcp', operationId: 'createOrUpdateMcpServer', gateway: false, idempotent: true, shape: 'control-plane' },
  { n: 2, method: 'put', path: '/api/ml/v1/model-versions', operationId: 'createOrUpdateModelVersion', gateway: false, idempotent: true, shape: 'ml' },
  { n: 3, method: 'post', path: '/api/svc/v1/secret-groups', operationId: 'createSecretGroup', gateway: false, idempotent: false, shape: 'control-plane' },
  { n: 4, method: 'post', path: '/api/ml/v1/artifact-versions/signed-urls', operationId: 'getArtifactVersionSignedUrls', gateway: false, idempotent: true, shape: 'ml' },
  { n: 5, method: 'post', path: '/api/svc/v1/users/change-password', operationId: 'changePassword', gateway: false, idempotent: false, shape: 'control-plane' },
  { n: 6, method: 'get', path: '/{tenantName}/v1/agents/sessions/{sessionId}/turns', operationId: 'listAgentSessionTurns', gateway: true, idempotent: true, shape: 'gateway' },
  { n: 7, method: 'get', path: '/api/svc/v1/agent-skill-versions', operationId: 'listAgentSkillVersions', gateway: false, idempotent: true, shape: 'control-plane' },
  { n: 8, method: 'get', path: '/batches/{id}', operationId: 'getBatch', gateway: true, idempotent: true, shape: 'gateway' },
  { n: 9, method: 'get', path: '/api/svc/v1/metrics/{workspaceId}/charts', operationId: 'getMetricCharts', gateway: false, idempotent: true, shape: 'control-plane' },
  { n: 10, method: 'get', path: '/api/svc/v1/virtual-accounts/{id}', operationId: 'getVirtualAccount', gateway: false, idempotent: true, shape: 'control-plane' },
  { n: 11, method: 'post', path: '/api/svc/v1/jobs/terminate', operationId: 'terminateJob', gateway: false, idempotent: false, shape: 'control-plane' },
  { n: 12, method: 'get', path: '/responses/{id}/input_items', operationId: 'listResponseInputItems', gateway: true, idempotent: true, shape: 'gateway' },
  { n: 13, method: 'get', path: '/api/ml/v1/agent-skills/{agent_skill_id}', operationId: 'getAgentSkill', gateway: false, idempotent: true, shape: 'ml' },
  { n: 14, method: 'get', path: '/api/ml/v1/artifact-versions/{id}', operationId: 'getArtifactVersion', gateway: false, idempotent: true, shape: 'ml' },
  { n: 15, method: 'get', path: '/api/svc/v1/mcp-servers/{id}', operationId: 'getMcpServer', gateway: false, idempotent: true, shape: 'control-plane' },
  { n: 16, method: 'get', path: '/files/{id}', operationId: 'getFile', gateway: true, idempotent: true, shape: 'gateway' },
  { n: 17, method: 'delete', path: '/api/ml/v1/ml-repos/{id}', operationId: 'deleteMlRepo', gateway: false, idempotent: true, shape: 'ml' },
  { n: 18, method: 'get', path: '/api/svc/v1/teams/{id}', operationId: 'getTeam', gateway: false, idempotent: true, shape: 'control-plane' },
];

describe('Endpoints: "Only the operations listed under Endpoints exist in this specification"', () => {
  it('has exactly the 18 operations of the Endpoints table, no others', () => {
    const actual = operations.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort();
    const expected = endpoints.map((e) => `${e.method.toUpperCase()} ${e.path} ${e.operationId}`).sort();
    expect(actual).toEqual(expected);
  });

  it('operationIds are unique', () => {
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('document: OpenAPI 3.1.0, info.version 0.1.0 (Versioning 3), title, description, license, contact', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.description).toBeTruthy();
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact).toBeTruthy();
  });
});

describe.each(endpoints)('Endpoint $n: $method $path ($operationId)', (e) => {
  const o = () => operation(e.operationId);

  it('exists with this method and path', () => {
    expect(o().method).toBe(e.method);
    expect(o().path).toBe(e.path);
  });

  it('has a tag, a summary and a description', () => {
    const { op } = o();
    expect(op.tags?.length).toBeGreaterThan(0);
    for (const t of op.tags) expect(doc.tags.map((x: any) => x.name)).toContain(t);
    expect(op.summary?.trim()).toBeTruthy();
    expect(op.description?.trim()).toBeTruthy();
  });

  it('Authentication 1/2: requires the bearer scheme `jwt`', () => {
    const { op } = o();
    const security = op.security ?? doc.security;
    expect(security).toEqual([{ jwt: [] }]);
  });

  it('Versioning 1: control-plane and agent paths carry the version segment v1 (batches, responses, files are seed paths without it)', () => {
    expect(e.gateway && !e.path.includes('/agents/') ? true : /\/v1\//.test(e.path)).toBe(true);
  });

  it(e.gateway ? 'is addressed at the gateway: path-level servers {scheme}://{gateway_base_url}' : 'is addressed at the control plane: top-level servers https://{base_url}', () => {
    const { op, pathItem } = o();
    expect(op.servers).toBeUndefined();
    if (e.gateway) {
      expect(pathItem.servers).toHaveLength(1);
      const s = pathItem.servers[0];
      expect(s.url).toBe('{scheme}://{gateway_base_url}');
      expect(s.variables.scheme.enum).toEqual(['https', 'http']);
      expect(s.variables.scheme.enum).toContain(s.variables.scheme.default);
      expect(typeof s.variables.gateway_base_url.default).toBe('string');
    } else {
      expect(pathItem.servers).toBeUndefined();
    }
    expect(o().spec.addressSpace).toBe(e.gateway ? 'gateway' : 'controlPlane');
  });

  it(`x-idempotent is ${e.idempotent}`, () => {
    expect(o().op['x-idempotent']).toBe(e.idempotent);
  });

  it(`x-error-shape is ${e.shape}`, () => {
    expect(o().op['x-error-shape']).toBe(e.shape);
  });

  it('x-error-shape follows the seed\'s Errors table (ML paths -> ml, /api/svc/v1 -> control-plane, gateway -> gateway)', () => {
    const expected = e.path.startsWith('/api/ml/v1') ? 'ml' : e.path.startsWith('/api/svc/v1') ? 'control-plane' : 'gateway';
    expect(o().op['x-error-shape']).toBe(expected);
  });

  it('declares every path template variable as a required path parameter', () => {
    const { op, pathItem } = o();
    const params = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolveRef(doc, p));
    const names = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const n of names) {
      const p = params.find((x: any) => x.in === 'path' && x.name === n);
      expect(p, `path parameter ${n}`).toBeTruthy();
      expect(p.required).toBe(true);
    }
    expect(params.filter((x: any) => x.in === 'path').map((x: any) => x.name).sort()).toEqual([...names].sort());
  });

  it('JSON bodies use Content-Type application/json', () => {
    const { op } = o();
    if (op.requestBody) expect(Object.keys(resolveRef(doc, op.requestBody).content)).toEqual(['application/json']);
    for (const r of Object.values(op.responses) as any[]) {
      const res = resolveRef(doc, r);
      if (res.content) expect(Object.keys(res.content)).toEqual(['application/json']);
    }
  });
});

describe('Servers and security scheme', () => {
  it('control plane: top-level servers is https://{base_url} with a default base_url', () => {
    expect(doc.servers).toHaveLength(1);
    expect(doc.servers[0].url).toBe('https://{base_url}');
    expect(typeof doc.servers[0].variables.base_url.default).toBe('string');
    expect(doc.servers[0].variables.base_url.default.length).toBeGreaterThan(0);
  });

  it('Authentication 2: one security scheme, `jwt`, http bearer with bearerFormat JWT', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['jwt']);
    expect(doc.components.securitySchemes.jwt).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('Authentication 1: security is required globally and no operation drops it', () => {
    expect(doc.security).toEqual([{ jwt: [] }]);
    for (const o of operations) if (o.op.security !== undefined) expect(o.op.security, o.operationId).toEqual([{ jwt: [] }]);
  });

  it('Endpoint 6: the turns path is scoped by the tenantName path parameter', () => {
    expect(Object.keys(doc.paths)).toContain('/{tenantName}/v1/agents/sessions/{sessionId}/turns');
  });

  it('exactly the four gateway operations override servers', () => {
    const gw = operations.filter((o) => o.pathItem.servers).map((o) => o.operationId).sort();
    expect(gw).toEqual(endpoints.filter((e) => e.gateway).map((e) => e.operationId).sort());
  });

  it('the spec model puts exactly those four operations in the gateway address space', () => {
    const gw = operations.filter((o) => o.spec.addressSpace === 'gateway').map((o) => o.operationId).sort();
    expect(gw).toEqual(endpoints.filter((e) => e.gateway).map((e) => e.operationId).sort());
  });
});

describe('address spaces as tags (generated clients filter by tag, one client per address space)', () => {
  const ADDRESS_SPACE_TAG = { controlPlane: 'Control Plane', gateway: 'Gateway' } as const;
  const spaceTags = Object.values(ADDRESS_SPACE_TAG) as string[];

  it.each(model.operations.map((op) => [op.operationId, op] as const))('%s carries the tag of its address space, and only that one', (_id, op) => {
    expect(op.tags.filter((tag) => spaceTags.includes(tag))).toEqual([ADDRESS_SPACE_TAG[op.addressSpace as keyof typeof ADDRESS_SPACE_TAG]]);
  });

  it('keeps the resource tag first (the docs link each operation by its first tag) and groups the resource tags by address space', () => {
    for (const op of model.operations) expect(spaceTags).not.toContain(op.tags[0]);
    const groups = Object.fromEntries((doc['x-tagGroups'] as { name: string; tags: string[] }[]).map((g) => [g.name, [...g.tags].sort()]));
    const resourceTagsOf = (space: string) => [...new Set(model.operations.filter((op) => op.addressSpace === space).map((op) => op.tags[0]!))].sort();
    expect(groups).toEqual({ 'Control plane': resourceTagsOf('controlPlane'), Gateway: resourceTagsOf('gateway') });
  });
});
