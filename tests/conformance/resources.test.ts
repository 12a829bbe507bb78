// Seed § "Resources and their fields": exact field names (camelCase and snake_case as written),
// types, nullability, required-ness and constants; enum values the seed leaves open come from
// service-facts.md. Notation: `date-time` = string with format date-time; `X|null` = 3.1
// `type: [X, "null"]`; `*` = the seed gives no type (only presence is checked); `ref:Name` = $ref.
// Per the seed's convention, a timestamp is a date-time string unless stated (batch and file: integer).
// Responses are liberal (docs/ARCHITECTURE.md): an optional field may also accept null, so an optional
// field matches `X` or `X|null`; a required field must have exactly the seed's type.
// liberal-responses.test.ts checks the null rule itself.
import { describe, expect, it } from 'vitest';
import { resolveRef } from '@vendor/spec-model';
import { compile, doc, errorsOf, propertyNames, propertySchema, requiredOf, schemaValidator, typeOf } from './lib/spec.js';

const S = doc.components.schemas;

/** The non-null branches of a nullable `anyOf`, or the schema itself. */
function branches(schema: any): any[] {
  const s = resolveRef(doc, schema);
  if (Array.isArray(s?.anyOf)) return s.anyOf.filter((b: any) => resolveRef(doc, b).type !== 'null');
  return [schema];
}

/** Property `name` of `schema`, looking through `$ref`, `allOf` and a nullable `anyOf`. */
function propertyThroughNull(schema: any, name: string): any {
  for (const b of branches(schema)) {
    const found = propertySchema(b, name);
    if (found) return found;
  }
  return undefined;
}

/** The schema at a dotted path (`a.b[].c`) and whether its last segment is required in its parent. */
function fieldWithRequired(schema: any, path: string): { schema: any; required: boolean } | undefined {
  let cur = schema;
  let required = true;
  for (const seg of path.split('.')) {
    const isArray = seg.endsWith('[]');
    const name = isArray ? seg.slice(0, -2) : seg;
    const parent = cur;
    cur = propertyThroughNull(parent, name);
    if (!cur) return undefined;
    required = branches(parent).some((b) => requiredOf(b).includes(name));
    if (isArray) cur = resolveRef(doc, cur).items;
  }
  return { schema: cur, required };
}

function field(schema: any, path: string): any {
  return fieldWithRequired(schema, path)?.schema;
}

const sameParts = (a: string, b: string) => [...new Set(a.split('|'))].sort().join('|') === [...new Set(b.split('|'))].sort().join('|');

interface Resource {
  rule: string;
  schema: string;
  fields: Record<string, string>;
  required?: string[];
}

