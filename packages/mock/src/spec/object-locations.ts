// Where the objects the operations use sit in the bundle, as JSON pointers. The mock's validators are ajv
// schemas that `$ref` into the bundle, so each needs the pointer of its schema; the spec model answers with
// the objects themselves (the document's own, `$ref`s followed), and this index says where each one is.
import type { SpecModel, SpecOperation } from '@vendor/spec-model';
import { childPointer, DOCUMENT_POINTER } from './json-pointer.js';

/** The component sections an operation's `$ref`s lead to (`pathItems`: a path whose item is a `$ref`). */
const COMPONENT_SECTIONS = ['pathItems', 'parameters', 'requestBodies', 'responses'] as const;

/** The pointer of an object of the document; throws, naming `what`, for one the index does not hold. */
export type LocateObject = (object: unknown, what: string) => string;

/** Indexes the components and every operation's own objects once; looking one up is a map read. */
export function createObjectLocator(model: SpecModel): LocateObject {
  const pointers = new Map<unknown, string>();
  const place = (object: unknown, pointer: string) => {
    const isObject = object !== null && typeof object === 'object';
    if (isObject && !pointers.has(object)) pointers.set(object, pointer);
  };
  const locate: LocateObject = (object, what) => {
    const pointer = pointers.get(object);
    if (pointer === undefined) throw new Error(`${what}: a $ref leads somewhere the mock does not look (components or an operation)`);
    return pointer;
  };

  const { document } = model;
  for (const section of COMPONENT_SECTIONS) {
    for (const [name, object] of Object.entries<unknown>(document.components?.[section] ?? {})) {
      place(object, childPointer(DOCUMENT_POINTER, 'components', section, name));
    }
  }
  for (const [path, item] of Object.entries<unknown>(document.paths ?? {})) place(item, childPointer(DOCUMENT_POINTER, 'paths', path));
  // Every operation's objects before any lookup: a `$ref` may lead into another operation.
  for (const operation of model.operations) placeOperationObjects(operation, place, locate);
  return locate;
}

/** An operation's parameters (its path item's too), request body and responses, each where it is written. */
function placeOperationObjects(operation: SpecOperation, place: (object: unknown, pointer: string) => void, locate: LocateObject): void {
  const pathItemPointer = locate(operation.pathItem, `the path item of ${operation.operationId}`);
  const operationPointer = childPointer(pathItemPointer, operation.method);
  const { pathItem, definition } = operation;
  (pathItem.parameters ?? []).forEach((parameter: unknown, index: number) => place(parameter, childPointer(pathItemPointer, 'parameters', index)));
  (definition.parameters ?? []).forEach((parameter: unknown, index: number) => place(parameter, childPointer(operationPointer, 'parameters', index)));
  place(definition.requestBody, childPointer(operationPointer, 'requestBody'));
  for (const [status, response] of Object.entries<unknown>(definition.responses ?? {})) place(response, childPointer(operationPointer, 'responses', status));
}
