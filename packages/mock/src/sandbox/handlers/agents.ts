// Agents: a session's turns (newest first along previous_turn_id, paged by next_page_token), agent skills
// (with their highest version as latest_version) and agent skill versions (five filters, offset/limit).
import { findOperation, parameterDefault } from '../../spec/documented-examples.js';
import { versionOf } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../seam.js';
import type { Body } from '../store/record-store.js';
import { notFound, ok, refused } from './answer-builders.js';
import { pathValue, queryValue } from './request-values.js';
import { templateOf } from './response-templates.js';
import type { SandboxServices } from './sandbox-handler.js';

export async function listAgentSessionTurns(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const sessionId = pathValue(ctx, 'sessionId');
  const pathTenant = pathValue(ctx, 'tenantName');
  const sessionMissing = () => notFound(['path', 'sessionId'], `Session ${sessionId} not found in tenant ${pathTenant}.`, 'session_not_found');
  // Another tenant's path answers as if the session did not exist: tenants never learn of each other.
  if (pathTenant !== tenant) return sessionMissing();
  const turns = (await services.store.list(tenant, 'turn', sessionId)).map((r) => r.body);
  if (turns.length === 0) return sessionMissing();
  const byId = new Map(turns.map((t) => [String(t.id), t]));
  const referenced = new Set(turns.map((t) => t.previous_turn_id));
  const newest = turns.filter((t) => !referenced.has(t.id)).sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];

  const ref = findOperation(services.doc, 'listAgentSessionTurns');
  const limit = Number(queryValue(ctx, 'limit') ?? (ref ? parameterDefault(services.doc, ref, 'limit') : undefined) ?? 10);
  const pageToken = queryValue(ctx, 'page_token');
  let start = newest;
  if (pageToken !== undefined) {
    start = byId.get(pageToken);
    if (!start) {
      const elsewhere = await services.store.get(tenant, 'turn', pageToken);
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

export async function getAgentSkill(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const skillId = pathValue(ctx, 'agent_skill_id');
  const record = await services.store.get(tenant, 'agent-skill', skillId);
  if (!record) return notFound(['path', 'agent_skill_id'], `Agent skill ${skillId} not found`);
  const versions = await services.store.list(tenant, 'agent-skill-version', skillId);
  const latest = versions.sort((a, b) => versionOf(b.body) - versionOf(a.body))[0];
  return ok({ ...templateOf(services, 'getAgentSkill'), data: { ...record.body, ...(latest && { latest_version: latest.body }) } });
}

export async function listAgentSkillVersions(services: SandboxServices, ctx: SandboxContext): Promise<SandboxAnswer> {
  const tenant = ctx.caller.tenant;
  const filters: Array<(v: Body) => boolean> = [];
  const fqn = queryValue(ctx, 'fqn');
  const skillId = queryValue(ctx, 'agent_skill_id');
  const repoId = queryValue(ctx, 'ml_repo_id');
  const name = queryValue(ctx, 'name');
  const version = queryValue(ctx, 'version');
  if (fqn !== undefined) filters.push((v) => v.fqn === fqn);
  if (skillId !== undefined) filters.push((v) => v.agent_skill_id === skillId);
  if (repoId !== undefined) filters.push((v) => v.ml_repo_id === repoId);
  if (name !== undefined) filters.push((v) => (v.manifest as any)?.name === name);
  if (version !== undefined) filters.push((v) => versionOf(v) === Number(version));
  const all =
    skillId === undefined ? await services.store.list(tenant, 'agent-skill-version') : await services.store.list(tenant, 'agent-skill-version', skillId);
  // Newest first: by skill, then version, highest first.
  const matching = all
    .map((r) => r.body)
    .filter((v) => filters.every((keep) => keep(v)))
    .sort((a, b) => String(a.agent_skill_id).localeCompare(String(b.agent_skill_id)) || versionOf(b) - versionOf(a));
  const ref = findOperation(services.doc, 'listAgentSkillVersions');
  const defaultLimit = Number(ref ? (parameterDefault(services.doc, ref, 'limit') ?? 100) : 100);
  const offset = Number(queryValue(ctx, 'offset') ?? 0);
  const limit = Number(queryValue(ctx, 'limit') ?? defaultLimit);
  return ok({ data: matching.slice(offset, offset + limit), pagination: { total: matching.length, offset, limit } });
}