const resources: Resource[] = [
  {
    rule: 'Subject (control-plane form, camelCase)',
    schema: 'Subject',
    fields: {
      subjectId: 'string',
      subjectType: 'string',
      subjectSlug: 'string|null',
      subjectDisplayName: 'string|null',
      subjectPatName: 'string|null',
      subjectControllerName: 'string|null',
      subjectExternalIdentitySlug: 'string|null',
    },
    required: ['subjectId'],
  },
  {
    rule: 'Subject, gateway agent form (snake_case): subject_id, subject_type, subject_slug (all strings)',
    schema: 'GatewaySubject',
    fields: { subject_id: 'string', subject_type: 'string', subject_slug: 'string' },
  },
  {
    rule: 'MCPServerV2 (returned by create/update)',
    schema: 'McpServerV2',
    fields: {
      id: 'string|null',
      fqn: 'string',
      tenantName: 'string',
      manifest: 'ref:McpServerManifestView',
      createdBySubject: '*',
      createdAt: 'date-time|null',
      updatedAt: 'date-time|null',
      proxyUrl: 'string|null',
      isAuthOverrideSupported: 'boolean|null',
    },
    required: ['fqn', 'tenantName', 'manifest', 'createdBySubject'],
  },
  {
    rule: 'MCP server (read form)',
    schema: 'McpServer',
    fields: {
      fqn: 'string',
      manifest: 'object',
      createdBySubject: 'ref:McpServerSubjectSummary',
      accountId: '*',
      id: '*',
      tools: 'array<object>',
      createdAt: 'date-time',
      updatedAt: 'date-time',
      proxyUrl: '*',
      oauth2AuthStatus: 'string',
      oauth2AuthStatusReason: 'string',
    },
  },
  {
    rule: 'Model version manifest',
    schema: 'ModelVersionManifest',
    fields: {
      name: 'string',
      metadata: 'object',
      ml_repo: 'string',
      source: 'object',
      version: 'integer',
      type: 'const:model-version',
      description: 'string',
      version_alias: 'string',
      framework: 'object',
      'framework.type': 'string',
      'framework.library_name': 'string',
      'framework.pipeline_tag': 'string',
      'framework.base_model': 'string',
      environment: 'object',
      'environment.python_version': 'string',
      'environment.pip_packages': 'array<string>',
      step: 'integer',
      run_id: 'string',
    },
  },
  {
    rule: 'Model version record',
    schema: 'ModelVersion',
    fields: {
      id: '*',
      fqn: '*',
      created_by_subject: 'ref:Subject',
      manifest: 'ref:ModelVersionManifestView',
      ml_repo_id: '*',
      model_id: '*',
      created_at: 'date-time',
      updated_at: 'date-time',
      tags: 'array<string>',
      version_alias: '*',
      usage_code_snippet: 'string',
      metrics: 'array<object>',
      'metrics[].key': 'string',
      'metrics[].value': 'number',
      'metrics[].timestamp': 'number',
      'metrics[].step': 'integer',
      deployable: 'boolean',
    },
  },
  {
    rule: 'Artifact version manifest ("as the model version manifest without framework and environment")',
    schema: 'ArtifactVersionManifest',
    fields: {
      name: 'string',
      metadata: 'object',
      ml_repo: 'string',
      source: 'object',
      version: 'integer',
      type: 'const:artifact-version',
      description: 'string',
      version_alias: 'string',
      step: 'integer',
      run_id: 'string',
    },
  },
  {
    rule: 'Artifact version record',
    schema: 'ArtifactVersion',
    fields: {
      id: '*',
      fqn: '*',
      created_by_subject: 'ref:Subject',
      manifest: 'ref:ArtifactVersionManifest',
      ml_repo_id: '*',
      artifact_id: '*',
      created_at: 'date-time',
      updated_at: 'date-time',
      tags: 'array<string>',
      version_alias: '*',
      usage_code_snippet: 'string',
    },
  },
  { rule: 'Signed URL item', schema: 'SignedUrl', fields: { path: 'string', signed_url: 'string' } },
  {
    rule: 'Agent skill',
    schema: 'AgentSkill',
    fields: {
      id: '*',
      ml_repo_id: '*',
      name: '*',
      fqn: '*',
      created_by_subject: '*',
      type: 'const:agent-skill',
      created_at: 'date-time',
      updated_at: 'date-time',
      latest_version: 'ref:AgentSkillVersion',
    },
  },
  {
    rule: 'Agent skill version',
    schema: 'AgentSkillVersion',
    fields: {
      id: '*',
      fqn: '*',
      created_by_subject: '*',
      'created_by_subject.subjectType': 'string',
      manifest: 'ref:AgentSkillVersionManifest',
      ml_repo_id: '*',
      agent_skill_id: '*',
      created_at: 'date-time',
      updated_at: 'date-time',
      usage_code_snippets: 'array<object>',
    },
  },
  {
    rule: 'Agent skill version manifest',
    schema: 'AgentSkillVersionManifest',
    fields: { name: '*', metadata: 'object', ml_repo: '*', type: 'const:agent-skill', source: 'object', version: 'integer' },
  },
  {
    rule: 'Usage snippet',
    schema: 'UsageCodeSnippet',
    fields: { display_name: '*', language: '*', code: '*', libraries: 'array<string>', icon: '*' },
  },
  {
    rule: 'Secret group',
    schema: 'SecretGroup',
    fields: {
      id: '*',
      fqn: '*',
      tenantName: '*',
      accountId: '*',
      integrationId: '*',
      createdBySubject: '*',
      createdBy: 'string',
      createdAt: 'date-time',
      updatedAt: 'date-time',
      manifest: 'object',
      associatedSecrets: 'array<object>',
    },
  },
  {
    rule: 'Secret',
    schema: 'Secret',
    fields: {
      id: '*',
      fqn: '*',
      name: '*',
      secretGroupId: '*',
      value: '*',
      createdBySubject: '*',
      createdBy: '*',
      createdAt: 'date-time',
      updatedAt: 'date-time',
      activeDeploymentsCount: 'integer',
      secretVersions: 'array<object>',
    },
  },
  {
    rule: 'Secret version',
    schema: 'SecretVersion',
    fields: { id: '*', fqn: '*', value: '*', version: 'integer', secret: 'object|null', secretId: '*', createdAt: 'date-time', updatedAt: 'date-time' },
  },
  {
    rule: 'Virtual account',
    schema: 'VirtualAccount',
    fields: {
      id: 'string',
      type: '*',
      tenantName: '*',
      accountId: '*',
      createdBySubject: '*',
      createdBy: '*',
      createdAt: 'date-time',
      updatedAt: 'date-time',
      lastAccessedAt: 'date-time',
      jwtId: '*',
      isExpired: 'boolean',
      metadata: 'object',
      roleIds: 'array<string>',
      nextScheduledRotation: 'string',
      manifest: 'ref:VirtualAccountManifest',
      jwts: 'array<object>',
      'jwts[].id': '*',
      'jwts[].subjectType': '*',
      'jwts[].subjectId': '*',
      'jwts[].expiry': '*',
      'jwts[].createdAt': 'date-time',
      'jwts[].updatedAt': 'date-time',
      'jwts[].metadata': '*',
      rolesWithResource: 'array<object>',
      'rolesWithResource[].roleId': '*',
      'rolesWithResource[].resourceId': '*',
      'rolesWithResource[].roleName': '*',
    },
  },
  {
    rule: 'Virtual account manifest',
    schema: 'VirtualAccountManifest',
    fields: {
      name: '*',
      type: 'const:virtual-account',
      permissions: 'array<object>',
      'permissions[].resource_fqn': '*',
      'permissions[].resource_type': '*',
      'permissions[].role_id': '*',
      expiration_date: 'string',
      auto_rotate: 'object',
      'auto_rotate.auto_rotate_interval': 'integer',
      'auto_rotate.grace_period': 'integer',
      notification_target: 'object',
      'notification_target.type': 'string',
      'notification_target.notification_channel': '*',
      'notification_target.to_emails': 'array<string>',
      secret_store_config: 'object',
      'secret_store_config.integration_fqn': '*',
      'secret_store_config.secret_path': '*',
      ownedBy: 'object',
      'ownedBy.team': '*',
      'ownedBy.account': '*',
      tags: 'object',
      identity_provider_mapping: 'array<object>',
      'identity_provider_mapping[].identity_provider': '*',
      'identity_provider_mapping[].value': '*',
    },
  },
  {
    rule: 'Team',
    schema: 'Team',
    fields: {
      id: '*',
      description: '*',
      tenantName: '*',
      accountId: '*',
      createdBySubject: '*',
      createdAt: 'date-time',
      updatedAt: 'date-time',
      isEditable: 'boolean',
      members: 'array<string>',
      roles: 'array<string>',
      metadata: 'object',
      'metadata.createdByScim': 'boolean',
      'metadata.scimExternalId': 'string',
      manifest: 'object',
      'manifest.name': '*',
      'manifest.members': '*',
      'manifest.displayName': '*',
      'manifest.description': '*',
      'manifest.managers': 'array<string>',
      'manifest.ownedBy': 'object',
      'manifest.ownedBy.account': '*',
      'manifest.tags': 'object',
      'manifest.identity_provider_mapping': '*',
    },
  },
  {
    rule: 'Metric chart bundle',
    schema: 'MetricChartBundle',
    fields: {
      step: 'string',
      graphs: 'array<object>',
      'graphs[].name': 'string',
      'graphs[].description': 'string',
      'graphs[].chart': 'string',
      'graphs[].params': 'string',
      'graphs[].chartType': 'string',
    },
  },
  {
    rule: 'Agent turn (gateway)',
    schema: 'AgentTurn',
    fields: {
      id: '*',
      session_id: '*',
      previous_turn_id: '*',
      state: 'object',
      created_by_subject: 'ref:GatewaySubject',
      created_at: 'date-time',
      input: 'array<object>',
    },
  },
  {
    rule: 'Agent turn page envelope: pagination with limit (integer), next_page_token, previous_page_token (strings)',
    schema: 'TokenPagination',
    fields: { limit: 'integer', next_page_token: 'string', previous_page_token: 'string' },
  },
  {
    rule: 'Batch (gateway): strings; integer timestamps; request_counts integers; errors and metadata free-form',
    schema: 'Batch',
    fields: {
      id: 'string',
      object: 'string',
      endpoint: 'string',
      input_file_id: 'string',
      completion_window: 'string',
      status: 'string',
      output_file_id: 'string',
      error_file_id: 'string',
      created_at: 'integer',
      in_progress_at: 'integer',
      expires_at: 'integer',
      finalizing_at: 'integer',
      completed_at: 'integer',
      failed_at: 'integer',
      expired_at: 'integer',
      cancelling_at: 'integer',
      cancelled_at: 'integer',
      request_counts: 'object',
      'request_counts.total': 'integer',
      'request_counts.completed': 'integer',
      'request_counts.failed': 'integer',
      errors: '*',
      metadata: '*',
    },
  },
  {
    rule: 'Model response input items (gateway)',
    schema: 'ResponseInputItemList',
    fields: {
      object: 'string',
      data: 'array<object>',
      'data[].id': 'string',
      'data[].type': 'string',
      'data[].status': 'string',
      'data[].role': 'string',
      'data[].content': 'array<object>',
      'data[].content[].type': 'string',
      'data[].content[].text': 'string',
      first_id: 'string',
      last_id: 'string',
      has_more: 'boolean',
    },
  },
  {
    rule: 'File (gateway): created_at (integer), bytes (integer, size)',
    schema: 'FileObject',
    fields: { id: 'string', object: 'string', created_at: 'integer', purpose: 'string', bytes: 'integer', status: 'string' },
  },
];

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const fieldRows = resources.flatMap((r) => Object.entries(r.fields).map(([path, type]) => ({ rule: r.rule, schema: r.schema, path, type })));

