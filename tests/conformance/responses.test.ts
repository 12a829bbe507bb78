// Seed § Endpoints, "Payload out" column: the success envelope of each operation; and the rule
// (service-facts.md, issue 2) that response schemas accept unknown properties.
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, operation, operations, propertySchema, reachableSchemas, requiredOf, response, responseSchema, typeOf } from './lib/spec.js';

type Envelope =
  | { kind: 'data'; item: string } // {data: X}
  | { kind: 'data-list'; item: string; pagination?: string } // {data: [X]} (+ pagination)
  | { kind: 'data-token'; item: string } // {data: X, token}
  | { kind: 'unwrapped'; schema: string }
  | { kind: 'empty'; schema: string }
  | { kind: 'message' };

const rows: { n: number; operationId: string; out: string; env: Envelope }[] = [
  { n: 1, operationId: 'createOrUpdateMcpServer', out: '200: {data: MCPServerV2}', env: { kind: 'data', item: 'McpServerV2' } },
  { n: 2, operationId: 'createOrUpdateModelVersion', out: '{data: model version record}', env: { kind: 'data', item: 'ModelVersion' } },
  { n: 3, operationId: 'createSecretGroup', out: '{data: secret group}', env: { kind: 'data', item: 'SecretGroup' } },
  { n: 4, operationId: 'getArtifactVersionSignedUrls', out: '{data: [signed URL item]}', env: { kind: 'data-list', item: 'SignedUrl' } },
  { n: 5, operationId: 'changePassword', out: '200: empty JSON object (ChangePasswordResponse)', env: { kind: 'empty', schema: 'ChangePasswordResponse' } },
  { n: 6, operationId: 'listAgentSessionTurns', out: '{data: [agent turn], pagination}', env: { kind: 'data-list', item: 'AgentTurn', pagination: 'TokenPagination' } },
  { n: 7, operationId: 'listAgentSkillVersions', out: '200: {data: [agent skill version], pagination: {total, offset, limit}}', env: { kind: 'data-list', item: 'AgentSkillVersion', pagination: 'OffsetPagination' } },
  { n: 8, operationId: 'getBatch', out: 'batch object (unwrapped)', env: { kind: 'unwrapped', schema: 'Batch' } },
  { n: 9, operationId: 'getMetricCharts', out: 'metric chart bundle (unwrapped)', env: { kind: 'unwrapped', schema: 'MetricChartBundle' } },
  { n: 10, operationId: 'getVirtualAccount', out: '{data: virtual account, token}', env: { kind: 'data-token', item: 'VirtualAccount' } },
  { n: 11, operationId: 'terminateJob', out: '{message: string}', env: { kind: 'message' } },
  { n: 12, operationId: 'listResponseInputItems', out: 'input items envelope', env: { kind: 'unwrapped', schema: 'ResponseInputItemList' } },
  { n: 13, operationId: 'getAgentSkill', out: '{data: agent skill}', env: { kind: 'data', item: 'AgentSkill' } },
  { n: 14, operationId: 'getArtifactVersion', out: '{data: artifact version record}', env: { kind: 'data', item: 'ArtifactVersion' } },
  { n: 15, operationId: 'getMcpServer', out: '{data: MCP server (read form)}', env: { kind: 'data', item: 'McpServer' } },
  { n: 16, operationId: 'getFile', out: 'file object (unwrapped)', env: { kind: 'unwrapped', schema: 'FileObject' } },
  { n: 17, operationId: 'deleteMlRepo', out: 'empty JSON object on success', env: { kind: 'empty', schema: 'EmptyResponse' } },
  { n: 18, operationId: 'getTeam', out: '{data: team}', env: { kind: 'data', item: 'Team' } },
];

const ref = (name: string) => `#/components/schemas/${name}`;

