// What a handler reads of its request, all from the pipeline's context and all validated by then: path
// values (decoded as request validation decodes them), the first value of a query parameter, the JSON body.
import { decodePathSegment } from '../../validation/parameter-values.js';
import type { SandboxContext } from '../../pipeline/seams.js';

/** The decoded value of a path parameter of the operation's template. */
export function pathValue(ctx: SandboxContext, name: string): string {
  const raw = ctx.pathParams[name];
  if (raw === undefined) throw new Error(`${ctx.op.path} has no path parameter ${name}`);
  return decodePathSegment(raw);
}

/** The first value of a query parameter; undefined when the query string has none. */
export function queryValue(ctx: SandboxContext, name: string): string | undefined {
  return ctx.query.get(name) ?? undefined;
}

/** The parsed JSON body; undefined when the request has none (its schema has said what it holds). */
export function jsonBody(ctx: SandboxContext): any {
  return ctx.body.kind === 'json' ? ctx.body.value : undefined;
}
