// The sandbox's answer to each operation, from the tenant's stored records. Requests reach these
// handlers already validated against the spec (handler.ts), so they only apply the rules of the state.
import { createHmac } from 'node:crypto';
import type { OpenApiDocument } from '../types.js';
import { failed, notFound, ok, refused } from './answers.js';
import { newId } from './ids.js';
import { MCP_CREATED_FIELDS, pick, placeRecord } from './resources.js';
import { jobRunId, renameTenant } from './seed.js';
import type { SandboxAnswer } from './seam.js';
import { findOperation, parameterDefault, parameterExample, successExamples } from './spec-examples.js';
import type { Body, Store, StoredRecord } from './store.js';
import type { Caller } from './tokens.js';

export interface Call {
  caller: Caller;
  tenant: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: any;
}

export interface HandlerContext {
  store: Store;
  doc: OpenApiDocument;
  /** the tenant the spec's examples are written for: what a template names it renames to the caller's */
  exampleTenant: string;
  /** signs the sandbox's signed URLs (HMAC); derived from the sandbox secret, never shown */
  urlKey: Buffer;
  now: () => Date;
}

export type OperationHandler = (ctx: HandlerContext, call: Call) => Promise<SandboxAnswer | undefined>;

export const HANDLERS: Record<string, OperationHandler> = {
  createOrUpdateMcpServer,
  getMcpServer,
  createOrUpdateModelVersion,
  getArtifactVersion,
  getArtifactVersionSignedUrls,
  deleteMlRepo,
  createSecretGroup,
  listAgentSessionTurns,
  listAgentSkillVersions,
  getAgentSkill,
  getBatch: byIdUnwrapped('batch'),
  getFile: byIdUnwrapped('file'),
  listResponseInputItems: byIdUnwrapped('input-items'),
  getTeam: byIdInEnvelope('team', 'getTeam'),
  getVirtualAccount: byIdInEnvelope('virtual-account', 'getVirtualAccount'),
  terminateJob,
  // getMetricCharts and changePassword hold no state: Prism answers them as in the stateless mode.
};

const iso = (ctx: HandlerContext) => ctx.now().toISOString();
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const templates = new WeakMap<object, Map<string, unknown>>();

/**
 * The first success example of an operation: the envelope the sandbox fills with stored records.
 * Looked up once per document and operation (finding it walks the spec, which a GET should not pay
 * for), and frozen, because every response shares it.
 */
