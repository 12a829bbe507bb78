// Prism in-process, for the answers the mock cannot serve from a documented example (answer-table.ts says
// which): generated bodies (Prefer: dynamic=true), documented response headers, other media types, content
// negotiation. Loaded on first use only: loading Prism costs more than the rest of the mock's start-up.
import { queryRecord } from '../core/query-record.js';
import type { RequestContext } from '../core/request-context.js';
import type { MockOperation } from '../spec/operation-table.js';
import type { OpenApiDocument, Violation } from '../types.js';
import { fromPrismDiagnostics, type PrismDiagnostic } from './prism-diagnostics.js';

export type MockOutcome =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown; responseViolations: Violation[] }
  | { ok: false; status: number; message: string };

/** Prism logs through pino; the mock logs one line per request itself, so Prism's logger is silent. */
const silentLogger: any = new Proxy(
  {},
  { get: (_target, key) => (key === 'child' ? () => silentLogger : key === 'isLevelEnabled' ? () => false : () => undefined) },
);

const key = (method: string, path: string) => `${method.toLowerCase()} ${path}`;

export interface PrismEngine {
  /** The response Prism mocks for a valid request, with violations of the response's own schema. */
  mock(ctx: RequestContext): Promise<MockOutcome>;
}

/** Loads Prism once, on the first call, and reuses it. */
export function lazyPrismEngine(doc: OpenApiDocument): () => Promise<PrismEngine> {
  let engine: Promise<PrismEngine> | undefined;
  return () => {
    engine ??= createPrismEngine(doc);
    return engine;
  };
}

export async function createPrismEngine(doc: OpenApiDocument): Promise<PrismEngine> {
  const { createInstance, getHttpOperationsFromSpec } = await import('@stoplight/prism-http');
  const resources = new Map<string, any>();
  for (const resource of await getHttpOperationsFromSpec(structuredClone(doc))) {
    resources.set(key(resource.method, resource.path), resource);
  }
  const prism = createInstance(
    { mock: { dynamic: false }, checkSecurity: false, validateRequest: false, validateResponse: true, errors: false } as any,
    { logger: silentLogger },
  );

  const resourceOf = (op: MockOperation) => {
    const resource = resources.get(key(op.method, op.path));
    if (!resource) throw new Error(`Prism has no operation for ${op.method.toUpperCase()} ${op.path}`);
    return resource;
  };

  return {
    async mock(ctx) {
      const { preferences } = ctx;
      const config = {
        mock: { dynamic: preferences.dynamic === true, code: preferences.code, exampleKey: preferences.exampleKey },
        checkSecurity: false,
        validateRequest: false,
        validateResponse: true,
        errors: false,
      } as any;
      const result: any = await prism.request(prismInputOf(ctx), [resourceOf(ctx.op)], config)();
      if (result._tag === 'Left') {
        const error = result.left as { status?: number; message?: string; detail?: string };
        return { ok: false, status: error.status ?? 500, message: `Mock: ${error.message ?? 'error'}${error.detail ? `. ${error.detail}` : ''}` };
      }
      const { output, validations } = result.right;
      return {
        ok: true,
        status: output.statusCode,
        headers: stringHeaders(output.headers ?? {}),
        body: output.body,
        responseViolations: fromPrismDiagnostics((validations.output ?? []) as PrismDiagnostic[]),
      };
    },
  };
}

/** The request as Prism reads it: the body as parsed JSON or raw text, the query as a record. */
function prismInputOf(ctx: RequestContext) {
  const body = ctx.body.kind === 'json' ? ctx.body.value : ctx.body.kind === 'not-json' ? ctx.body.text : undefined;
  return {
    method: ctx.method.toLowerCase() as any,
    url: { path: ctx.url.pathname, query: queryRecord(ctx.query) },
    headers: stringHeaders(ctx.headers),
    ...(body !== undefined && { body }),
  };
}

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
