// Reads the generated docs bundle (src/generated/openapi.docs.json) the site is built from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSpecModel, resolveRef, type JsonObject, type SpecOperation } from '@vendor/spec-model';

export const docsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = path.resolve(docsRoot, '../..');
export const distDir = path.join(docsRoot, 'dist');
export const samplesDir = path.join(docsRoot, 'src/generated/samples');

export interface CodeSample { lang: string; label: string; source: string }
export interface RequestExample { name: string; summary: string | undefined; value: unknown }
export interface DocsOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  gateway: boolean;
  /** The servers the operation is sent to (its own, else its path item's, else the document's). */
  servers: JsonObject[];
  codeSamples: CodeSample[];
  /** The named examples of the JSON request body, in document order ([] without a body). */
  requestExamples: RequestExample[];
  /** The operation's query parameter names. */
  queryParams: string[];
  /** The operation object (in the docs document). */
  operation: any;
}

export { resolveRef };

export function readDocsBundle(): any {
  return JSON.parse(readFileSync(path.join(docsRoot, 'src/generated/openapi.docs.json'), 'utf8'));
}

/** The named examples of an operation's JSON request body, as @vendor/spec-model reads them. */
function requestExamples(operation: SpecOperation): RequestExample[] {
  const media = operation.requestBody?.content.find((c) => c.mediaType === 'application/json');
  return (media?.examples ?? []).map((example) => ({ name: example.name, summary: example.summary, value: example.value }));
}

export function docsOperations(doc: any = readDocsBundle()): DocsOperation[] {
  return createSpecModel(doc).operations.map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    summary: operation.summary ?? '',
    tag: operation.tags[0]!,
    gateway: operation.addressSpace === 'gateway',
    servers: operation.servers,
    codeSamples: operation.definition['x-codeSamples'] ?? [],
    requestExamples: requestExamples(operation),
    queryParams: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
    operation: operation.definition,
  }));
}

/**
 * The operations in the order the reference lists them: by tag, in the order of the document's `tags`
 * (tags no entry names follow, as Redoc shows them), and within a tag in document order.
 */
export function inReadingOrder(doc: any, operations: DocsOperation[]): DocsOperation[] {
  const tags = [...new Set([...(doc.tags ?? []).map((t: any) => t.name as string), ...operations.map((op) => op.tag)])];
  return tags.flatMap((tag) => operations.filter((op) => op.tag === tag));
}

export interface ShownUnion {
  /** The id Redoc gives the property's row inside the operation (`t=request&path=manifest`). */
  rowId: string;
  /** The names the variants are shown under (their titles in the docs document). */
  names: string[];
}

/** Properties of an object schema, looking through `$ref` and `allOf`. */
function propertiesOf(doc: any, schema: any, seen = new Set<any>()): [string, any][] {
  const resolved = resolveRef(doc, schema);
  if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return [];
  seen.add(resolved);
  const own = Object.entries<any>(resolved.properties ?? {});
  return [...own, ...(resolved.allOf ?? []).flatMap((part: any) => propertiesOf(doc, part, seen))];
}

/**
 * The unions an operation shows as properties of its request body or of its first 2xx response body
 * (object properties followed to `depth`, not into arrays or into the variants of a union).
 */
export function shownUnions(doc: any, op: DocsOperation, depth = 3): ShownUnion[] {
  const found: ShownUnion[] = [];
  const visit = (schema: any, prefix: string, path: string[], level: number) => {
    if (level > depth) return;
    for (const [name, raw] of propertiesOf(doc, schema)) {
      const property = resolveRef(doc, raw);
      const variants = property?.oneOf ?? property?.anyOf;
      const here = [...path, name.toLowerCase()];
      if (Array.isArray(variants)) {
        found.push({ rowId: `${prefix}&path=${here.join('/')}`, names: variants.map((v: any) => v.title ?? resolveRef(doc, v)?.title) });
        continue;
      }
      visit(property, prefix, here, level + 1);
    }
  };
  const body = resolveRef(doc, op.operation.requestBody)?.content?.['application/json']?.schema;
  if (body) visit(body, 't=request', [], 1);
  const success = Object.entries<any>(op.operation.responses ?? {}).find(([status]) => /^2/.test(status));
  const responseSchema = success && resolveRef(doc, success[1])?.content?.['application/json']?.schema;
  if (success && responseSchema) visit(responseSchema, `t=response&c=${success[0]}`, [], 1);
  return found;
}
