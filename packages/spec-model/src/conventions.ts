// The spec conventions every reader relies on (docs/ARCHITECTURE.md, "Spec conventions"), each decided here once.
import { SpecModelError } from './errors.js';
import type { AddressSpace, ErrorShape, JsonObject, OpenApiDocument } from './types.js';

export const ERROR_SHAPES: readonly ErrorShape[] = ['ml', 'control-plane', 'gateway'];

/** What an error message calls an operation: `getTeam (GET /teams/{id})`, or `GET /teams/{id}` before its operationId is known. */
export function operationLabel(method: string, path: string, operationId?: string): string {
  const route = `${method.toUpperCase()} ${path}`;
  return operationId === undefined ? route : `${operationId} (${route})`;
}

/** operationIds are the client's method names, so each must be a JavaScript identifier. */
export function readOperationId(operation: JsonObject, label: string): string {
  const operationId = operation.operationId;
  const isIdentifier = typeof operationId === 'string' && /^[A-Za-z_$][\w$]*$/.test(operationId);
  if (!isIdentifier) throw new SpecModelError(`${label} needs an operationId that is a valid identifier`);
  return operationId;
}

export function readIdempotent(operation: JsonObject, label: string): boolean {
  const idempotent = operation['x-idempotent'];
  if (typeof idempotent !== 'boolean') throw new SpecModelError(`${label} needs x-idempotent: true|false`);
  return idempotent;
}

/** `x-destructive` is `true`, `false` or absent (not destructive). */
export function readDestructive(operation: JsonObject, label: string): boolean {
  const destructive = operation['x-destructive'];
  if (destructive === undefined) return false;
  if (typeof destructive !== 'boolean') throw new SpecModelError(`${label}: x-destructive must be true or false`);
  return destructive;
}

export function readErrorShape(operation: JsonObject, label: string): ErrorShape {
  const shape = operation['x-error-shape'];
  if (!ERROR_SHAPES.includes(shape)) throw new SpecModelError(`${label} needs x-error-shape: ${ERROR_SHAPES.join('|')}`);
  return shape;
}

/** OpenAPI's rule: an operation's own `servers`, else its path item's, else the document's. */
export function effectiveServers(document: OpenApiDocument, pathItem: JsonObject, operation: JsonObject): JsonObject[] {
  return operation.servers ?? pathItem.servers ?? document.servers ?? [];
}

/** The one gateway rule: the servers an operation is sent to have a URL with `{gateway_base_url}`. */
export function addressSpaceOf(servers: JsonObject[]): AddressSpace {
  const isGateway = servers.some((server) => typeof server?.url === 'string' && server.url.includes('{gateway_base_url}'));
  return isGateway ? 'gateway' : 'controlPlane';
}

/**
 * The first of 400 or 422 the operation documents (so 400 when it documents both); when it documents neither,
 * 422 for `ml` and 400 for the others.
 */
export function invalidInputStatusOf(errorShape: ErrorShape, statuses: readonly string[]): 400 | 422 {
  if (statuses.includes('400')) return 400;
  if (statuses.includes('422')) return 422;
  return errorShape === 'ml' ? 422 : 400;
}