describe('Resources and their fields: name, type, nullability', () => {
  it.each(fieldRows)('$rule: $path is $type', ({ schema, path, type }) => {
    const found = fieldWithRequired(S[schema], path);
    expect(found, `${schema}.${path} is missing`).toBeTruthy();
    const f = found!.schema;
    if (type === '*') return;
    if (type.startsWith('ref:')) {
      const target = type.slice(4);
      const refs = [f.$ref, ...[...(resolveRef(doc, f).allOf ?? []), ...(resolveRef(doc, f).anyOf ?? [])].map((x: any) => x.$ref)];
      expect(refs).toContain(`#/components/schemas/${target}`);
      return;
    }
    if (type.startsWith('const:')) {
      const consts = branches(f).map((b) => resolveRef(doc, b).const);
      expect(consts).toContain(type.slice(6));
      return;
    }
    const actual = typeOf(f);
    const matches = sameParts(actual, type) || (!found!.required && sameParts(actual, `${type}|null`));
    expect(matches, `${schema}.${path}: ${actual}, expected ${type}${found!.required ? '' : ' (or with |null)'}`).toBe(true);
  });

  it.each(fieldRows.filter((r) => !r.path.includes('.')))('$rule: $path keeps its case (no ' + 'camelCase/snake_case twin)', ({ schema, path }) => {
    const name = path.replace('[]', '');
    const twin = name.includes('_') ? camel(name) : snake(name);
    if (twin === name) return;
    expect(propertyNames(S[schema])).not.toContain(twin);
  });
});

