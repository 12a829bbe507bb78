// The documented values the sandbox's seed and handlers read, through the spec model: an operation's
// success and request examples, its parameters' examples and defaults. The request pipeline reads the
// operation table (operation-table.ts) instead.
import { jsonContentOf, type SpecContent, type SpecModel, type SpecOperation, type SpecParameter } from '@vendor/spec-model';

/** The operation with this operationId, or undefined: the spec being served may be another than the contract. */
export function findOperation(model: SpecModel, operationId: string): SpecOperation | undefined {
  return model.operations.find((operation) => operation.operationId === operationId);
}

/** Every example value of the operation's success response (its JSON body), in document order. */
export function successExamples(operation: SpecOperation): unknown[] {
  return exampleValues(operation.successResponse && jsonContentOf(operation.successResponse.content));
}

/** Every example value of the operation's JSON request body, in document order. */
export function requestExamples(operation: SpecOperation): unknown[] {
  return exampleValues(operation.requestBody && jsonContentOf(operation.requestBody.content));
}

export function parameterExample(operation: SpecOperation, name: string): unknown {
  return parameterNamed(operation, name)?.example;
}

/** What the server assumes when the parameter is absent (its schema's `default`). */
export function parameterDefault(operation: SpecOperation, name: string): unknown {
  return parameterNamed(operation, name)?.schema.default;
}

function parameterNamed(operation: SpecOperation, name: string): SpecParameter | undefined {
  return operation.parameters.find((parameter) => parameter.name === name);
}

/** The inline values; an example given only by `externalValue` has none to read. */
function exampleValues(content: SpecContent | undefined): unknown[] {
  const values = (content?.examples ?? []).map((example) => example.value);
  return values.filter((value) => value !== undefined);
}
