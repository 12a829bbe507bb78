// Seed § Endpoints, "Payload in" column: bodies, query parameters and headers (names the seed
// leaves open come from service-facts.md), with their types, required-ness and defaults.
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, operation, operations, parameter, parameters, propertySchema, requestBodySchema, requiredOf } from './lib/spec.js';
import { manifest } from './lib/fixtures.js';

const bodyV = (op: string) => compile(requestBodySchema(op));
const paramV = (op: string, name: string, where: string) => compile(parameter(op, name, where).schema);

describe('Request bodies exist exactly where the seed has "body:"', () => {
  const withBody = ['createOrUpdateMcpServer', 'createOrUpdateModelVersion', 'createSecretGroup', 'getArtifactVersionSignedUrls', 'changePassword'];
  it('the five body operations have a required application/json body; no other operation has a body (terminate: "no body")', () => {
    expect(operations.filter((o) => o.op.requestBody).map((o) => o.operationId).sort()).toEqual([...withBody].sort());
    for (const id of withBody) expect(resolveRef(doc, operation(id).op.requestBody).required, id).toBe(true);
  });
});

type Case = [label: string, body: unknown, ok: boolean];
const bodyRows: { rule: string; op: string; cases: Case[] }[] = [
  {
    rule: 'Endpoint 1 PUT /mcp: manifest (required), dryRun (boolean, default false, nullable), force (boolean, default false, nullable)',
    op: 'createOrUpdateMcpServer',
    cases: [
      ['manifest only', { manifest: manifest('remote') }, true],
      ['dryRun true, force true', { manifest: manifest('remote'), dryRun: true, force: true }, true],
      ['dryRun null, force null', { manifest: manifest('remote'), dryRun: null, force: null }, true],
      ['dryRun false, force false', { manifest: manifest('remote'), dryRun: false, force: false }, true],
      ['no manifest', { dryRun: true }, false],
      ['manifest null', { manifest: null }, false],
      ['dryRun "true" (string)', { manifest: manifest('remote'), dryRun: 'true' }, false],
      ['force 1 (number)', { manifest: manifest('remote'), force: 1 }, false],
      ['forceDelete instead of force (seed: force)', { manifest: manifest('remote'), forceDelete: true }, false],
    ],
  },
  {
    rule: 'Endpoint 2 PUT /model-versions: manifest (model version manifest)',
    op: 'createOrUpdateModelVersion',
    cases: [
      ['model-version manifest', { manifest: { type: 'model-version', name: 'clf', ml_repo: 'repo', source: { type: 'vendor', uri: 's3://b/k' } } }, true],
      ['manifest with every seed field', { manifest: { type: 'model-version', name: 'clf', ml_repo: 'repo', metadata: { a: 1 }, source: { type: 'vendor', uri: 's3://b/k' }, version: 3, description: 'd', version_alias: 'v1', framework: { type: 'transformers', library_name: 'transformers', pipeline_tag: 'text-classification', base_model: 'bert' }, environment: { python_version: '3.11', pip_packages: ['torch'] }, step: 1, run_id: 'r' } }, true],
      ['type artifact-version', { manifest: { type: 'artifact-version', name: 'clf', ml_repo: 'repo', source: { type: 'vendor', uri: 's3://b/k' } } }, false],
      ['version not an integer', { manifest: { type: 'model-version', name: 'clf', ml_repo: 'repo', source: { type: 'vendor', uri: 's3://b/k' }, version: '3' } }, false],
      ['step not an integer', { manifest: { type: 'model-version', name: 'clf', ml_repo: 'repo', source: { type: 'vendor', uri: 's3://b/k' }, step: 1.5 } }, false],
      ['pip_packages not strings', { manifest: { type: 'model-version', name: 'clf', ml_repo: 'repo', source: { type: 'vendor', uri: 's3://b/k' }, environment: { pip_packages: [1] } } }, false],
      ['no manifest', {}, false],
    ],
  },
  {
    rule: 'Endpoint 3 POST /secret-groups: name (string), integrationId (string), secrets (array of key, value strings)',
    op: 'createSecretGroup',
    cases: [
      ['name, integrationId, secrets', { name: 'llm-keys', integrationId: 'acme:aws:sm', secrets: [{ key: 'K', value: 'v' }] }, true],
      ['no secrets yet', { name: 'llm-keys', integrationId: 'acme:aws:sm', secrets: [] }, true],
      ['secret without value', { name: 'llm-keys', integrationId: 'acme:aws:sm', secrets: [{ key: 'K' }] }, false],
      ['secret without key', { name: 'llm-keys', integrationId: 'acme:aws:sm', secrets: [{ value: 'v' }] }, false],
      ['secret value a number', { name: 'llm-keys', integrationId: 'acme:aws:sm', secrets: [{ key: 'K', value: 1 }] }, false],
      ['name a number', { name: 1, integrationId: 'acme:aws:sm', secrets: [] }, false],
      ['integration_id (snake_case)', { name: 'llm-keys', integration_id: 'acme:aws:sm', secrets: [] }, false],
    ],
  },
  {
    rule: 'Endpoint 4 POST /artifact-versions/signed-urls: id, paths (array of file path strings); operation READ|WRITE optional (facts)',
    op: 'getArtifactVersionSignedUrls',
    cases: [
      ['id and paths', { id: 'cm5av', paths: ['a.txt'] }, true],
      ['operation READ', { id: 'cm5av', paths: ['a.txt'], operation: 'READ' }, true],
      ['operation WRITE', { id: 'cm5av', paths: ['a.txt'], operation: 'WRITE' }, true],
      ['operation read (lowercase)', { id: 'cm5av', paths: ['a.txt'], operation: 'read' }, false],
      ['operation DELETE', { id: 'cm5av', paths: ['a.txt'], operation: 'DELETE' }, false],
      ['paths a string', { id: 'cm5av', paths: 'a.txt' }, false],
      ['paths of numbers', { id: 'cm5av', paths: [1] }, false],
    ],
  },
  {
    rule: 'Endpoint 5 POST /users/change-password: loginId (string, e-mail form), newPassword, oldPassword (strings); newPassword >= 8 (facts)',
    op: 'changePassword',
    cases: [
      ['all three, newPassword 8 characters', { loginId: 'ada@acme.example', oldPassword: 'x', newPassword: '12345678' }, true],
      ['newPassword 7 characters', { loginId: 'ada@acme.example', oldPassword: 'x', newPassword: '1234567' }, false],
      ['loginId not an e-mail', { loginId: 'ada', oldPassword: 'x', newPassword: '12345678' }, false],
      ['no loginId', { oldPassword: 'x', newPassword: '12345678' }, false],
      ['no oldPassword', { loginId: 'ada@acme.example', newPassword: '12345678' }, false],
      ['no newPassword', { loginId: 'ada@acme.example', oldPassword: 'x' }, false],
    ],
  },
];