describe('Resources: required fields where the seed says required', () => {
  it.each(resources.filter((r) => r.required))('$rule: required $required', (r) => {
    expect(requiredOf(S[r.schema])).toEqual(expect.arrayContaining(r.required!));
    const validate = schemaValidator(r.schema);
    for (const f of r.required!) {
      // a value that has every field but f is rejected
      const ex = sample[r.schema];
      const copy = { ...ex };
      delete copy[f];
      expect(validate(ex), errorsOf(validate)).toBe(true);
      expect(validate(copy), `without ${f}`).toBe(false);
    }
  });

  it('subjectType is required in the MCP server schemas (MCPServerV2.createdBySubject and the read form)', () => {
    expect(requiredOf(propertySchema(S.McpServerV2, 'createdBySubject'))).toEqual(expect.arrayContaining(['subjectId', 'subjectType']));
    const readForm = branches(propertySchema(S.McpServer, 'createdBySubject'))[0];
    expect(requiredOf(readForm)).toEqual(expect.arrayContaining(['subjectId', 'subjectType']));
    const v2 = schemaValidator('McpServerV2');
    const noType = { ...sample.McpServerV2, createdBySubject: { subjectId: 'u1' } };
    expect(v2(noType)).toBe(false);
  });

  it('the MCP server read endpoint\'s createdBySubject has only subjectId, subjectType, subjectSlug, subjectDisplayName', () => {
    expect(propertyNames(branches(propertySchema(S.McpServer, 'createdBySubject'))[0]).sort()).toEqual(['subjectDisplayName', 'subjectId', 'subjectSlug', 'subjectType']);
  });

  it('MCPServerV2.createdBySubject is the full Subject (all seven fields)', () => {
    expect(propertyNames(propertySchema(S.McpServerV2, 'createdBySubject')).sort()).toEqual(Object.keys(resources[0]!.fields).sort());
  });

  it('artifact version manifest has no framework and no environment', () => {
    expect(propertyNames(S.ArtifactVersionManifest)).not.toContain('framework');
    expect(propertyNames(S.ArtifactVersionManifest)).not.toContain('environment');
  });

  it('Secret version: secret is a nullable back-reference (null accepted)', () => {
    const v = schemaValidator('SecretVersion');
    expect(v({ id: 'sv1', secret: null })).toBe(true);
    expect(v({ id: 'sv1', secret: { id: 's1' } })).toBe(true);
  });

  it('virtual account envelope: token is string or null', () => {
    expect(typeOf(propertySchema(S.VirtualAccountResponse, 'token'))).toBe('string|null');
    expect(requiredOf(S.VirtualAccountResponse)).not.toContain('token');
  });
});