function templateOf(ctx: HandlerContext, operationId: string): any {
  let perDoc = templates.get(ctx.doc);
  if (perDoc === undefined) {
    perDoc = new Map();
    templates.set(ctx.doc, perDoc);
  }
  if (!perDoc.has(operationId)) {
    const ref = findOperation(ctx.doc, operationId);
    const example = ref ? successExamples(ctx.doc, ref)[0] : undefined;
    perDoc.set(operationId, deepFreeze(structuredClone(example)));
  }
  return perDoc.get(operationId);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The caller in the control plane's subject form. */
function subjectOf(caller: Caller): Body {
  const [type, ...rest] = caller.subject.split(':');
  const name = rest.join(':');
  return {
    subjectId: `sbx${createHmac('sha256', 'subject').update(caller.subject).digest('hex').slice(0, 21)}`,
    subjectType: type === 'user' || type === 'team' || type === 'serviceaccount' || type === 'virtualaccount' ? type! : 'user',
    subjectSlug: name,
    subjectDisplayName: name,
  };
}

// ---- MCP servers --------------------------------------------------------------------------------------

/** Per-subject auth records exist for header auth at auth_level per_user and OAuth 2.0 authorization_code. */
export function isPerUserAuth(auth: any): boolean {
  const isObject = auth !== null && typeof auth === 'object';
  if (!isObject) return false;
  const perUserHeader = auth.type === 'header' && auth.auth_level === 'per_user';
  const authorizationCode = auth.type === 'oauth2' && auth.grant_type === 'authorization_code';
  return perUserHeader || authorizationCode;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: any): any {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
}

function composeMcp(record: StoredRecord): Body {
  return { ...record.body, id: record.id, ...(record.created ?? {}) };
}

async function createOrUpdateMcpServer(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const { manifest, dryRun, force } = call.body as { manifest: Body; dryRun?: boolean | null; force?: boolean | null };
  const name = String(manifest.name);
  const existing = await ctx.store.getByKey(call.tenant, 'mcp-server', name);
  const oldAuth = (existing?.body.manifest as any)?.auth_data;
  const dropsPerUserAuth = isPerUserAuth(oldAuth) && !sameJson(oldAuth, manifest.auth_data);
  if (dropsPerUserAuth && force !== true) {
    return failed(
      417,
      `This update changes or removes the per-user auth_data of ${name}, which deletes its per-subject auth records; repeat it with force=true to proceed.`,
    );
  }
  const now = iso(ctx);
  const fresh: Body = {
    id: existing?.id ?? newId(),
    fqn: `${call.tenant}:mcp-server:${name}`,
    tenantName: call.tenant,
    manifest,
    createdBySubject: subjectOf(call.caller),
    createdAt: now,
    updatedAt: now,
    proxyUrl: `{{mcpProxyBaseURL}}/${call.tenant}/mcp-server/${name}/mcp`,
    isAuthOverrideSupported: isPerUserAuth(manifest.auth_data),
  };
  // Read-form fields the request does not set (tools, accountId, ...) carry over from the stored server.
  const body: Body = { ...(existing?.body ?? {}), ...fresh };
  if (existing?.body.tools === undefined) body.tools = toolsOf(manifest);
  const record = placeRecord('mcp-server', String(fresh.id), body);
  record.created = existing?.created ?? pick(body, MCP_CREATED_FIELDS);
  if (dryRun === true) {
    const resolved = composeMcp(record);
    if (!existing) Object.assign(resolved, { id: null, createdAt: null, updatedAt: null });
    return ok({ data: v2Form(ctx, resolved) });
  }
  const stored = await ctx.store.upsertByKey(call.tenant, record);
  return ok({ data: v2Form(ctx, composeMcp(stored)) });
}

function toolsOf(manifest: Body): Body[] {
  const settings = Array.isArray(manifest.tool_settings) ? (manifest.tool_settings as any[]) : [];
  return settings
    .filter((t) => typeof t?.name === 'string')
    .map((t): Body => (typeof t.description === 'string' ? { name: t.name, description: t.description } : { name: t.name }));
}

/** The stored server in the create/update form (MCPServerV2): the fields its schema lists. */
function v2Form(ctx: HandlerContext, server: Body): Body {
  return projectTo(ctx, 'createOrUpdateMcpServer', server);
}

async function getMcpServer(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const record = await ctx.store.get(call.tenant, 'mcp-server', call.params.id!);
  if (!record) return notFound(['path', 'id'], `MCP server ${call.params.id} not found`);
  return ok({ data: projectTo(ctx, 'getMcpServer', composeMcp(record)) });
}

/** Keeps the fields the operation's 200 `data` schema lists (the read form has no tenantName, ...). */
function projectTo(ctx: HandlerContext, operationId: string, record: Body): Body {
  const names = dataPropertyNames(ctx.doc, operationId);
  if (names.size === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => names.has(key)));
}

const propertyCache = new WeakMap<object, Map<string, Set<string>>>();

function dataPropertyNames(doc: OpenApiDocument, operationId: string): Set<string> {
  const perDoc = propertyCache.get(doc) ?? new Map<string, Set<string>>();
  propertyCache.set(doc, perDoc);
  const cached = perDoc.get(operationId);
  if (cached) return cached;
  const ref = findOperation(doc, operationId);
  const response = resolve(doc, ref?.op.responses?.['200']);
  const schema = resolve(doc, response?.content?.['application/json']?.schema);
  const names = new Set<string>();
  const data = propertySchema(doc, schema, 'data');
  collectPropertyNames(doc, data, names, 0);
  perDoc.set(operationId, names);
  return names;
}

function resolve(doc: OpenApiDocument, node: any): any {
  let current = node;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, t: string) => n?.[t.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

function propertySchema(doc: OpenApiDocument, schema: any, name: string): any {
  const resolved = resolve(doc, schema);
  if (!resolved) return undefined;
  if (resolved.properties?.[name]) return resolved.properties[name];
  for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    const found = propertySchema(doc, part, name);
    if (found) return found;
  }
  return undefined;
}

function collectPropertyNames(doc: OpenApiDocument, schema: any, into: Set<string>, depth: number): void {
  const resolved = resolve(doc, schema);
  if (!resolved || depth > 10) return;
  for (const key of Object.keys(resolved.properties ?? {})) into.add(key);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) collectPropertyNames(doc, part, into, depth + 1);
}

// ---- ML: model versions, artifact versions, repos, skills -------------------------------------------------

function withoutNulls(manifest: Body): Body {
  return Object.fromEntries(Object.entries(manifest).filter(([, value]) => value !== null)) as Body;
}