describe.each(bodyRows)('$rule', (row) => {
  it.each(row.cases)('%s -> %s', (_label, body, ok) => {
    const validate = bodyV(row.op);
    expect(validate(body), ok ? errorsOf(validate) : 'expected invalid').toBe(ok);
  });
});

describe('Body fields: types, required-ness, defaults', () => {
  it('PUT /mcp: manifest required; dryRun and force are [boolean, null] with default false', () => {
    const s = requestBodySchema('createOrUpdateMcpServer');
    expect(requiredOf(s)).toEqual(['manifest']);
    for (const f of ['dryRun', 'force']) {
      const p = resolveRef(doc, propertySchema(s, f));
      expect([...p.type].sort(), f).toEqual(['boolean', 'null']);
      expect(p.default, f).toBe(false);
    }
  });
  it('Endpoint 2 body: manifest', () => {
    expect(Object.keys(resolveRef(doc, requestBodySchema('createOrUpdateModelVersion')).properties)).toEqual(['manifest']);
  });
  it('Endpoint 3 body: exactly name, integrationId, secrets', () => {
    expect(Object.keys(resolveRef(doc, requestBodySchema('createSecretGroup')).properties).sort()).toEqual(['integrationId', 'name', 'secrets']);
  });
  it('Endpoint 4 body: id, paths required; operation optional enum READ/WRITE', () => {
    const s = resolveRef(doc, requestBodySchema('getArtifactVersionSignedUrls'));
    expect(Object.keys(s.properties).sort()).toEqual(['id', 'operation', 'paths']);
    expect(requiredOf(s).sort()).toEqual(['id', 'paths']);
    expect(resolveRef(doc, s.properties.operation).enum).toEqual(['READ', 'WRITE']);
  });
  it('Endpoint 5 body: loginId (format email), newPassword (minLength 8), oldPassword', () => {
    const s = resolveRef(doc, requestBodySchema('changePassword'));
    expect(Object.keys(s.properties).sort()).toEqual(['loginId', 'newPassword', 'oldPassword']);
    expect(s.properties.loginId.format).toBe('email');
    expect(s.properties.newPassword.minLength).toBe(8);
  });
});

