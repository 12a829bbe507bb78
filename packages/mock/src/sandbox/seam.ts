// The seam between the stateless mock's request pipeline (handler.ts) and the sandbox. The pipeline
// routes, parses and validates exactly as in the stateless mode; the sandbox only replaces two steps:
// who the caller is (its own tokens instead of "any bearer token") and where a valid request's answer
// comes from (its store instead of Prism's example). Everything else (errors, shapes, Prefer) is shared.
import type { IncomingHttpHeaders } from 'node:http';
import type { MockError } from '../error-shapes.js';
import type { MockOperation } from '../operations.js';
import type { PrismRequest } from '../prism-engine.js';
import type { Caller } from './tokens.js';

export type SandboxAuth = { ok: true; caller: Caller } | { ok: false; error: MockError };

export type SandboxAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { error: MockError; headers?: Record<string, string> };

export interface SandboxSeam {
  /** Replaces the any-non-empty-token check: a 401 error unless the token is this sandbox's and valid. */
  authenticate(op: MockOperation, headers: IncomingHttpHeaders): Promise<SandboxAuth>;
  /** The answer to a valid request from the store; undefined leaves it to Prism (charts, change password). */
  answer(op: MockOperation, request: PrismRequest, caller: Caller): Promise<SandboxAnswer | undefined>;
}
