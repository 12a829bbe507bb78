// MCP servers: PUT /api/svc/v1/mcp upserts by manifest.name (417 when an update drops per-user auth without
// force), GET /api/svc/v1/mcp-servers/{id} reads one back.
import { newId } from '../record-ids.js';
import { MCP_CREATED_FIELDS, pick, placeRecord } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import type { Body, StoredRecord } from '../store/record-store.js';
import { failed, notFound, ok } from './answer-builders.js';
import { subjectOf } from './caller-subject.js';
import { jsonBody, pathValue } from './request-values.js';
import { projectTo } from './response-projection.js';
import type { SandboxServices } from './sandbox-handler.js';

export async function createOrUpdateMcpServer(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const { manifest, dryRun, force } = jsonBody(ctx) as { manifest: Body; dryRun?: boolean | null; force?: boolean | null };
  const name = String(manifest.name);
  const existing = await services.store.getByKey(tenant, 'mcp-server', name);
  const oldAuth = (existing?.body.manifest as any)?.auth_data;
  const dropsPerUserAuth = isPerUserAuth(oldAuth) && !sameJson(oldAuth, manifest.auth_data);
  if (dropsPerUserAuth && force !== true) {
    return failed(
      417,
      `This update changes or removes the per-user auth_data of ${name}, which deletes its per-subject auth records; repeat it with force=true to proceed.`,
    );
  }
  const now = services.now().toISOString();
  const fresh: Body = {
    id: existing?.id ?? newId(),
    fqn: `${tenant}:mcp-server:${name}`,
    tenantName: tenant,
    manifest,
    createdBySubject: await subjectOf(ctx.caller),
    createdAt: now,
    updatedAt: now,
    proxyUrl: `{{mcpProxyBaseURL}}/${tenant}/mcp-server/${name}/mcp`,
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
    return ok({ data: v2Form(services, resolved) });
  }
  const stored = await services.store.upsertByKey(tenant, record);
  return ok({ data: v2Form(services, composeMcp(stored)) });
}

export async function getMcpServer(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const id = pathValue(ctx, 'id');
  const record = await services.store.get(ctx.caller.tenant, 'mcp-server', id);
  if (!record) return notFound(['path', 'id'], `MCP server ${id} not found`);
  return ok({ data: projectTo(services, 'getMcpServer', composeMcp(record)) });
}

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

function toolsOf(manifest: Body): Body[] {
  const settings = Array.isArray(manifest.tool_settings) ? (manifest.tool_settings as any[]) : [];
  return settings
    .filter((t) => typeof t?.name === 'string')
    .map((t): Body => (typeof t.description === 'string' ? { name: t.name, description: t.description } : { name: t.name }));
}

/** The stored server in the create/update form (MCPServerV2): the fields its schema lists. */
function v2Form(services: SandboxServices, server: Body): Body {
  return projectTo(services, 'createOrUpdateMcpServer', server);
}