type P = { op: string; where: string; name: string; required: boolean; type?: string };
// Parameter names per service-facts.md ("names not shown" in the seed).
const params: { rule: string; op: string; where: string; list: P[] }[] = [
  {
    rule: 'Endpoint 6: query page size and page token (limit, page_token); path tenantName, sessionId',
    op: 'listAgentSessionTurns',
    where: 'query',
    list: [
      { op: 'listAgentSessionTurns', where: 'query', name: 'limit', required: false, type: 'integer' },
      { op: 'listAgentSessionTurns', where: 'query', name: 'page_token', required: false, type: 'string' },
    ],
  },
  {
    rule: 'Endpoint 7: query filters, all optional (limit, offset, fqn, agent_skill_id, ml_repo_id, name, version)',
    op: 'listAgentSkillVersions',
    where: 'query',
    list: [
      { name: 'limit', type: 'integer' },
      { name: 'offset', type: 'integer' },
      { name: 'fqn', type: 'string' },
      { name: 'agent_skill_id', type: 'string' },
      { name: 'ml_repo_id', type: 'string' },
      { name: 'name', type: 'string' },
      { name: 'version', type: 'integer' },
    ].map((p) => ({ ...p, op: 'listAgentSkillVersions', where: 'query', required: false })),
  },
  {
    rule: 'Endpoint 9: query applicationId (string), startTs, endTs (ms), filterEntity (scope enum), filterQuery (JSON string)',
    op: 'getMetricCharts',
    where: 'query',
    list: [
      { name: 'applicationId', required: true, type: 'string' },
      { name: 'startTs', required: false, type: 'integer' },
      { name: 'endTs', required: false, type: 'integer' },
      { name: 'filterEntity', required: true },
      { name: 'filterQuery', required: false, type: 'string' },
    ].map((p) => ({ ...p, op: 'getMetricCharts', where: 'query' })),
  },
  {
    rule: 'Endpoint 11: no body; query deploymentId, jobRunName (required)',
    op: 'terminateJob',
    where: 'query',
    list: [
      { name: 'deploymentId', required: true, type: 'string' },
      { name: 'jobRunName', required: true, type: 'string' },
    ].map((p) => ({ ...p, op: 'terminateJob', where: 'query' })),
  },
  {
    rule: 'Endpoint 8: optional headers provider name, Azure API version, Vertex bucket and region, provider model, S3 bucket, Bedrock model, request metadata',
    op: 'getBatch',
    where: 'header',
    list: [
      'x-vendor-provider-name',
      'x-vendor-azure-api-version',
      'x-vendor-vertex-storage-bucket-name',
      'x-vendor-vertex-region',
      'x-vendor-provider-model',
      'x-vendor-aws-s3-bucket',
      'x-vendor-aws-bedrock-model',
      'x-vendor-metadata',
    ].map((name) => ({ name, op: 'getBatch', where: 'header', required: false, type: 'string' })),
  },
  {
    rule: 'Endpoint 12: optional headers provider name, request metadata',
    op: 'listResponseInputItems',
    where: 'header',
    list: ['x-vendor-provider-name', 'x-vendor-metadata'].map((name) => ({ name, op: 'listResponseInputItems', where: 'header', required: false, type: 'string' })),
  },
  {
    rule: 'Endpoint 16: header x-vendor-provider-name (required); optional Vertex bucket and region, provider model, request metadata',
    op: 'getFile',
    where: 'header',
    list: [
      { name: 'x-vendor-provider-name', required: true, type: 'string' },
      { name: 'x-vendor-vertex-storage-bucket-name', required: false, type: 'string' },
      { name: 'x-vendor-vertex-region', required: false, type: 'string' },
      { name: 'x-vendor-provider-model', required: false, type: 'string' },
      { name: 'x-vendor-metadata', required: false, type: 'string' },
    ].map((p) => ({ ...p, op: 'getFile', where: 'header' })),
  },
];

