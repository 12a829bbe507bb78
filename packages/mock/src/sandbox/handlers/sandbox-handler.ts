// What a sandbox handler is: the answer of one operation to a valid request, from the caller's tenant's
// stored records. Requests reach handlers already routed, authenticated and validated by the mock's
// pipeline (pipeline/pipeline.ts), so a handler only applies the rules of the state.
import type { operations } from '@vendor/api-types';
import type { SpecModel, SpecOperation } from '@vendor/spec-model';
import type { SandboxAnswer, SandboxContext } from '../../pipeline/seams.js';
import type { Store } from '../store/record-store.js';

/** The operationIds of the contract (@vendor/api-types, generated from openapi/spec.yaml). */
export type OperationId = keyof operations;

/** What every handler works with, the same for every request. */
export interface SandboxServices {
  store: Store;
  /** the spec being served, read once at start-up */
  model: SpecModel;
  /** the tenant the spec's examples are written for: what a template names it renames to the caller's */
  exampleTenant: string;
  /** raw HMAC-SHA-256 key bytes that sign the sandbox's signed URLs: signedUrlKey(secret) (signed-url-key.ts); never shown */
  urlKey: Uint8Array;
  now: () => Date;
}

export type SandboxHandler = (services: SandboxServices, ctx: SandboxContext) => Promise<SandboxAnswer>;

/** The operation a request was routed to, as the spec model reads it (a map read). */
export function specOperationOf(services: SandboxServices, ctx: SandboxContext): SpecOperation {
  return services.model.operation(ctx.op.operationId);
}
