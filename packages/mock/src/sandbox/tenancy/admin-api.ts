// The tenant admin API under /_sandbox/admin/ on the serving port, for the sandbox's operator (never a partner):
// authenticated by the admin token alone (admin-token.ts), writing to the shared database (tenant-registry.ts), so
// any instance answers it. Without an admin token configured, every path here answers 404. Answers are plain JSON
// ({statusCode, message} for errors, plus field and rule for bad input); none ever holds a secret.
import type { IncomingRequest, RequestHeaders } from '../../core/exchange.js';
import type { RouteAnswer } from '../../core/route-answer.js';
import { defaultSubject, type TokenIssuer } from '../tokens.js';
import { checkTenantName, readNewTenant, readTenantChange, readTokenRequest, type InputProblem } from './admin-input.js';
import type { TenantRegistry } from './tenant-registry.js';
import type { TenantsMode } from './token-standing.js';

export const ADMIN_PREFIX = '/_sandbox/admin/';
/** Admin bodies are small: a name, three limits. */
const MAX_ADMIN_BODY_BYTES = 16_384;

export interface AdminApi {
  registry: TenantRegistry;
  issuer: TokenIssuer;
  mode: TenantsMode;
  /** the admin token check; undefined when none is configured (the API answers 404) */
  isAdmin: ((headers: RequestHeaders) => Promise<boolean>) | undefined;
}

interface Route {
  method: string;
  pattern: RegExp;
  answer: (api: AdminApi, params: string[], body: () => Promise<Body>) => Promise<RouteAnswer>;
}

type Body = { ok: true; value: unknown } | { ok: false; answer: RouteAnswer };

const ROUTES: Route[] = [
  { method: 'POST', pattern: /^tenants$/, answer: createTenant },
  { method: 'GET', pattern: /^tenants$/, answer: async (api) => ok(200, { data: await api.registry.list() }) },
  { method: 'GET', pattern: /^tenants\/([^/]+)$/, answer: showTenant },
  { method: 'PATCH', pattern: /^tenants\/([^/]+)$/, answer: changeTenant },
  { method: 'DELETE', pattern: /^tenants\/([^/]+)$/, answer: deleteTenant },
  { method: 'POST', pattern: /^tenants\/([^/]+)\/tokens$/, answer: issueToken },
  { method: 'DELETE', pattern: /^tokens\/([^/]+)$/, answer: revokeToken },
  { method: 'GET', pattern: /^audit$/, answer: async (api) => ok(200, { data: await api.registry.audit() }) },
];

/** The answer to a request under /_sandbox/admin/. */
export async function answerAdminApi(request: IncomingRequest, api: AdminApi): Promise<RouteAnswer> {
  const path = request.target.split('?')[0]!;
  if (api.isAdmin === undefined) {
    request.discardBody();
    return failure(404, `No sandbox route ${path}: the admin API is off (start the sandbox with --admin-token-file FILE or VENDOR_SANDBOX_ADMIN_TOKEN)`);
  }
  const isAdmin = await api.isAdmin(request.headers);
  if (!isAdmin) {
    request.discardBody();
    return { ...failure(401, 'The admin API needs Authorization: Bearer <the admin token>; a tenant token is not one'), headers: { 'www-authenticate': 'Bearer' } };
  }
  const rest = path.slice(ADMIN_PREFIX.length);
  const onPath = ROUTES.filter((route) => route.pattern.test(rest));
  if (onPath.length === 0) {
    request.discardBody();
    return failure(404, `No admin route ${path}; there are /_sandbox/admin/tenants[/{name}[/tokens]], /_sandbox/admin/tokens/{jti} and /_sandbox/admin/audit`);
  }
  const route = onPath.find((candidate) => candidate.method === request.method);
  if (route === undefined) {
    request.discardBody();
    const allowed = onPath.map((candidate) => candidate.method).join(', ');
    return { ...failure(405, `${request.method} is not allowed on ${path}; use ${allowed}`), headers: { allow: allowed } };
  }
  const params = route.pattern.exec(rest)!.slice(1).map(decodeParam);
  return route.answer(api, params, () => readJson(request));
}

async function createTenant(api: AdminApi, _params: string[], body: () => Promise<Body>): Promise<RouteAnswer> {
  const read = await body();
  if (!read.ok) return read.answer;
  const input = readNewTenant(read.value);
  if (!input.ok) return badInput(input.problem);
  const created = await api.registry.create(input.value.name, input.value.limits);
  if (created === undefined) return failure(409, `Tenant ${input.value.name} exists already; change it with PATCH /_sandbox/admin/tenants/${input.value.name}`);
  return ok(201, created);
}