async function createOrUpdateModelVersion(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const manifest = withoutNulls(call.body.manifest as Body);
  const existingVersions = await ctx.store.list(call.tenant, 'model-version');
  const template = existingVersions[0]?.body ?? templateOf(ctx, 'createOrUpdateModelVersion')?.data ?? {};
  // The service derives a missing repo or name; the sandbox takes the example model's.
  const repoName = String(manifest.ml_repo ?? (template.manifest as any)?.ml_repo ?? '');
  const name = String(manifest.name ?? (template.manifest as any)?.name ?? '');
  const repo = await ctx.store.getByKey(call.tenant, 'ml-repo', repoName);
  if (!repo) return notFound(['body', 'manifest', 'ml_repo'], `ML repo ${repoName} not found`);
  const parent = `${repo.id}/${name}`;
  // Two writers may pick the same next version; the unique key refuses one, which then takes the next.
  for (let attempt = 0; attempt < 50; attempt++) {
    const siblings = (await ctx.store.list(call.tenant, 'model-version', parent)).map((r) => r.body);
    const version = Math.max(0, ...siblings.map((s) => Number((s.manifest as any)?.version) || 0)) + 1;
    const now = iso(ctx);
    const fqn = `model:${call.tenant}/${repoName}/${name}:${version}`;
    const body: Body = {
      id: newId(),
      fqn,
      created_by_subject: subjectOf(call.caller),
      manifest: { ...manifest, name, ml_repo: repoName, version },
      ml_repo_id: repo.id,
      model_id: (siblings[0]?.model_id as string | undefined) ?? newId(),
      created_at: now,
      updated_at: now,
      tags: [],
      ...(typeof manifest.version_alias === 'string' && { version_alias: manifest.version_alias }),
      ...(typeof template.usage_code_snippet === 'string' &&
        typeof template.fqn === 'string' && { usage_code_snippet: template.usage_code_snippet.split(template.fqn).join(fqn) }),
      metrics: [],
      ...(typeof template.deployable === 'boolean' && { deployable: template.deployable }),
    };
    if (await ctx.store.insert(call.tenant, placeRecord('model-version', String(body.id), body))) return ok({ data: body });
  }
  return failed(409, `Too many concurrent writes of ${repoName}/${name}; retry`);
}

async function getArtifactVersion(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const record = await ctx.store.get(call.tenant, 'artifact-version', call.params.id!);
  if (!record) return notFound(['path', 'id'], `Artifact version ${call.params.id} not found`);
  return ok({ ...templateOf(ctx, 'getArtifactVersion'), data: record.body });
}

async function getArtifactVersionSignedUrls(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const { id, paths, operation } = call.body as { id: string; paths: string[]; operation?: string };
  const record = await ctx.store.get(call.tenant, 'artifact-version', id);
  if (!record) return notFound(['body', 'id'], `Artifact version ${id} not found`);
  const origin = exampleOrigin(ctx);
  const expires = Math.floor(ctx.now().getTime() / 1000) + 3600;
  const mode = operation ?? 'READ';
  const data = paths.map((path) => {
    const objectPath = `${call.tenant}/${record.id}/${path.split('/').map(encodeURIComponent).join('/')}`;
    const signature = createHmac('sha256', ctx.urlKey).update(`${mode}\n${objectPath}\n${expires}`).digest('hex');
    return { path, signed_url: `${origin}/${objectPath}?operation=${mode}&expires=${expires}&signature=${signature}` };
  });
  return ok({ ...templateOf(ctx, 'getArtifactVersionSignedUrls'), data });
}

/** The storage host the signed URL example shows (https), so sandbox URLs look like the documented ones. */
function exampleOrigin(ctx: HandlerContext): string {
  const example = templateOf(ctx, 'getArtifactVersionSignedUrls');
  const url = example?.data?.[0]?.signed_url;
  try {
    const parsed = new URL(String(url));
    if (parsed.protocol === 'https:') return parsed.origin;
  } catch {
    // no usable example: fall through
  }
  return 'https://storage.sandbox.example';
}

async function deleteMlRepo(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const deleted = await ctx.store.deleteWithOwned(call.tenant, 'ml-repo', call.params.id!);
  if (!deleted) return notFound(['path', 'id'], `ML repo ${call.params.id} not found`);
  return ok(templateOf(ctx, 'deleteMlRepo') ?? {});
}

