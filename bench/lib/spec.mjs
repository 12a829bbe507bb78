// Reads the bundled OpenAPI document (packages/types/src/generated/openapi.json) through @vendor/spec-model
// (built by `npm run build`, which scripts/bench.mjs runs before the sections that import this file): its
// operations, the gateway rule, parameters and named examples are the model's; nothing here follows a $ref.
import { readFileSync } from 'node:fs';
import { createSpecModel, jsonContentOf, operationSummaries } from '@vendor/spec-model';
import { bundlePath } from './paths.mjs';

let cached;
export function loadBundle() {
  cached ??= JSON.parse(readFileSync(bundlePath, 'utf8'));
  return cached;
}

const models = new WeakMap();
/** The spec model of a document, read once per document. */
export function specModel(doc = loadBundle()) {
  let model = models.get(doc);
  if (!model) models.set(doc, (model = createSpecModel(doc)));
  return model;
}

/**
 * Every operation, by operationId: the model's summaries (operationSummaries: method, path, address space, ...,
 * and `operation`, the model's SpecOperation).
 */
export function listOperations(doc = loadBundle()) {
  return operationSummaries(specModel(doc), 'operationId');
}

export function findOperation(operationId, doc = loadBundle()) {
  const found = listOperations(doc).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`operation ${operationId} is not in ${bundlePath}`);
  return found;
}

/** The JSON media type of the operation's request body (the model's SpecContent), or undefined. */
export function requestContent(operationId, doc = loadBundle()) {
  const body = specModel(doc).operation(operationId).requestBody;
  return body && jsonContentOf(body.content);
}

/** The value of a named example of the request body (default: the first). */
export function requestExample(operationId, name, doc = loadBundle()) {
  const examples = requestContent(operationId, doc)?.examples ?? [];
  const key = name ?? examples[0]?.name;
  const example = examples.find((e) => e.name === key);
  if (!example) throw new Error(`${operationId} has no request example ${key}`);
  return structuredClone(example.value);
}

/** The first example of the first 2xx response (what the mock serves by default). */
export function responseExample(operationId, doc = loadBundle()) {
  const { successResponse, successStatus } = specModel(doc).operation(operationId);
  const first = successResponse && jsonContentOf(successResponse.content)?.examples[0];
  return { status: successStatus, body: structuredClone(first?.value) };
}

/** Parameters of an operation (path-item level and operation level, merged by the model): SpecParameter[]. */
export function parameters(entry, doc = loadBundle()) {
  return specModel(doc).operation(entry.operationId).parameters;
}

/**
 * A value for a parameter (a SpecParameter from `parameters`): the spec's example (the model's rule), else one
 * made up for the bench's generated consumer from its schema: the default, the first enum value, the minimum
 * (or 1) of a number, `true`, or `'x'`.
 */
export function parameterExample(param) {
  if (param.example !== undefined) return param.example;
  const schema = param.schema ?? {};
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return 'x';
}
