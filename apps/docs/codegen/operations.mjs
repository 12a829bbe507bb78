// Reads, from the bundled document, what a code sample needs to know about each operation: the model's summary of
// it (address space, error shape, pagination, ...: operationSummaries of @vendor/spec-model), its parameters with
// their example values and its named request-body examples. The reading itself is the model's; this module keeps
// what the samples add to it: which parameters a sample sends, and that every one of them has an example.
import { createSpecModel, jsonContentOf, operationSummaries } from '@vendor/spec-model';

/**
 * @typedef {{ name: string, in: 'path'|'query'|'header'|'cookie', required: boolean, value: unknown, schema: Record<string, any> }} SampleParam
 * @typedef {import('@vendor/spec-model').OperationSummary & {
 *   params: SampleParam[], body: SampleBody | undefined, bodies: SampleBody[], dataEnvelope: boolean,
 * }} SampleOperation
 * @typedef {{ exampleName: string, summary: string|undefined, value: unknown }} SampleBody
 */

/** @returns {SampleOperation[]} every operation of the document, in document order */
export function listOperations(doc) {
  return operationSummaries(createSpecModel(doc)).map((summary) => {
    const bodies = requestBodyExamples(summary.operation);
    return { ...summary, params: sampleParams(summary.operation), body: bodies[0], bodies, dataEnvelope: hasDataEnvelope(summary.operation) };
  });
}

/**
 * Parameters a sample sends: every required parameter, plus optional path and query parameters.
 * Optional headers are left out: they are provider-specific alternatives (Azure, Vertex, Bedrock, ...)
 * that make no sense together in one request.
 * @param {import('@vendor/spec-model').SpecOperation} operation
 */
function sampleParams(operation) {
  const sent = operation.parameters.filter((p) => p.required || p.in === 'query');
  return sent.map((p) => {
    if (p.example === undefined) {
      throw new Error(`${operation.operationId}: parameter ${p.in} "${p.name}" has no example value (docs/ARCHITECTURE.md: every parameter has one)`);
    }
    return { name: p.name, in: p.in, required: p.required, value: p.example, schema: p.schema };
  });
}

/**
 * Every named example of the JSON request body, in document order; the first is the default the mock and
 * the reference show. An operation without a request body has none.
 * @param {import('@vendor/spec-model').SpecOperation} operation
 * @returns {SampleBody[]}
 */
function requestBodyExamples(operation) {
  if (!operation.requestBody) return [];
  const media = operation.requestBody.content.find((c) => c.mediaType === 'application/json');
  if (!media) throw new Error(`${operation.operationId}: only application/json request bodies are supported`);
  if (media.examples.length === 0) {
    throw new Error(`${operation.operationId}: request body has no example (docs/ARCHITECTURE.md: every request body has named examples)`);
  }
  return media.examples.map((example) => {
    if (example.value === undefined) throw new Error(`${operation.operationId}: request example "${example.name}" has no inline value`);
    return { exampleName: example.name, summary: example.summary, value: example.value };
  });
}

/**
 * Whether the 2xx JSON body is the `{ data: ... }` envelope (the sample then destructures `data`).
 * @param {import('@vendor/spec-model').SpecOperation} operation
 */
function hasDataEnvelope(operation) {
  const json = operation.successResponse && jsonContentOf(operation.successResponse.content);
  if (!json) return false;
  const { schema } = json;
  return Boolean(schema.properties && 'data' in schema.properties && (schema.required ?? []).includes('data'));
}
