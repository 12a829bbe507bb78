// The sandbox as the server runs it: any store (memory, memory with a data directory, Postgres), the secret, the
// signing keys and the admin token from the environment or files, and tenant administration on Postgres. Imported by
// the server only; the in-process fetch builds its memory-only sandbox itself.
import { readFileSync } from 'node:fs';
import type { SpecModel } from '@vendor/spec-model';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';
import { SIGNING_KEYS_ENV } from './keys/signing-keys.js';
import { openStore } from './store/open-store.js';
import { ADMIN_TOKEN_ENV } from './tenancy/admin-token.js';
import { SECRET_ENV } from './tokens.js';

export function createNodeSandbox(model: SpecModel, options: SandboxOptions, warn: (line: string) => void): Promise<Sandbox> {
  return createSandbox(model, options, warn, {
    openStore,
    environmentSecret: process.env[SECRET_ENV],
    environmentSigningKeys: process.env[SIGNING_KEYS_ENV],
    environmentAdminToken: process.env[ADMIN_TOKEN_ENV],
    readTextFile,
    openFleet,
    openTenancy: async (databaseUrl, defaults, warnLine) => (await import('./tenancy/open-tenancy.js')).openTenancy(databaseUrl, defaults, warnLine),
  });
}

/** A file's text; the error names the flag and the file, and why (never what is in it). */
function readTextFile(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new Error(`${flag} ${path}: cannot read the file (${code})`, { cause: error });
  }
}

/** Loaded only for a sandbox on a database: the fleet's tables beside the store's. */
async function openFleet(databaseUrl: string, warn: (line: string) => void) {
  const fleet = await import('./fleet/open-fleet.js');
  return fleet.openFleet(databaseUrl, warn);
}
