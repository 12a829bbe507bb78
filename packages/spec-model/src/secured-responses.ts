// Statuses every secured operation can answer (`x-secured-responses` at the document's root): a request without a
// valid token gets 401 on any operation that requires one, listed there or not. The document names, per status,
// the response of each error shape; each operation then answers it in its own `x-error-shape`.
import { ERROR_SHAPES } from './conventions.js';
import { SpecModelError } from './errors.js';
import { childPointer, DOCUMENT_POINTER } from './pointer.js';
import { readResponse } from './content.js';
import { resolveRef } from './resolve.js';
import type { ErrorShape, JsonObject, OpenApiDocument, SpecResponse } from './types.js';

export const SECURED_RESPONSES_KEY = 'x-secured-responses';

/** Per status (`'401'`), the response each error shape answers it with. */
export type SecuredResponses = ReadonlyMap<string, ReadonlyMap<ErrorShape, SpecResponse>>;

/**
 * Reads `x-secured-responses`: `{ '<status>': { '<error shape>': <response or $ref> } }`. Every status is a
 * 3-digit 4xx or 5xx status and names a response for each of the three error shapes, so that any secured
 * operation finds its own. Throws a `SpecModelError` naming the field otherwise.
 */
export function readSecuredResponses(document: OpenApiDocument): SecuredResponses {
  const raw = document[SECURED_RESPONSES_KEY];
  const byStatus = new Map<string, Map<ErrorShape, SpecResponse>>();
  if (raw === undefined) return byStatus;
  if (!isObject(raw)) throw new SpecModelError(`${SECURED_RESPONSES_KEY} must be an object of statuses`);
  const pointer = childPointer(DOCUMENT_POINTER, SECURED_RESPONSES_KEY);
  for (const [status, shapes] of Object.entries(raw)) {
    const field = `${SECURED_RESPONSES_KEY}.${status}`;
    if (!/^[45]\d\d$/.test(status)) throw new SpecModelError(`${field}: a status must be a 3-digit 4xx or 5xx status`);
    if (!isObject(shapes)) throw new SpecModelError(`${field} must name a response for each error shape (${ERROR_SHAPES.join(', ')})`);
    const byShape = new Map<ErrorShape, SpecResponse>();
    for (const shape of Object.keys(shapes)) {
      if (!ERROR_SHAPES.includes(shape as ErrorShape)) throw new SpecModelError(`${field}.${shape} is not an error shape (${ERROR_SHAPES.join(', ')})`);
    }
    for (const shape of ERROR_SHAPES) {
      if (shapes[shape] === undefined) throw new SpecModelError(`${field} names no response for the error shape ${shape}`);
      if (!isObject(resolveRef(document, shapes[shape]))) throw new SpecModelError(`${field}.${shape} must be a response object or a $ref to one`);
      byShape.set(shape, readResponse(document, status, shapes[shape], childPointer(pointer, status, shape)));
    }
    byStatus.set(status, byShape);
  }
  return byStatus;
}

/**
 * Whether an operation requires a credential: its own `security`, else the document's, names at least one
 * requirement, and none of them is empty (`{}` makes the credential optional, so no 401 is promised).
 */
export function isSecured(document: OpenApiDocument, operation: JsonObject): boolean {
  const requirements = operation.security ?? document.security ?? [];
  if (!Array.isArray(requirements) || requirements.length === 0) return false;
  return requirements.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}

/**
 * The responses a secured operation can answer beyond its own list: one per status of `x-secured-responses` that
 * the operation does not list itself, in its error shape. Empty for an operation without security.
 */
export function securedResponsesOf(secured: SecuredResponses, isSecuredOperation: boolean, errorShape: ErrorShape, own: readonly SpecResponse[]): SpecResponse[] {
  if (!isSecuredOperation) return [];
  const listed = new Set(own.map((response) => response.status));
  const responses: SpecResponse[] = [];
  for (const [status, byShape] of secured) {
    if (listed.has(status)) continue;
    const response = byShape.get(errorShape);
    if (response !== undefined) responses.push(response);
  }
  return responses;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
