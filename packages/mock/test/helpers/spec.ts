// Test helpers: read the real bundle through the spec model, build a valid request per operation, validate
// bodies against the bundle's schemas.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createSpecModel, EMAIL_FORMAT, encodePointerToken, jsonContentOf, type SpecModel, type SpecOperation } from '@vendor/spec-model';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export type Doc = Record<string, any>;
export type { SpecOperation };

export function loadBundle(): Doc {
  const file = createRequire(import.meta.url).resolve('@vendor/api-types/openapi.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The spec model of the real bundle (or of `doc`, a changed copy of it). */
export function loadModel(doc: Doc = loadBundle()): SpecModel {
  return createSpecModel(doc);
}

export interface BuiltRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** A valid request for the operation: every required parameter from its example, the first body example. */
export function validRequest(base: string, entry: SpecOperation, token = 'test-token'): BuiltRequest {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let path = entry.path;
  const query = new URLSearchParams();
  for (const param of entry.parameters) {
    if (!param.required) continue;
    if (param.example === undefined) throw new Error(`${entry.operationId}: required parameter ${param.name} has no example`);
    const value = String(param.example);
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    if (param.in === 'query') query.set(param.name, value);
    if (param.in === 'header') headers[param.name] = value;
  }
  const init: BuiltRequest['init'] = { method: entry.method.toUpperCase(), headers };
  const body = entry.requestBody && jsonContentOf(entry.requestBody.content);
  if (body) {
    init.body = JSON.stringify(body.examples[0]!.value);
    headers['content-type'] = 'application/json';
  }
  const qs = query.toString();
  return { url: `${base}${path}${qs ? `?${qs}` : ''}`, init };
}

/** The success response: status, its first example's value and its schema. */
export function firstSuccess(entry: SpecOperation) {
  return responseOf(entry, entry.successResponse!.status);
}

/** A documented response's JSON body: its status, first example's value, schema and named examples. */
export function responseOf(entry: SpecOperation, status: string) {
  const response = entry.responses.find((r) => r.status === status);
  const json = response && jsonContentOf(response.content);
  if (!json) throw new Error(`${entry.operationId} documents no JSON ${status} response`);
  return { status: Number(status), example: json.examples[0]!.value, schema: json.schema, examples: json.examples };
}

/** The value of a documented response's named example. */
export function documentedExample(entry: SpecOperation, status: string, name: string): unknown {
  const found = responseOf(entry, status).examples.find((example) => example.name === name);
  if (!found) throw new Error(`${entry.operationId} ${status} has no example ${name}`);
  return found.value;
}

/**
 * Validators for schemas of the bundle, given as the schema object (the model's, `$ref`s followed) or as a
 * pointer (`#/components/schemas/MlError`). ajv compiles a `$ref` to the schema's place in the bundle, so its
 * own `$ref`s resolve; the place of an object is looked up in an index of the whole bundle.
 */
export function schemaValidator(model: SpecModel): (schema: object | string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // format: email as the contract's checkers read it (RFC 5321: ada@dev passes).
  ajv.addFormat('email', EMAIL_FORMAT);
  const { $schema: _s, ...rest } = model.document;
  ajv.addSchema({ ...rest, $id: 'test:openapi.json' });
  const pointers = pointersOfObjects(model.document);
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const pointer = typeof schema === 'string' ? schema : pointers.get(schema);
    if (pointer === undefined) throw new Error(`not a schema of the bundle: ${JSON.stringify(schema).slice(0, 200)}`);
    if (!cache.has(pointer)) cache.set(pointer, ajv.compile({ $ref: `test:openapi.json${pointer}` }));
    return cache.get(pointer)!;
  };
}

/** The pointer of every object in the document (a parsed JSON document holds each object once). */
function pointersOfObjects(document: Doc): Map<object, string> {
  const pointers = new Map<object, string>();
  const visit = (node: unknown, pointer: string) => {
    if (node === null || typeof node !== 'object' || pointers.has(node)) return;
    pointers.set(node, pointer);
    for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${encodePointerToken(key)}`);
  };
  visit(document, '#');
  return pointers;
}
