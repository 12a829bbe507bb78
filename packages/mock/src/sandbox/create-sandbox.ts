// The sandbox: a stateful, tenant-isolated mode of the mock (`npx @vendor/api-mock --sandbox`, `startMock({ sandbox })`).
// It rides the mock's pipeline through the seam (seam.ts): its tokens name the caller (caller-auth.ts) and its
// handlers answer valid requests from the store (handlers/). It adds /_sandbox/health and /_sandbox/reset.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SpecModel } from '@vendor/spec-model';
import type { CorsPolicy } from '../http/cors.js';
import { answerAdminRoute } from './admin-routes.js';
import { authenticateCaller } from './caller-auth.js';
import { unavailable } from './handlers/answer-builders.js';
import { handlerFor } from './handlers/handler-table.js';
import type { SandboxServices } from './handlers/sandbox-handler.js';
import type { SandboxAnswer, SandboxSeam } from './seam.js';
import { deriveSeed } from './seed/derive-seed.js';
import { seedForTenant } from './seed/tenant-seed.js';
import { openStore } from './store/open-store.js';
import { StoreUnavailableError, type Store } from './store/record-store.js';
import { createTokenIssuer, randomSecret, SECRET_ENV } from './tokens.js';

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

export async function createSandbox(model: SpecModel, options: SandboxOptions, warn: (line: string) => void): Promise<Sandbox> {
  if (options.data !== undefined && options.databaseUrl !== undefined) {
    throw new Error('sandbox: give either data (an embedded database directory) or databaseUrl (a Postgres server), not both');
  }
  const fromEnv = process.env[SECRET_ENV];
  const secretSource = options.secret !== undefined ? 'option' : fromEnv ? 'environment' : 'random';
  const secret = options.secret ?? (fromEnv || randomSecret());
  if (secret === '') throw new Error('sandbox: the secret must not be empty');
  const issuer = createTokenIssuer(secret);
  const seed = deriveSeed(model);
  const store = await openStore(options);
  const services: SandboxServices = {
    store,
    model,
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

  // A database that fails answers 503 and the sandbox keeps running; any other error is a bug (500).
  const storeFailed = (where: string, error: unknown): SandboxAnswer => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    warn(`${where}: ${error.message}`);
    return unavailable();
  };

  const seam: SandboxSeam = {
    authenticate: (ctx) => authenticateCaller(issuer, ctx.headers),
    async answer(ctx) {
      const handler = handlerFor(ctx.op.operationId);
      if (handler === undefined) return undefined;
      try {
        await ensureTenant(ctx.caller.tenant);
        return await handler(services, ctx);
      } catch (error) {
        return storeFailed(ctx.op.operationId, error);
      }
    },
  };

  return {
    seam,
    backend: store.backend,
    secretSource,
    admin: (req, res, cors) => answerAdminRoute(req, res, cors, { issuer, store, seed, seeded, warn }),
    token: (tenant, subject, expiresIn) => issuer.sign(tenant, subject, expiresIn),
    close: () => store.close(),
  };
}
