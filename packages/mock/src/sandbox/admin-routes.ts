// The sandbox's own routes beside the API's operations: GET /_sandbox/health (for a load balancer's probe)
// and POST /_sandbox/reset (the caller's tenant back to its starting data). They answer CORS like the
// operations, so that a browser test on another origin can reset its tenant between cases. The operator's
// admin API under /_sandbox/admin/ (tenancy/admin-api.ts) answers no CORS: it is never called from a browser.
import { applyCors, type CorsPolicy } from '../core/cors.js';
import type { IncomingRequest, Reply, RequestHeaders } from '../core/exchange.js';
import { refusedRoute, sendRouteAnswer, type RouteAnswer } from '../core/route-answer.js';
import { authenticateCaller, type TokenStanding } from './caller-auth.js';
import { ADMIN_PREFIX, answerAdminApi, type AdminApi } from './tenancy/admin-api.js';
import { StoreUnavailableError, type Store } from './store/record-store.js';
import { describeDatabaseError } from './store/sql-overlay.js';
import type { TenantLifecycle } from './tenant-lifecycle.js';
import type { TokenIssuer } from './tokens.js';
import type { AdmitVerdict } from '../pipeline/seams.js';
import { limitsForHealth, type SandboxLimits } from './limits/sandbox-limits.js';

export interface AdminDeps {
  issuer: TokenIssuer;
  store: Store;
  tenants: TenantLifecycle;
  warn: (line: string) => void;
  limits: SandboxLimits;
  /** the rate limit, when on: reset counts against its tenant like any request */
  admit: ((tenant: string, method: string) => AdmitVerdict | Promise<AdmitVerdict>) | undefined;
  /** with tenant administration: whether a valid token may still be used */
  standing?: TokenStanding | undefined;
  /** with tenant administration (a database): the admin API; undefined: /_sandbox/admin/ answers 404 */
  adminApi?: AdminApi | undefined;
}

/** The routes and the methods each answers. */
const ADMIN_METHODS = new Map<string, readonly string[]>([
  ['/_sandbox/health', ['GET', 'HEAD']],
  ['/_sandbox/reset', ['POST']],
]);

/** Answers a /_sandbox/* request, CORS preflights included; false when the path is not one of them. */
export function answerAdminRoute(request: IncomingRequest, reply: Reply, cors: CorsPolicy, deps: AdminDeps): boolean {
  const path = request.target.split('?')[0]!;
  if (!path.startsWith('/_sandbox/')) return false;
  if (path.startsWith(ADMIN_PREFIX)) {
    sendRouteAnswer(reply, adminAnswer(request, path, deps), 'sandbox admin API', deps.warn);
    return true;
  }
  const answeredPreflight = applyCors(cors, request, reply, () => ADMIN_METHODS.get(path) ?? []);
  if (answeredPreflight) return true;
  request.discardBody();
  sendRouteAnswer(reply, answerAdmin(request.method, path, request.headers, deps), `sandbox ${path}`, deps.warn);
  return true;
}

async function adminAnswer(request: IncomingRequest, path: string, deps: AdminDeps): Promise<RouteAnswer> {
  if (deps.adminApi === undefined) {
    request.discardBody();
    return { status: 404, body: { statusCode: 404, message: `No sandbox route ${path}: the admin API is off (it needs --database-url and --admin-token-file FILE or VENDOR_SANDBOX_ADMIN_TOKEN)` } };
  }
  try {
    return await answerAdminApi(request, deps.adminApi);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError) && !isDatabaseError(error)) throw error;
    deps.warn(`admin API: ${describeDatabaseError(error)}`);
    return { status: 503, body: { statusCode: 503, message: 'The sandbox database is unavailable; retry shortly' }, headers: { 'retry-after': '1' } };
  }
}

/** pg's errors carry a SQLSTATE code; the admin API's queries are not wrapped by the store's guard. */
function isDatabaseError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string';
}

async function answerAdmin(method: string, path: string, headers: RequestHeaders, deps: AdminDeps): Promise<RouteAnswer> {
  if (path === '/_sandbox/health') return health(method, deps);
  if (path === '/_sandbox/reset') return reset(method, headers, deps);
  return { status: 404, body: { statusCode: 404, message: `No sandbox route ${path}; there are GET /_sandbox/health and POST /_sandbox/reset` } };
}

async function health(method: string, deps: AdminDeps): Promise<RouteAnswer> {
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { statusCode: 405, message: `${method} is not allowed; use GET` }, headers: { allow: 'GET' } };
  try {
    await deps.store.ping();
    const tenants = await deps.tenants.count();
    return { status: 200, body: { status: 'ok', store: deps.store.backend, tenants, limits: limitsForHealth(deps.limits) } };
  } catch (error) {
    const message = error instanceof StoreUnavailableError ? error.message : describeDatabaseError(error);
    deps.warn(`health: ${message}`);
    return { status: 503, body: { status: 'unavailable', store: deps.store.backend, message: 'The sandbox database is unavailable' } };
  }
}

async function reset(method: string, headers: RequestHeaders, deps: AdminDeps): Promise<RouteAnswer> {
  if (method !== 'POST') return { status: 405, body: { statusCode: 405, message: `${method} is not allowed; use POST` }, headers: { allow: 'POST' } };
  const auth = await authenticateCaller(deps.issuer, headers, deps.standing);
  if (!auth.ok) return { status: auth.error.status, body: { statusCode: auth.error.status, message: auth.error.message }, headers: { 'www-authenticate': 'Bearer' } };
  const tenant = auth.caller.tenant;
  const verdict = await deps.admit?.(tenant, method);
  if (verdict !== undefined && !verdict.admitted) return refusedRoute(verdict);
  deps.tenants.seen(tenant);
  try {
    await deps.store.resetTenant(tenant);
    return { status: 200, body: { tenant, reset: true }, ...(verdict !== undefined && { headers: verdict.headers }) };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    deps.warn(`reset: ${error.message}`);
    return { status: 503, body: { statusCode: 503, message: 'The sandbox database is unavailable; retry shortly' }, headers: { 'retry-after': '1' } };
  }
}
