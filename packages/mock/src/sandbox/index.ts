// The sandbox: a stateful, tenant-isolated mode of the mock (`npx @vendor/api-mock --sandbox`, `startMock({ sandbox })`).
// It plugs into the stateless pipeline through the seam (seam.ts) and adds /_sandbox/health and /_sandbox/reset.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { COMMAND } from '../command.js';
import { applyCors, type CorsPolicy } from '../cors.js';
import type { MockOperation } from '../operations.js';
import type { PrismRequest } from '../prism-engine.js';
import type { OpenApiDocument } from '../types.js';
import { unavailable } from './answers.js';
import { HANDLERS, type HandlerContext } from './handlers.js';
import { createMemoryStore } from './memory-store.js';
import { MissingDriverError } from './optional-import.js';
import { deriveSeed, seedForTenant, type Seed } from './seed.js';
import type { SandboxAnswer, SandboxAuth, SandboxSeam } from './seam.js';
import { createSqlStore, describeDatabaseError } from './sql.js';
import { StoreUnavailableError, type Store } from './store.js';
import { createTokenIssuer, randomSecret, SECRET_ENV, type Caller, type TokenIssuer } from './tokens.js';

export interface SandboxOptions {
  /** signs and checks tokens; default: VENDOR_SANDBOX_SECRET, else a random secret for this process */
  secret?: string;
  /** a directory for an embedded database (PGlite) that survives restarts; default: in memory */
  data?: string;
  /** a Postgres URL shared by several sandbox instances; exclusive with `data` */
  databaseUrl?: string;
}

export interface Sandbox {
  seam: SandboxSeam;
  backend: Store['backend'];
  /** where the secret came from, for the start-up line (never the secret itself) */
  secretSource: 'option' | 'environment' | 'random';
  /** Answers /_sandbox/* requests, CORS preflights included; false when the path is not one of them. */
  admin(req: IncomingMessage, res: ServerResponse, cors: CorsPolicy): boolean;
  token(tenant: string, subject?: string, expiresIn?: string): Promise<string>;
  close(): Promise<void>;
}

export { SECRET_ENV };

export async function createSandbox(doc: OpenApiDocument, options: SandboxOptions, warn: (line: string) => void): Promise<Sandbox> {
  if (options.data !== undefined && options.databaseUrl !== undefined) {
    throw new Error('sandbox: give either data (an embedded database directory) or databaseUrl (a Postgres server), not both');
  }
  const fromEnv = process.env[SECRET_ENV];
  const secretSource = options.secret !== undefined ? 'option' : fromEnv ? 'environment' : 'random';
  const secret = options.secret ?? (fromEnv || randomSecret());
  if (secret === '') throw new Error('sandbox: the secret must not be empty');
  const issuer = createTokenIssuer(secret);
  const seed = deriveSeed(doc);
  const store = await openStore(options);
  const ctx: HandlerContext = {
    store,
    doc,
    exampleTenant: seed.exampleTenant,
    urlKey: createHash('sha256').update(`signed-urls\u0000${secret}`).digest(),
    now: () => new Date(),
  };
  const seeded = new Set<string>();

  const ensureTenant = async (tenant: string) => {
    if (seeded.has(tenant)) return;
    await store.ensureTenant(tenant, seedForTenant(seed, tenant));
    seeded.add(tenant);
  };

  const storeFailed = (where: string, error: unknown): SandboxAnswer => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    warn(`${where}: ${error.message}`);
    return unavailable();
  };

  const seam: SandboxSeam = {
    authenticate: (op, headers) => authenticate(issuer, headers),
    async answer(op: MockOperation, request: PrismRequest, caller: Caller) {
      const handler = HANDLERS[op.operationId];
      if (!handler) return undefined;
      try {
        await ensureTenant(caller.tenant);
        return await handler(ctx, {
          caller,
          tenant: caller.tenant,
          params: pathParameters(op.path, request.path),
          query: request.query,
          body: request.body,
        });
      } catch (error) {
        return storeFailed(op.operationId, error);
      }
    },
  };

  return {
    seam,
    backend: store.backend,
    secretSource,
    admin: (req, res, cors) => adminRoute(req, res, cors, { issuer, store, seed, seeded, warn }),
    token: (tenant, subject, expiresIn) => issuer.sign(tenant, subject, expiresIn),
    close: () => store.close(),
  };
}

async function openStore(options: SandboxOptions): Promise<Store> {
  try {
    if (options.databaseUrl !== undefined) {
      const { createPgDriver } = await import('./pg-driver.js');
      return await createSqlStore(await createPgDriver(options.databaseUrl));
    }
    if (options.data !== undefined) {
      const { createPgliteDriver } = await import('./pglite-driver.js');
      return await createSqlStore(await createPgliteDriver(options.data));
    }
  } catch (error) {
    if (error instanceof MissingDriverError) throw error;
    const reason = error instanceof StoreUnavailableError ? error.message : describeDatabaseError(error);
    throw new Error(`sandbox: cannot open its database: ${reason}`, { cause: error });
  }
  return createMemoryStore();
}

