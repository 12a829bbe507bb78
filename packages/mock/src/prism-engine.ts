// Prism in-process, for the answers the mock cannot serve from a documented example (answers.ts says
// which): generated bodies (Prefer: dynamic=true), documented response headers, other media types, content
// negotiation. Loaded on first use only: loading Prism costs more than the rest of the mock's start-up.
import type { IncomingHttpHeaders } from 'node:http';
import type { MockOperation } from './operations.js';
import type { Preferences } from './prefer.js';
import { fromPrismDiagnostics, type PrismDiagnostic } from './prism-violations.js';
import type { OpenApiDocument, Violation } from './types.js';

export interface PrismRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

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
  mock(op: MockOperation, request: PrismRequest, preferences: Preferences): Promise<MockOutcome>;
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
    async mock(op, request, preferences) {
      const config = {
        mock: { dynamic: preferences.dynamic === true, code: preferences.code, exampleKey: preferences.exampleKey },
        checkSecurity: false,
        validateRequest: false,
        validateResponse: true,
        errors: false,
      } as any;
      const input = {
        method: request.method.toLowerCase() as any,
        url: { path: request.path, query: request.query },
        headers: stringHeaders(request.headers),
        ...(request.body !== undefined && { body: request.body }),
      };
      const result: any = await prism.request(input, [resourceOf(op)], config)();
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

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