describe.each(params)('$rule', (row) => {
  it(`has exactly these ${row.where} parameters`, () => {
    const names = parameters(row.op).filter((p) => p.in === row.where).map((p) => p.name).sort();
    expect(names).toEqual(row.list.map((p) => p.name).sort());
  });
  it.each(row.list)('$name: required=$required, type $type', (p) => {
    const param = parameter(row.op, p.name, row.where);
    expect(param.name).toBe(p.name); // exact case
    expect(param.required === true).toBe(p.required);
    if (p.type) expect(resolveRef(doc, param.schema).type).toBe(p.type);
    expect(param.description?.trim()).toBeTruthy();
  });
});

describe('Path parameters named by the seed', () => {
  it.each([
    ['listAgentSessionTurns', 'tenantName'],
    ['listAgentSessionTurns', 'sessionId'],
    ['getBatch', 'id'],
    ['getMetricCharts', 'workspaceId'],
    ['getVirtualAccount', 'id'],
    ['listResponseInputItems', 'id'],
    ['getAgentSkill', 'agent_skill_id'],
    ['getArtifactVersion', 'id'],
    ['getMcpServer', 'id'],
    ['getFile', 'id'],
    ['deleteMlRepo', 'id'],
    ['getTeam', 'id'],
  ])('%s: path %s (string, required)', (op, name) => {
    const p = parameter(op, name, 'path');
    expect(p.required).toBe(true);
    expect(resolveRef(doc, p.schema).type).toBe('string');
  });
});

describe('Parameter values', () => {
  it('Endpoint 9 scope: filterEntity enum exactly application, pod, job-run, event, cluster', () => {
    expect(resolveRef(doc, parameter('getMetricCharts', 'filterEntity', 'query').schema).enum).toEqual(['application', 'pod', 'job-run', 'event', 'cluster']);
    const v = paramV('getMetricCharts', 'filterEntity', 'query');
    for (const ok of ['application', 'pod', 'job-run', 'event', 'cluster']) expect(v(ok), ok).toBe(true);
    for (const bad of ['node', 'Pod', 'job_run', '']) expect(v(bad), bad).toBe(false);
  });
  it('Endpoint 9: startTs/endTs are ms since epoch (integers), described with their defaults', () => {
    const start = parameter('getMetricCharts', 'startTs', 'query');
    const end = parameter('getMetricCharts', 'endTs', 'query');
    expect(start.description).toMatch(/millisecond/i);
    expect(start.description).toMatch(/last deployment/i);
    expect(end.description).toMatch(/now/i);
    expect(paramV('getMetricCharts', 'startTs', 'query')(1.5)).toBe(false);
  });
  it('Endpoint 11: deploymentId and jobRunName reject the empty string', () => {
    expect(paramV('terminateJob', 'deploymentId', 'query')('')).toBe(false);
    expect(paramV('terminateJob', 'jobRunName', 'query')('')).toBe(false);
    expect(paramV('terminateJob', 'jobRunName', 'query')('nightly-etl-1')).toBe(true);
  });
  it('Endpoint 16: x-vendor-provider-name is required on getFile and optional on getBatch and listResponseInputItems', () => {
    expect(parameter('getFile', 'x-vendor-provider-name', 'header').required).toBe(true);
    expect(parameter('getBatch', 'x-vendor-provider-name', 'header').required).not.toBe(true);
    expect(parameter('listResponseInputItems', 'x-vendor-provider-name', 'header').required).not.toBe(true);
  });
  it('no operation declares an Authorization header parameter (it is the `jwt` security scheme)', () => {
    for (const o of operations) expect(parameters(o.operationId).some((p) => p.in === 'header' && p.name.toLowerCase() === 'authorization'), o.operationId).toBe(false);
  });
  it('operations without params in the seed have no query parameters', () => {
    for (const id of ['createOrUpdateMcpServer', 'createOrUpdateModelVersion', 'createSecretGroup', 'getArtifactVersionSignedUrls', 'changePassword', 'getBatch', 'getVirtualAccount', 'listResponseInputItems', 'getAgentSkill', 'getArtifactVersion', 'getMcpServer', 'getFile', 'deleteMlRepo', 'getTeam'])
      expect(parameters(id).filter((p) => p.in === 'query').map((p) => p.name), id).toEqual([]);
  });
});