async function authenticate(issuer: TokenIssuer, headers: IncomingHttpHeaders): Promise<SandboxAuth> {
  const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (!match) {
    return {
      ok: false,
      error: {
        status: 401,
        kind: 'unauthorized',
        message: `Missing bearer token: send Authorization: Bearer <token> (\`${COMMAND} token --tenant NAME\` prints one)`,
      },
    };
  }
  const verified = await issuer.verify(match[1]!);
  if (!verified.ok) return { ok: false, error: { status: 401, kind: 'unauthorized', message: verified.reason } };
  return { ok: true, caller: verified.caller };
}

/** The values of a path template's parameters, e.g. /teams/{id} and /teams/t1 -> { id: 't1' }. */
/** A path template compiled once: the regular expression and the names of its parameters, in order. */
const compiledTemplates = new Map<string, { regex: RegExp; names: string[] }>();

function compileTemplate(template: string): { regex: RegExp; names: string[] } {
  const known = compiledTemplates.get(template);
  if (known) return known;
  const names: string[] = [];
  const pattern = template.replace(/\{([^}]+)\}|[.*+?^${}()|[\]\\]/g, (piece, name: string | undefined) => {
    if (name === undefined) return `\\${piece}`;
    names.push(name);
    return '([^/]+)';
  });
  const compiled = { regex: new RegExp(`^${pattern}$`), names };
  compiledTemplates.set(template, compiled);
  return compiled;
}

export function pathParameters(template: string, path: string): Record<string, string> {
  const { regex, names } = compileTemplate(template);
  const match = regex.exec(path);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match?.[i + 1];
    if (raw !== undefined) params[name] = decodeURIComponent(raw);
  });
  return params;
}

interface AdminDeps {
  issuer: TokenIssuer;
  store: Store;
  seed: Seed;
  seeded: Set<string>;
  warn: (line: string) => void;
}

/** The sandbox's own routes and the methods each answers. */
const ADMIN_METHODS = new Map<string, readonly string[]>([
  ['/_sandbox/health', ['GET', 'HEAD']],
  ['/_sandbox/reset', ['POST']],
]);

function adminRoute(req: IncomingMessage, res: ServerResponse, cors: CorsPolicy, deps: AdminDeps): boolean {
  const path = (req.url ?? '/').split('?')[0]!;
  if (!path.startsWith('/_sandbox/')) return false;
  // CORS like the operations, so that a browser test on another origin can reset its tenant between cases.
  const answeredPreflight = applyCors(cors, req, res, () => ADMIN_METHODS.get(path) ?? []);
  if (answeredPreflight) return true;
  req.resume();
  void answerAdmin(req.method ?? 'GET', path, req.headers, deps).then(
    ({ status, body, headers }) => send(res, status, body, headers),
    (error: Error) => {
      deps.warn(`sandbox ${path}: ${error.message}`);
      send(res, 500, { statusCode: 500, message: 'The sandbox failed; see its log' });
    },
  );
  return true;
}

interface AdminAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

async function answerAdmin(method: string, path: string, headers: IncomingHttpHeaders, deps: AdminDeps): Promise<AdminAnswer> {
  if (path === '/_sandbox/health') {
    if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { statusCode: 405, message: `${method} is not allowed; use GET` }, headers: { allow: 'GET' } };
    try {
      await deps.store.ping();
      return { status: 200, body: { status: 'ok', store: deps.store.backend } };
    } catch (error) {
      const message = error instanceof StoreUnavailableError ? error.message : describeDatabaseError(error);
      deps.warn(`health: ${message}`);
      return { status: 503, body: { status: 'unavailable', store: deps.store.backend, message: 'The sandbox database is unavailable' } };
    }
  }
  if (path === '/_sandbox/reset') {
    if (method !== 'POST') return { status: 405, body: { statusCode: 405, message: `${method} is not allowed; use POST` }, headers: { allow: 'POST' } };
    const auth = await authenticate(deps.issuer, headers);
    if (!auth.ok) return { status: 401, body: { statusCode: 401, message: auth.error.message }, headers: { 'www-authenticate': 'Bearer' } };
    const tenant = auth.caller.tenant;
    try {
      await deps.store.resetTenant(tenant, seedForTenant(deps.seed, tenant));
      deps.seeded.add(tenant);
      return { status: 200, body: { tenant, reset: true } };
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      deps.warn(`reset: ${error.message}`);
      return { status: 503, body: { statusCode: 503, message: 'The sandbox database is unavailable; retry shortly' }, headers: { 'retry-after': '1' } };
    }
  }
  return { status: 404, body: { statusCode: 404, message: `No sandbox route ${path}; there are GET /_sandbox/health and POST /_sandbox/reset` } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