async function showTenant(api: AdminApi, [name]: string[]): Promise<RouteAnswer> {
  const checked = checkTenantName(name!);
  if (!checked.ok) return badInput(checked.problem);
  const tenant = await api.registry.get(checked.value);
  if (tenant === undefined) return noTenant(checked.value);
  return ok(200, tenant);
}

async function changeTenant(api: AdminApi, [name]: string[], body: () => Promise<Body>): Promise<RouteAnswer> {
  const checked = checkTenantName(name!);
  if (!checked.ok) return badInput(checked.problem);
  const read = await body();
  if (!read.ok) return read.answer;
  const change = readTenantChange(read.value);
  if (!change.ok) return badInput(change.problem);
  const changed = await api.registry.update(checked.value, change.value, api.mode === 'open');
  if (changed === undefined) return noTenant(checked.value);
  return ok(200, changed);
}

async function deleteTenant(api: AdminApi, [name]: string[]): Promise<RouteAnswer> {
  const checked = checkTenantName(name!);
  if (!checked.ok) return badInput(checked.problem);
  const removed = await api.registry.remove(checked.value);
  if (!removed) return noTenant(checked.value);
  return ok(200, { name: checked.value, deleted: true });
}

async function issueToken(api: AdminApi, [name]: string[], body: () => Promise<Body>): Promise<RouteAnswer> {
  const checked = checkTenantName(name!, 'name (path)');
  if (!checked.ok) return badInput(checked.problem);
  const read = await body();
  if (!read.ok) return read.answer;
  const input = readTokenRequest(read.value);
  if (!input.ok) return badInput(input.problem);
  const tenant = checked.value;
  const known = api.registry.known(tenant);
  const isAdministered = known !== undefined && known.status !== 'deleted';
  if (api.mode === 'provisioned' && !isAdministered && (await api.registry.get(tenant)) === undefined) return noTenant(tenant);
  // A token of a tenant deleted and created again must not predate the deletion (it would be refused).
  const issuedAt = Math.max(Math.floor(Date.now() / 1000), known?.tokensValidFrom ?? 0);
  const signed = await api.issuer.issue(tenant, { ...(input.value.subject !== undefined && { subject: input.value.subject }), expiresIn: input.value.expiresIn, issuedAt });
  const subject = input.value.subject ?? defaultSubject(tenant);
  await api.registry.noteToken({ jti: signed.jti, tenant, subject, expiresAt: signed.expiresAt });
  return ok(201, { token: signed.token, jti: signed.jti, kid: signed.kid, expiresAt: new Date(signed.expiresAt * 1000).toISOString() });
}

async function revokeToken(api: AdminApi, [jti]: string[]): Promise<RouteAnswer> {
  const isJti = /^[A-Za-z0-9_-]{1,128}$/.test(jti!);
  if (!isJti) return badInput({ field: 'jti (path)', rule: 'must be a token id as the admin API answered it (letters, digits, - and _)' });
  const outcome = await api.registry.revoke(jti!);
  if (outcome === 'unknown') return failure(404, `No token with jti ${jti} was issued through the admin API`);
  return ok(200, { jti, revoked: true });
}

async function readJson(request: IncomingRequest): Promise<Body> {
  if (!request.hasBody) return { ok: true, value: undefined };
  const bytes = await request.readBody(MAX_ADMIN_BODY_BYTES);
  if (bytes === 'too-large') return { ok: false, answer: failure(413, `An admin request body may hold at most ${MAX_ADMIN_BODY_BYTES} bytes`) };
  if (bytes.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, answer: badInput({ field: '(body)', rule: 'must be JSON' }) };
  }
}

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function ok(status: number, body: unknown): RouteAnswer {
  return { status, body };
}

function failure(status: number, message: string): RouteAnswer {
  return { status, body: { statusCode: status, message } };
}

function badInput(problem: InputProblem): RouteAnswer {
  return { status: 400, body: { statusCode: 400, message: `Invalid admin request: ${problem.field} ${problem.rule}`, field: problem.field, rule: problem.rule } };
}

function noTenant(name: string): RouteAnswer {
  return failure(404, `No tenant ${name} on this sandbox`);
}