describe.each(rows)('Endpoint $n $operationId: $out', ({ operationId, env }) => {
  it('has exactly one success response, 200, with an application/json body', () => {
    const success = Object.keys(operation(operationId).op.responses).filter((s) => /^2/.test(s));
    expect(success).toEqual(['200']);
    expect(responseSchema(operationId, '200')).toBeTruthy();
  });

  it('its envelope is the seed\'s', () => {
    const s = resolveRef(doc, responseSchema(operationId, '200'));
    switch (env.kind) {
      case 'data':
        expect(requiredOf(s)).toEqual(['data']);
        expect(Object.keys(s.properties)).toEqual(['data']);
        expect(s.properties.data.$ref).toBe(ref(env.item));
        break;
      case 'data-list': {
        const keys = env.pagination ? ['data', 'pagination'] : ['data'];
        expect(requiredOf(s).sort()).toEqual(keys);
        expect(Object.keys(s.properties).sort()).toEqual(keys);
        expect(resolveRef(doc, s.properties.data).type).toBe('array');
        expect(resolveRef(doc, s.properties.data).items.$ref).toBe(ref(env.item));
        if (env.pagination) expect(s.properties.pagination.$ref).toBe(ref(env.pagination));
        break;
      }
      case 'data-token':
        expect(requiredOf(s)).toContain('data');
        expect(Object.keys(s.properties).sort()).toEqual(['data', 'token']);
        expect(s.properties.data.$ref).toBe(ref(env.item));
        expect(typeOf(s.properties.token)).toBe('string|null');
        break;
      case 'unwrapped':
        expect(responseSchema(operationId, '200').$ref).toBe(ref(env.schema));
        expect(propertySchema(s, 'data') === undefined || env.schema === 'ResponseInputItemList').toBe(true);
        break;
      case 'empty':
        expect(responseSchema(operationId, '200').$ref).toBe(ref(env.schema));
        expect(s.type).toBe('object');
        expect(Object.keys(s.properties ?? {})).toEqual([]);
        expect(s.required ?? []).toEqual([]);
        expect(compile(responseSchema(operationId, '200'))({})).toBe(true);
        expect(compile(responseSchema(operationId, '200'))([])).toBe(false);
        break;
      case 'message':
        expect(requiredOf(s)).toEqual(['message']);
        expect(typeOf(s.properties.message)).toBe('string');
        expect(compile(responseSchema(operationId, '200'))({ message: 'Termination requested.' })).toBe(true);
        expect(compile(responseSchema(operationId, '200'))({})).toBe(false);
        break;
    }
  });

  it('response schemas accept unknown properties: no additionalProperties/unevaluatedProperties false anywhere below it', () => {
    for (const code of Object.keys(operation(operationId).op.responses)) {
      const schema = responseSchema(operationId, code);
      if (!schema) continue;
      for (const s of reachableSchemas(schema)) {
        expect(s.additionalProperties, `${code}`).not.toBe(false);
        expect(s.unevaluatedProperties, `${code}`).not.toBe(false);
      }
    }
  });

  it('its first example, with a field added by a later service revision (top level and inside data), still validates', () => {
    const media = response(operationId, '200').content['application/json'];
    const first = resolveRef(doc, Object.values(media.examples)[0]).value;
    const v = compile(media.schema);
    const extended = structuredClone(first);
    extended.fieldAddedLater = { any: 'thing' };
    if (extended.data && typeof extended.data === 'object' && !Array.isArray(extended.data)) extended.data.fieldAddedLater = 1;
    if (Array.isArray(extended.data) && extended.data[0]) extended.data[0].fieldAddedLater = 1;
    expect(v(extended), errorsOf(v)).toBe(true);
  });
});

describe('Pagination objects', () => {
  it('skill versions pagination: total, offset, limit (all integers)', () => {
    const p = doc.components.schemas.OffsetPagination;
    for (const f of ['total', 'offset', 'limit']) expect(typeOf(p.properties[f]), f).toBe('integer');
  });
  it('turns pagination: limit (integer), next_page_token, previous_page_token', () => {
    const p = doc.components.schemas.TokenPagination;
    expect(Object.keys(p.properties).sort()).toEqual(['limit', 'next_page_token', 'previous_page_token']);
    expect(typeOf(p.properties.limit)).toBe('integer');
  });
  it('every operation answers JSON for every documented response', () => {
    for (const o of operations)
      for (const [code, r] of Object.entries(o.op.responses)) expect(resolveRef(doc, r).content?.['application/json'], `${o.operationId} ${code}`).toBeTruthy();
  });
});
