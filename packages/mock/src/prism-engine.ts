// Prism in-process: parameter validation, example selection and response validation.
// The mock's own code handles routing, auth, body parsing/validation and error shapes.
import { createInstance, getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { validateInput } from '@stoplight/prism-http/dist/validator/index.js';
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
  /** Violations of path, query and header parameters (the body is validated separately). */
  validateParameters(op: MockOperation, request: PrismRequest): Violation[];
  /** The response Prism mocks for a valid request, with violations of the response's own schema. */
  mock(op: MockOperation, request: PrismRequest, preferences: Preferences): Promise<MockOutcome>;
}

export async function createPrismEngine(doc: OpenApiDocument): Promise<PrismEngine> {
  const resources = new Map<string, any>();
  /** The same operations without a request body: the mock validates bodies itself (ajv, discriminators). */
  const parameterResources = new Map<string, any>();
  for (const resource of await getHttpOperationsFromSpec(structuredClone(doc))) {
    resources.set(key(resource.method, resource.path), resource);
    parameterResources.set(key(resource.method, resource.path), { ...resource, request: { ...resource.request, body: undefined } });
  }
  const prism = createInstance(
    { mock: { dynamic: false }, checkSecurity: false, validateRequest: false, validateResponse: true, errors: false } as any,
    { logger: silentLogger },
  );

  const resourceOf = (op: MockOperation, table: Map<string, any> = resources) => {
    const resource = table.get(key(op.method, op.path));
    if (!resource) throw new Error(`Prism has no operation for ${op.method.toUpperCase()} ${op.path}`);
    return resource;
  };

  const toInput = (request: PrismRequest, withBody: boolean) => ({
    method: request.method.toLowerCase() as any,
    url: { path: request.path, query: request.query },
    headers: stringHeaders(request.headers),
    ...(withBody && request.body !== undefined && { body: request.body }),
  });

  return {
    validateParameters(op, request) {
      // Body-describing headers go too, or Prism complains about a body it was not given.
      const { 'content-length': _l, 'content-type': _t, 'transfer-encoding': _e, ...headers } = request.headers;
      const element = toInput({ ...request, headers }, false);
      const result: any = validateInput({ resource: resourceOf(op, parameterResources), element });
      if (result._tag !== 'Left') return [];
      return fromPrismDiagnostics((result.left as PrismDiagnostic[]).filter((d) => d.path?.[0] !== 'body'), declaredName(resourceOf(op)));
    },

    async mock(op, request, preferences) {
      const config = {
        mock: { dynamic: false, code: preferences.code, exampleKey: preferences.exampleKey },
        checkSecurity: false,
        validateRequest: false,
        validateResponse: true,
        errors: false,
      } as any;
      const result: any = await prism.request(toInput(request, true), [resourceOf(op)], config)();
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
        responseViolations: fromPrismDiagnostics(validations.output ?? []),
      };
    },
  };
}

/** Maps lower-cased parameter names back to the spelling the spec declares (deploymentId, not deploymentid). */
function declaredName(resource: any): (name: string) => string {
  const request = resource.request ?? {};
  const names = [...(request.query ?? []), ...(request.path ?? []), ...(request.headers ?? [])].map((p: any) => String(p.name));
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  return (name) => byLower.get(name.toLowerCase()) ?? name;
}

function stringHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
