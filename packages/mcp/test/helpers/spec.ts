// What the tests know of the contract, read through the spec model (not through the generated tools, which they test).
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createSpecModel, jsonContentOf, standaloneSchema, type SpecOperation } from '@vendor/spec-model';

const require = createRequire(import.meta.url);
export const document = require('@vendor/api-types/openapi.json');
export const model = createSpecModel(document);

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: InstanceType<typeof Ajv2020>) => unknown;

/** The ajv every test validates with: JSON Schema 2020-12 (OpenAPI 3.1), formats checked. */
export function newAjv(): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

/**
 * The documented examples of an operation as tool arguments: every parameter's example, with each named example
 * of the JSON request body in turn (one argument set when it has no body examples).
 */
export function documentedArguments(operation: SpecOperation): Array<{ name: string; args: Record<string, unknown> }> {
  const parameters: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.example !== undefined) parameters[parameter.name] = parameter.example;
  }
  const body = operation.requestBody === undefined ? undefined : jsonContentOf(operation.requestBody.content);
  const bodyExamples = (body?.examples ?? []).filter((example) => example.value !== undefined);
  if (bodyExamples.length === 0) return [{ name: 'parameters', args: parameters }];
  return bodyExamples.map((example) => ({ name: example.name, args: { ...parameters, body: example.value } }));
}

/** The operation's success response schema, as a schema that stands alone. */
export function responseSchema(operation: SpecOperation): Record<string, unknown> {
  const content = jsonContentOf(operation.successResponse!.content)!;
  return standaloneSchema(document, content.schema);
}

export const DESTRUCTIVE = ['changePassword', 'deleteMlRepo', 'terminateJob'];
