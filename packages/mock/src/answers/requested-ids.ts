// A documented 404 example names the id of an example request. Served as it is, `GET /teams/t1` would
// answer "Resource jqfwg345gi25n5ju2yz5iz6m not found.", which reads like a bug in the mock. So a 404
// example names the ids of the request instead; the documented examples themselves stay as they are.
import type { MockOperation } from '../spec/operation-table.js';

/** One example id a 404 example may name, and the path parameter whose request value replaces it. */
export interface IdRewrite {
  exampleId: string;
  parameter: string;
}

/** Every path parameter's example in the document: the ids a shared 404 example may name. */
export function pathParameterExamples(operations: readonly MockOperation[]): Set<string> {
  const examples = new Set<string>();
  for (const op of operations) {
    for (const parameter of op.parameters) {
      const isPathExample = parameter.in === 'path' && typeof parameter.example === 'string' && parameter.example !== '';
      if (isPathExample) examples.add(parameter.example as string);
    }
  }
  return examples;
}

/**
 * The rewrites for a 404 of `op`: its own parameters' examples become the request's values; an example id
 * of another operation (a shared 404 response names one) becomes the resource the path ends with.
 */
export function idRewritesFor(op: MockOperation, exampleIds: ReadonlySet<string>): IdRewrite[] {
  const own = op.parameters.filter((parameter) => parameter.in === 'path');
  const resource = own.at(-1);
  if (resource === undefined) return [];
  const rewrites: IdRewrite[] = [];
  const ownExamples = new Set<string>();
  for (const parameter of own) {
    if (typeof parameter.example !== 'string' || parameter.example === '') continue;
    rewrites.push({ exampleId: parameter.example, parameter: parameter.name });
    ownExamples.add(parameter.example);
  }
  for (const exampleId of exampleIds) {
    if (!ownExamples.has(exampleId)) rewrites.push({ exampleId, parameter: resource.name });
  }
  // Longest first, so an id that contains another is replaced whole.
  return rewrites.sort((a, b) => b.exampleId.length - a.exampleId.length);
}

/** `value` with every example id in its strings replaced by the request's value of that id's parameter. */
export function nameRequestedIds(value: unknown, rewrites: readonly IdRewrite[], pathParams: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') return replaceIds(value, rewrites, pathParams);
  if (Array.isArray(value)) return value.map((item) => nameRequestedIds(item, rewrites, pathParams));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = nameRequestedIds(child, rewrites, pathParams);
  return out;
}

function replaceIds(text: string, rewrites: readonly IdRewrite[], pathParams: Readonly<Record<string, string>>): string {
  let result = text;
  for (const { exampleId, parameter } of rewrites) {
    const requested = pathParams[parameter];
    if (requested === undefined || !result.includes(exampleId)) continue;
    result = result.split(exampleId).join(requested);
  }
  return result;
}
