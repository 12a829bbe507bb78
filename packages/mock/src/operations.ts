// The mock's table of operations: what it needs to know about each one, read from the bundle.
import type { ErrorShape, OpenApiDocument } from './types.js';
import { deref, toPointer } from './pointer.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const SHAPES: readonly ErrorShape[] = ['ml', 'control-plane', 'gateway'];

export interface MockOperation {
  operationId: string;
  method: string;
  /** path template, e.g. /api/svc/v1/teams/{id} */
  path: string;
  errorShape: ErrorShape;
  /** the status this operation answers invalid input with (ARCHITECTURE.md "Invalid-input status") */
  invalidInputStatus: number;
  /** pointer to the JSON request body schema inside the bundle, when the operation takes one */
  bodySchemaPointer?: string;
  bodyRequired: boolean;
}

export function invalidInputStatusOf(responses: Record<string, unknown> | undefined, shape: ErrorShape): number {
  if (responses && '400' in responses) return 400;
  if (responses && '422' in responses) return 422;
  return shape === 'ml' ? 422 : 400;
}

export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || /^application\/[^/]+\+json$/.test(base);
}

export function readOperations(doc: OpenApiDocument): MockOperation[] {
  const operations: MockOperation[] = [];
  for (const [path, pathItem] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = pathItem?.[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const shape = op['x-error-shape'];
      if (!SHAPES.includes(shape)) {
        throw new Error(`${where}: x-error-shape must be one of ${SHAPES.join(', ')} (got ${JSON.stringify(shape)})`);
      }
      if (typeof op.operationId !== 'string') throw new Error(`${where}: operationId is required`);
      const entry: MockOperation = {
        operationId: op.operationId,
        method,
        path,
        errorShape: shape,
        invalidInputStatus: invalidInputStatusOf(op.responses, shape),
        bodyRequired: false,
      };
      if (op.requestBody) {
        const body = deref(doc, op.requestBody, toPointer(['paths', path, method, 'requestBody']));
        const mediaType = Object.keys(body.value?.content ?? {}).find(isJsonMediaType);
        if (mediaType && body.value.content[mediaType].schema) {
          entry.bodySchemaPointer = `${body.pointer}/content/${mediaType.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
        }
        entry.bodyRequired = body.value?.required === true;
      }
      operations.push(entry);
    }
  }
  return operations;
}
