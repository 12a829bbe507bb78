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

/**
 * `x-destructive`: whether calling the operation deletes, ends or replaces something that cannot be had back (a
 * repository, a running job, a password). Optional; when absent, a DELETE is destructive and nothing else is.
 */
export function readDestructive(operation: JsonObject, method: string, label: string): boolean {
  const destructive = operation['x-destructive'];
  if (destructive === undefined) return method === 'delete';
  if (typeof destructive !== 'boolean') throw new SpecModelError(`${label} has x-destructive that is not true|false`);
  return destructive;
}

export function readErrorShape(operation: JsonObject, label: string): ErrorShape {
  const shape = operation['x-error-shape'];
  if (!ERROR_SHAPES.includes(shape)) throw new SpecModelError(`${label} needs x-error-shape: ${ERROR_SHAPES.join('|')}`);
  return shape;
}

/**
 * `x-sunset: YYYY-MM-DD` beside `deprecated: true` (on an operation, a parameter or a schema): the day from which
 * the deprecated part may be gone. Undefined when the node has none; throws on a malformed date or a sunset on
 * something not deprecated, naming `label`.
 */
export function readSunset(node: unknown, label: string): string | undefined {
  if (node === null || typeof node !== 'object') return undefined;
  const sunset = (node as JsonObject)['x-sunset'];
  if (sunset === undefined) return undefined;
  const isDate = typeof sunset === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(sunset) && !Number.isNaN(Date.parse(sunset));
  if (!isDate) throw new SpecModelError(`${label}: x-sunset must be a date YYYY-MM-DD (got ${JSON.stringify(sunset)})`);
  if ((node as JsonObject).deprecated !== true) throw new SpecModelError(`${label}: x-sunset needs deprecated: true beside it`);
  return sunset;
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