async function getAgentSkill(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const skillId = call.params.agent_skill_id!;
  const record = await ctx.store.get(call.tenant, 'agent-skill', skillId);
  if (!record) return notFound(['path', 'agent_skill_id'], `Agent skill ${skillId} not found`);
  const versions = await ctx.store.list(call.tenant, 'agent-skill-version', skillId);
  const latest = versions.sort((a, b) => versionOf(b.body) - versionOf(a.body))[0];
  return ok({ ...templateOf(ctx, 'getAgentSkill'), data: { ...record.body, ...(latest && { latest_version: latest.body }) } });
}

function versionOf(body: Body): number {
  const version = (body.manifest as any)?.version;
  return typeof version === 'number' ? version : 0;
}

async function listAgentSkillVersions(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const q = (name: string) => first(call.query[name]);
  const filters: Array<(v: Body) => boolean> = [];
  const fqn = q('fqn');
  const skillId = q('agent_skill_id');
  const repoId = q('ml_repo_id');
  const name = q('name');
  const version = q('version');
  if (fqn !== undefined) filters.push((v) => v.fqn === fqn);
  if (skillId !== undefined) filters.push((v) => v.agent_skill_id === skillId);
  if (repoId !== undefined) filters.push((v) => v.ml_repo_id === repoId);
  if (name !== undefined) filters.push((v) => (v.manifest as any)?.name === name);
  if (version !== undefined) filters.push((v) => versionOf(v) === Number(version));
  const all = skillId === undefined ? await ctx.store.list(call.tenant, 'agent-skill-version') : await ctx.store.list(call.tenant, 'agent-skill-version', skillId);
  // Newest first: by skill, then version, highest first.
  const matching = all
    .map((r) => r.body)
    .filter((v) => filters.every((keep) => keep(v)))
    .sort((a, b) => String(a.agent_skill_id).localeCompare(String(b.agent_skill_id)) || versionOf(b) - versionOf(a));
  const ref = findOperation(ctx.doc, 'listAgentSkillVersions');
  const defaultLimit = Number(ref ? parameterDefault(ctx.doc, ref, 'limit') ?? 100 : 100);
  const offset = Number(q('offset') ?? 0);
  const limit = Number(q('limit') ?? defaultLimit);
  return ok({ data: matching.slice(offset, offset + limit), pagination: { total: matching.length, offset, limit } });
}

// ---- Secret groups ----------------------------------------------------------------------------------------

async function createSecretGroup(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const { name, integrationId, secrets } = call.body as { name: string; integrationId: string; secrets: Array<{ key: string; value: string }> };
  const template = templateOf(ctx, 'createSecretGroup')?.data ?? {};
  const id = newId();
  const now = iso(ctx);
  const fqn = `${call.tenant}:secret-group:${name}`;
  const subject = subjectOf(call.caller);
  const createdBy = String(subject.subjectSlug);
  const role = template.manifest?.collaborators?.[0]?.role_id ?? 'secret-group-admin';
  // Values are stored and answered as references, never as the value sent: the response shows where it lives.
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)/i.exec(String(template.associatedSecrets?.[0]?.value ?? ''))?.[1] ?? 'secret://';
  const body: Body = {
    id,
    fqn,
    tenantName: call.tenant,
    ...(typeof template.accountId === 'string' && { accountId: renameTenant(template.accountId, ctx.exampleTenant, call.tenant) }),
    integrationId,
    createdBySubject: subject,
    createdBy,
    createdAt: now,
    updatedAt: now,
    manifest: { type: 'secret-group', name, integration_fqn: integrationId, collaborators: [{ subject: call.caller.subject, role_id: role }] },
    associatedSecrets: secrets.map((secret) => {
      const secretId = newId();
      const reference = `${scheme}${call.tenant}:${name}:${secret.key}`;
      return {
        id: secretId,
        fqn: `${fqn}:${secret.key}`,
        name: secret.key,
        secretGroupId: id,
        value: reference,
        createdBy,
        createdAt: now,
        updatedAt: now,
        activeDeploymentsCount: 0,
        secretVersions: [
          { id: newId(), fqn: `${fqn}:${secret.key}:1`, value: `${reference}:1`, version: 1, secret: null, secretId, createdAt: now, updatedAt: now },
        ],
      };
    }),
  };
  const created = await ctx.store.insert(call.tenant, placeRecord('secret-group', id, body));
  if (!created) return refused(422, ['body', 'name'], 'unique', `body.name: a secret group named ${name} already exists in tenant ${call.tenant}`);
  return ok({ data: body });
}

// ---- Gateway: turns, batches, files, input items -----------------------------------------------------------

