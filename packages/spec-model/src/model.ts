// createSpecModel: reads a bundled document once, checks its conventions, and answers from then on.
import { readRequestBody, readResponses, successResponseOf } from './content.js';
import {
  addressSpaceOf,
  effectiveServers,
  invalidInputStatusOf,
  operationLabel,
  readDestructive,
  readErrorShape,
  readIdempotent,
  readOperationId,
  readSunset,
} from './conventions.js';
import { SpecModelError } from './errors.js';
import { HTTP_METHODS, type HttpMethod } from './methods.js';
import { readPagination } from './pagination.js';
import { mergedParameters } from './parameters.js';
import { childPointer, DOCUMENT_POINTER } from './pointer.js';
import { resolveAt, resolveRef } from './resolve.js';
import { isSecured, readSecuredResponses, securedResponsesOf, type SecuredResponses } from './secured-responses.js';
import type { JsonObject, OpenApiDocument, SpecModel, SpecOperation } from './types.js';

/**
 * Reads every operation of a bundled OpenAPI document. Throws a `SpecModelError` naming the operation and the
 * field on the first broken convention: an operationId that is missing, not an identifier or used twice, a
 * missing `x-idempotent` or `x-error-shape`, a malformed `x-pagination`, or a `$ref` that cannot be followed.
 * The document is not copied: what the model returns points into it.
 */
export function createSpecModel(document: OpenApiDocument): SpecModel {
  const secured = readSecuredResponses(document);
  const operations = readOperations(document, secured);
  checkLinkTargets(operations);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  return {
    document,
    operations,
    securedStatuses: [...secured.keys()].map(Number),
    operation(operationId) {
      const found = byId.get(operationId);
      if (!found) throw new SpecModelError(`The document has no operation ${operationId}`);
      return found;
    },
    resolve: (node) => resolveRef(document, node),
  };
}

/** Every link names an operation of the document. */
function checkLinkTargets(operations: readonly SpecOperation[]): void {
  const ids = new Set(operations.map((operation) => operation.operationId));
  for (const operation of operations) {
    for (const response of operation.responses) {
      const unknown = response.links.find((link) => !ids.has(link.operationId));
      if (unknown !== undefined) throw new SpecModelError(`${operation.operationId}: link ${unknown.name} names no operation of the document (${unknown.operationId})`);
    }
  }
}

function readOperations(document: OpenApiDocument, secured: SecuredResponses): SpecOperation[] {
  const operations: SpecOperation[] = [];
  const labels = new Map<string, string>();
  for (const [path, rawItem] of Object.entries<unknown>(document.paths ?? {})) {
    const { target: pathItem, pointer: pathItemPointer } = resolveAt(document, rawItem, childPointer(DOCUMENT_POINTER, 'paths', path));
    for (const method of HTTP_METHODS) {
      if (!pathItem?.[method]) continue;
      const operation = readOperation(document, secured, { path, pathItem, pathItemPointer }, method);
      const label = operationLabel(method, path);
      const earlier = labels.get(operation.operationId);
      if (earlier !== undefined) throw new SpecModelError(`duplicate operationId ${operation.operationId}: ${earlier} and ${label}`);
      labels.set(operation.operationId, label);
      operations.push(operation);
    }
  }
  return operations;
}

/** A path item, `$ref` followed, and where it is written. */
interface PathItemAt {
  path: string;
  pathItem: JsonObject;
  pathItemPointer: string;
}

function readOperation(document: OpenApiDocument, secured: SecuredResponses, { path, pathItem, pathItemPointer }: PathItemAt, method: HttpMethod): SpecOperation {
  const definition: JsonObject = pathItem[method];
  const pointer = childPointer(pathItemPointer, method);
  const operationId = readOperationId(definition, operationLabel(method, path));
  const label = operationLabel(method, path, operationId);
  const idempotent = readIdempotent(definition, label);
  const errorShape = readErrorShape(definition, label);
  const destructive = readDestructive(definition, method, label);
  const servers = effectiveServers(document, pathItem, definition);
  const parameters = mergedParameters(document, { pathItem, pathItemPointer, operation: definition, operationPointer: pointer }, label);
  const responses = readResponses(document, pointer, definition.responses, label);
  const successResponse = successResponseOf(responses);
  const isSecuredOperation = isSecured(document, definition);
  return {
    operationId,
    method,
    path,
    pointer,
    addressSpace: addressSpaceOf(servers),
    servers,
    idempotent,
    destructive,
    errorShape,
    invalidInputStatus: invalidInputStatusOf(errorShape, responses.map((response) => response.status)),
    tags: definition.tags ?? [],
    summary: definition.summary,
    description: definition.description,
    deprecated: definition.deprecated === true,
    sunset: readSunset(definition, label),
    parameters,
    requestBody: readRequestBody(document, pointer, definition.requestBody),
    responses,
    secured: isSecuredOperation,
    securedResponses: securedResponsesOf(secured, isSecuredOperation, errorShape, responses),
    successResponse,
    successStatus: successResponse === undefined ? undefined : Number(successResponse.status),
    pagination: readPagination(document, definition['x-pagination'], { operationId, label, parameters, successResponse }),
    definition,
    pathItem,
  };
}
