// Agents: a session's turns (newest first along previous_turn_id, paged by token), agent skills (with their
// highest version as latest_version) and agent skill versions (five filters, paged by offset). Both lists
// page as their x-pagination says (paging.ts).
import { versionOf } from '../record-kinds.js';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import type { Body } from '../store/record-store.js';
import { notFound, ok, refused } from './answer-builders.js';
import { besidePath, pageBody, paginationOf, requestedLimit } from './paging.js';
import { pathValue, queryValue } from './request-values.js';
import { templateOf } from './response-templates.js';
import { specOperationOf, type SandboxServices } from './sandbox-handler.js';

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

  const operation = specOperationOf(services, ctx);
  const paging = paginationOf(operation, 'page-token');
  const limit = requestedLimit(ctx, operation, paging, 10);
  // A page's token is the id of the turn it starts at: the previous page's last turn's previous_turn_id.
  const tokenName = paging.tokenParameter;
  const pageToken = queryValue(ctx, tokenName);
  let start = newest;
  if (pageToken !== undefined) {
    start = byId.get(pageToken);
    if (!start) {
      const elsewhere = await services.store.get(tenant, 'turn', pageToken);
      if (elsewhere) return refused(412, ['query', tokenName], 'precondition_failed', `${tokenName} does not belong to session ${sessionId}.`);
      const nextTokenName = paging.nextTokenAt.at(-1);
      return refused(400, ['query', tokenName], 'invalid_page_token', `${tokenName} names no turn; pass the ${nextTokenName} of the previous page`);
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
  const isLastPage = nextId === undefined;
  return ok(
    pageBody([
      [paging.itemsAt, page],
      [besidePath(paging.nextTokenAt, 'limit'), limit],
      ...(isLastPage ? [] : [[paging.nextTokenAt, nextId] as const]),
    ]),
  );
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
  const operation = specOperationOf(services, ctx);
  const paging = paginationOf(operation, 'offset');
  const offset = Number(queryValue(ctx, paging.offsetParameter) ?? 0);
  const limit = requestedLimit(ctx, operation, paging, 100);
  return ok(
    pageBody([
      [paging.itemsAt, matching.slice(offset, offset + limit)],
      [paging.totalAt, matching.length],
      [besidePath(paging.totalAt, 'offset'), offset],
      [besidePath(paging.totalAt, 'limit'), limit],
    ]),
  );
}
