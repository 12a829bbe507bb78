// The sandbox as the server runs it: any store (memory, memory with a data directory, Postgres) and the secret from the
// environment. Imported by the server only; the in-process fetch builds its memory-only sandbox itself.
import type { SpecModel } from '@vendor/spec-model';
import { createSandbox, type Sandbox, type SandboxOptions } from './create-sandbox.js';
import { openStore } from './store/open-store.js';
import { SECRET_ENV } from './tokens.js';

export function createNodeSandbox(model: SpecModel, options: SandboxOptions, warn: (line: string) => void): Promise<Sandbox> {
  return createSandbox(model, options, warn, { openStore, environmentSecret: process.env[SECRET_ENV], openFleet });
}

/** Loaded only for a sandbox on a database: the fleet's tables beside the store's. */
async function openFleet(databaseUrl: string, warn: (line: string) => void) {
  const fleet = await import('./fleet/open-fleet.js');
  return fleet.openFleet(databaseUrl, warn);
}