async function listAgentSessionTurns(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const sessionId = call.params.sessionId!;
  const sessionMissing = () =>
    notFound(['path', 'sessionId'], `Session ${sessionId} not found in tenant ${call.params.tenantName}.`, 'session_not_found');
  // Another tenant's path answers as if the session did not exist: tenants never learn of each other.
  if (call.params.tenantName !== call.tenant) return sessionMissing();
  const turns = (await ctx.store.list(call.tenant, 'turn', sessionId)).map((r) => r.body);
  if (turns.length === 0) return sessionMissing();
  const byId = new Map(turns.map((t) => [String(t.id), t]));
  const referenced = new Set(turns.map((t) => t.previous_turn_id));
  const newest = turns.filter((t) => !referenced.has(t.id)).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];

  const ref = findOperation(ctx.doc, 'listAgentSessionTurns');
  const limit = Number(first(call.query.limit) ?? (ref ? parameterDefault(ctx.doc, ref, 'limit') : undefined) ?? 10);
  const pageToken = first(call.query.page_token);
  let start = newest;
  if (pageToken !== undefined) {
    start = byId.get(pageToken);
    if (!start) {
      const elsewhere = await ctx.store.get(call.tenant, 'turn', pageToken);
      if (elsewhere) return refused(412, ['query', 'page_token'], 'precondition_failed', `page_token does not belong to session ${sessionId}.`);
      return refused(400, ['query', 'page_token'], 'invalid_page_token', 'page_token names no turn; pass the next_page_token of the previous page');
    }
  }
  const page: Body[] = [];
  const seen = new Set<string>();
  for (let turn = start; turn && page.length < limit && !seen.has(String(turn.id)); turn = byId.get(String(turn.previous_turn_id))) {
    seen.add(String(turn.id));
    page.push(turn);
  }
  const last = page[page.length - 1];
  const nextId = last && typeof last.previous_turn_id === 'string' && byId.has(last.previous_turn_id) ? last.previous_turn_id : undefined;
  return ok({ data: page, pagination: { limit, ...(nextId !== undefined && { next_page_token: nextId }) } });
}

function byIdUnwrapped(kind: string): OperationHandler {
  return async (ctx, call) => {
    const record = await ctx.store.get(call.tenant, kind, call.params.id!);
    if (!record) return notFound(['path', 'id'], `No ${kind.replace('-', ' ')} with id ${call.params.id}`);
    return ok(record.body);
  };
}

function byIdInEnvelope(kind: string, operationId: string): OperationHandler {
  return async (ctx, call) => {
    const record = await ctx.store.get(call.tenant, kind, call.params.id!);
    if (!record) return notFound(['path', 'id'], `No ${kind.replace('-', ' ')} with id ${call.params.id}`);
    return ok({ ...templateOf(ctx, operationId), data: record.body });
  };
}

// ---- Jobs -------------------------------------------------------------------------------------------------

const FINISHED = new Set(['FINISHED', 'FAILED', 'TERMINATION_REQUESTED', 'TERMINATING', 'TERMINATED']);

async function terminateJob(ctx: HandlerContext, call: Call): Promise<SandboxAnswer> {
  const deploymentId = String(first(call.query.deploymentId));
  const jobRunName = String(first(call.query.jobRunName));
  const runs = await ctx.store.list(call.tenant, 'job-run');
  const ofDeployment = runs.filter((r) => r.body.deploymentId === deploymentId);
  if (ofDeployment.length === 0) return notFound(['query', 'deploymentId'], `Deployment ${deploymentId} not found`);
  const run = ofDeployment.find((r) => r.id === jobRunId(deploymentId, jobRunName));
  if (!run) return notFound(['query', 'jobRunName'], `Job run ${jobRunName} of deployment ${deploymentId} not found`);
  const status = String(run.body.status);
  if (FINISHED.has(status)) return failed(417, `Job run ${jobRunName} cannot be terminated: its status is ${status}.`);
  await ctx.store.update(call.tenant, 'job-run', run.id, { ...run.body, status: 'TERMINATION_REQUESTED' });
  const template = templateOf(ctx, 'terminateJob') ?? {};
  const exampleRun = findOperation(ctx.doc, 'terminateJob');
  const exampleName = exampleRun ? String(parameterExample(ctx.doc, exampleRun, 'jobRunName') ?? '') : '';
  const message =
    typeof template.message === 'string' && exampleName !== '' && template.message.includes(exampleName)
      ? template.message.split(exampleName).join(jobRunName)
      : `Termination of job run ${jobRunName} requested.`;
  return ok({ ...template, message, jobRunStatus: 'TERMINATION_REQUESTED' });
}