const sample: Record<string, any> = {
  Subject: { subjectId: 'u1', subjectType: 'user' },
  McpServerV2: {
    fqn: 'acme:mcp-server:github-tools',
    tenantName: 'acme',
    manifest: { type: 'mcp-server/remote', name: 'github-tools', description: 'd', collaborators: [], url: 'https://x.example' },
    createdBySubject: { subjectId: 'u1', subjectType: 'user' },
  },
};

describe('Constants and enums (seed values; values the seed leaves open from service-facts.md)', () => {
  // Known values of a closed enum, or of an open one (`anyOf: [{enum}, {type: string}]`), through `$ref` and nullable `anyOf`.
  const enumOf = (s: any): unknown[] | undefined => {
    const d = resolveRef(doc, s);
    if (d.enum) return d.enum.filter((v: unknown) => v !== null);
    for (const b of d.anyOf ?? []) {
      const known = enumOf(b);
      if (known) return known;
    }
    return undefined;
  };
  const consts = (s: any) => (resolveRef(doc, s).oneOf ?? []).map((b: any) => resolveRef(doc, b).properties[resolveRef(doc, s).discriminator.propertyName].const);
  const rows: [string, () => unknown, unknown[]][] = [
    ['subjectType ("user" and the deployed values)', () => enumOf(S.SubjectType), ['user', 'team', 'serviceaccount', 'virtualaccount', 'external-identity', 'agent-identity', 'role']],
    ['agent turn state.status (running; deployed: done, cancelled, error)', () => consts(S.AgentTurnState), ['running', 'done', 'cancelled', 'error']],
    ['cancelled turn reason', () => enumOf(S.AgentTurnStateCancelled.properties.reason), ['server-execution-timeout', 'client-cancelled', 'cancelled-for-next-turn', 'abandoned']],
    ['agent turn input item type (user.message; deployed: tool approval/response)', () => consts(S.AgentTurnInputItem), ['user.message', 'user.tool_approval', 'user.tool_response']],
    ['model source.type (vendor; deployed: external, local)', () => consts(S.ModelVersionSource), ['vendor', 'external', 'local']],
    ['artifact source.type', () => consts(S.ArtifactVersionSource), ['vendor', 'external', 'local']],
    ['agent skill source.type (inline; deployed: blob-storage, local)', () => consts(S.AgentSkillSource), ['inline', 'blob-storage', 'local']],
    ['framework.type (transformers and the deployed values)', () => enumOf(S.ModelFramework.properties.type), ['transformers', 'tensorflow', 'sklearn', 'pytorch', 'keras', 'xgboost', 'lightgbm', 'fastai', 'h2o', 'onnx', 'spacy', 'statsmodels', 'gluon', 'paddle']],
    ['transformers library_name', () => enumOf(S.ModelFramework.properties.library_name), ['transformers', 'sentence-transformers', 'diffusers']],
    ['chartType (line and the deployed values)', () => enumOf(S.MetricChartGraph.properties.chartType), ['line', 'vertical_line', 'stacked_bar', 'stacked_area', 'bubble', 'horizontal_bar', 'horizontal_stacked_bar', 'horizontal_box_plot', 'bar_list']],
    ['jobRunStatus', () => enumOf(S.TerminateJobResult.properties.jobRunStatus), ['CREATED', 'SCHEDULED', 'RUNNING', 'FINISHED', 'FAILED', 'TERMINATION_REQUESTED', 'TERMINATING', 'TERMINATED', 'UNKNOWN']],
    ['virtual account JWT tokenType', () => enumOf(S.VirtualAccountJwt.properties.tokenType), ['jwt', 'opaque']],
    ['virtual account manifest token_type', () => enumOf(S.VirtualAccountManifest.properties.token_type), ['jwt', 'opaque']],
    ['notification_target.type (email and the deployed values)', () => enumOf(S.NotificationTarget.properties.type), ['email', 'slack-webhook', 'slack-bot', 'pagerduty', 'ms-teams-webhook']],
    ['metric scope', () => enumOf(S.MetricScope), ['application', 'pod', 'job-run', 'event', 'cluster']],
  ];
  it.each(rows)('%s', (_label, get, expected) => {
    expect([...(get() as unknown[])].sort()).toEqual([...expected].sort());
  });

  it.each([
    ['Batch.status', S.Batch.properties.status],
    ['FileObject.status', S.FileObject.properties.status],
    ['McpServer.oauth2AuthStatus', S.McpServer.properties.oauth2AuthStatus],
  ])('%s accepts any string (no closed list of values)', (_l, s) => {
    const v = compile(s);
    expect(v('processed')).toBe(true);
    expect(v('zz-a-value-from-the-future')).toBe(true);
    expect(v(42)).toBe(false);
  });

  it.each([
    ['ModelVersionManifest', 'model-version'],
    ['ArtifactVersionManifest', 'artifact-version'],
    ['AgentSkill', 'agent-skill'],
    ['AgentSkillVersionManifest', 'agent-skill'],
    ['VirtualAccountManifest', 'virtual-account'],
  ])('%s.type is the constant %s', (name, value) => {
    const v = schemaValidator(name);
    expect(branches(S[name].properties.type).map((b) => resolveRef(doc, b).const)).toContain(value);
    expect(v({ type: 'something-else' })).toBe(false);
  });

  it.each([
    ['model source {type: vendor, uri}', 'ModelVersionSource', { type: 'vendor', uri: 's3://b/k' }, true],
    ['model source type unknown', 'ModelVersionSource', { type: 'ftp', uri: 'x' }, false],
    ['model framework transformers', 'ModelFramework', { type: 'transformers', library_name: 'transformers', pipeline_tag: 't', base_model: 'b' }, true],
    ['agent skill source {type: inline, skill_md}', 'AgentSkillSource', { type: 'inline', skill_md: '# Skill' }, true],
    ['agent skill source inline without skill_md', 'AgentSkillSource', { type: 'inline' }, false],
    ['turn state {status: running}', 'AgentTurnState', { status: 'running' }, true],
    ['turn input {type: user.message, content: string}', 'AgentTurnInputItem', { type: 'user.message', content: 'hi' }, true],
    ['turn input content not a string', 'AgentTurnInputItem', { type: 'user.message', content: 1 }, false],
    ['chart graph chartType line', 'MetricChartGraph', { name: 'cpu', chartType: 'line' }, true],
    ['notification target email', 'NotificationTarget', { type: 'email', notification_channel: 'c', to_emails: ['a@b.c'] }, true],
  ])('%s -> %s', (_l, schema, value, ok) => {
    const v = schemaValidator(schema);
    expect(v(value), ok ? errorsOf(v) : 'expected invalid').toBe(ok);
  });
});
