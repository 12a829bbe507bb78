// The seam between the mock's request pipeline (http/pipeline.ts) and the sandbox. The pipeline routes,
// reads, validates and responds exactly as in the stateless mode; the sandbox only replaces two stages:
// who the caller is (its own tokens instead of "any bearer token") and where a valid request's answer
// comes from (its store instead of a documented example). Everything else (errors, shapes, Prefer) is shared.
import type { RequestContext } from '../http/request-context.js';
import type { MockError } from '../validation/error-shapes.js';
import type { Caller } from './tokens.js';

export type SandboxAuth = { ok: true; caller: Caller } | { ok: false; error: MockError };

export type SandboxAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { error: MockError; headers?: Record<string, string> };

/** A valid request whose caller the sandbox knows: what its handlers read. */
export type SandboxContext = RequestContext & { readonly caller: Caller };

export interface SandboxSeam {
  /** Replaces the any-non-empty-token check: a 401 error unless the token is this sandbox's and valid. */
  authenticate(ctx: RequestContext): Promise<SandboxAuth>;
  /** The answer to a valid request from the store; undefined leaves it to the stateless answers (charts, change password). */
  answer(ctx: SandboxContext): Promise<SandboxAnswer | undefined>;
}
