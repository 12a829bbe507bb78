// Reads, from the bundled document, what a code sample needs to know about each operation:
// its address space, its parameters with their example values, and its named request-body examples.
import { deref } from './resolve.mjs';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * @typedef {{ name: string, in: 'path'|'query'|'header'|'cookie', required: boolean, value: unknown, schema: Record<string, any> }} SampleParam
 * @typedef {{
 *   operationId: string, method: string, path: string, space: 'controlPlane'|'gateway',
 *   errorShape: string|undefined, tags: string[], summary: string|undefined,
 *   params: SampleParam[], body: SampleBody | undefined, bodies: SampleBody[],
 *   dataEnvelope: boolean, pagination: 'page_token'|'offset'|undefined,
 * }} SampleOperation
 * @typedef {{ exampleName: string, summary: string|undefined, value: unknown }} SampleBody
 */

/** @returns {SampleOperation[]} every operation of the document, in document order */
export function listOperations(doc) {
  const ops = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const params = sampleParams(doc, item, op);
      const bodies = requestBodyExamples(doc, op);
      ops.push({
        operationId: op.operationId,
        method,
        path,
        space: addressSpace(item),
        errorShape: op['x-error-shape'],
        tags: op.tags ?? [],
        summary: op.summary,
        params,
        body: bodies[0],
        bodies,
        dataEnvelope: hasDataEnvelope(doc, op),
        pagination: paginationStyle(params),
      });
    }
  }
  return ops;
}

/** A path item that overrides `servers` with the gateway address belongs to the gateway (docs/ARCHITECTURE.md). */
export function addressSpace(pathItem) {
  const servers = pathItem.servers ?? [];
  return servers.some((s) => String(s.url).includes('gateway_base_url')) ? 'gateway' : 'controlPlane';
}

/**
 * Parameters a sample sends: every required parameter, plus optional path and query parameters.
 * Optional headers are left out: they are provider-specific alternatives (Azure, Vertex, Bedrock, ...)
 * that make no sense together in one request.
 */
function sampleParams(doc, pathItem, op) {
  const byKey = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = deref(doc, raw);
    byKey.set(`${p.in}:${p.name}`, p); // operation-level parameters override path-level ones
  }
  const params = [];
  for (const p of byKey.values()) {
    const required = p.in === 'path' || p.required === true;
    if (!required && p.in !== 'query') continue;
    const value = parameterExample(doc, p);
    if (value === undefined) {
      throw new Error(`${op.operationId}: parameter ${p.in} "${p.name}" has no example value (docs/ARCHITECTURE.md: every parameter has one)`);
    }
    params.push({ name: p.name, in: p.in, required, value, schema: deref(doc, p.schema ?? {}) });
  }
  return params;
}

function parameterExample(doc, p) {
  if (p.example !== undefined) return p.example;
  const named = Object.values(p.examples ?? {})[0];
  if (named !== undefined) return deref(doc, named).value;
  const schema = deref(doc, p.schema ?? {});
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/**
 * Every named example of the JSON request body, in document order; the first is the default the mock and
 * the reference show. An operation without a request body has none.
 * @returns {SampleBody[]}
 */
function requestBodyExamples(doc, op) {
  if (!op.requestBody) return [];
  const body = deref(doc, op.requestBody);
  const media = body.content?.['application/json'];
  if (!media) throw new Error(`${op.operationId}: only application/json request bodies are supported`);
  const named = Object.entries(media.examples ?? {}).map(([name, raw]) => {
    const example = deref(doc, raw);
    if (example.value === undefined) throw new Error(`${op.operationId}: request example "${name}" has no inline value`);
    return { exampleName: name, summary: example.summary, value: example.value };
  });
  if (named.length > 0) return named;
  if (media.example !== undefined) return [{ exampleName: 'example', summary: undefined, value: media.example }];
  throw new Error(`${op.operationId}: request body has no example (docs/ARCHITECTURE.md: every request body has named examples)`);
}

/** How an operation pages, read from its query parameters (the same rule as the introduction's Pagination). */
function paginationStyle(params) {
  const query = params.filter((p) => p.in === 'query').map((p) => p.name);
  if (query.includes('page_token')) return 'page_token';
  if (query.includes('offset')) return 'offset';
  return undefined;
}

/** Whether the 2xx JSON body is the `{ data: ... }` envelope (the sample then destructures `data`). */
function hasDataEnvelope(doc, op) {
  const success = Object.entries(op.responses ?? {}).find(([status]) => /^2/.test(status));
  if (!success) return false;
  const response = deref(doc, success[1]);
  const schema = deref(doc, response.content?.['application/json']?.schema ?? {});
  return Boolean(schema.properties && 'data' in schema.properties && (schema.required ?? []).includes('data'));
}
