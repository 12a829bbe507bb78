// Test helpers: read the real bundle, build a valid request per operation, validate bodies against it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as any).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

export type Doc = Record<string, any>;

export function loadBundle(): Doc {
  const file = createRequire(import.meta.url).resolve('@vendor/api-types/openapi.json');
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function deref(doc: Doc, value: any): any {
  let current = value;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, token: string) => node?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  op: any;
}

export function operationsOf(doc: Doc): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      if (item[method]) out.push({ operationId: item[method].operationId, method, path, op: item[method] });
    }
  }
  return out;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
}

/** A valid request for the operation: every required parameter from its `example`, the first body example. */
export function validRequest(doc: Doc, base: string, entry: SpecOperation, token = 'test-token'): BuiltRequest {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let path = entry.path;
  const query = new URLSearchParams();
  for (const param of (entry.op.parameters ?? []).map((p: unknown) => deref(doc, p))) {
    if (!param.required) continue;
    if (param.example === undefined) throw new Error(`${entry.operationId}: required parameter ${param.name} has no example`);
    const value = String(param.example);
    if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    if (param.in === 'query') query.set(param.name, value);
    if (param.in === 'header') headers[param.name] = value;
  }
  const init: BuiltRequest['init'] = { method: entry.method.toUpperCase(), headers };
  if (entry.op.requestBody) {
    const media = deref(doc, entry.op.requestBody).content['application/json'];
    const first = Object.values<any>(media.examples)[0];
    init.body = JSON.stringify(deref(doc, first).value);
    headers['content-type'] = 'application/json';
  }
  const qs = query.toString();
  return { url: `${base}${path}${qs ? `?${qs}` : ''}`, init };
}

/** The first 2xx response: status, its first example's value and its schema pointer. */
export function firstSuccess(doc: Doc, entry: SpecOperation): { status: number; example: unknown; schemaPointer: string } {
  const [status, raw] = Object.entries<any>(entry.op.responses).find(([code]) => code.startsWith('2'))!;
  return responseOf(doc, entry, status, raw);
}

export function responseOf(doc: Doc, entry: SpecOperation, status: string, raw = entry.op.responses[status]) {
  const response = deref(doc, raw);
  const media = response.content['application/json'];
  const example = deref(doc, Object.values<any>(media.examples)[0]).value;
  const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const pointer = raw.$ref
    ? `${raw.$ref}/content/application~1json/schema`
    : `#/paths/${esc(entry.path)}/${entry.method}/responses/${status}/content/application~1json/schema`;
  return { status: Number(status), example, schemaPointer: pointer, examples: media.examples as Record<string, any> };
}

export function schemaValidator(doc: Doc): (pointer: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const { $schema: _s, ...rest } = doc;
  ajv.addSchema({ ...rest, $id: 'test:openapi.json' });
  const cache = new Map<string, ValidateFunction>();
  return (pointer) => {
    if (!cache.has(pointer)) cache.set(pointer, ajv.compile({ $ref: `test:openapi.json${pointer}` }));
    return cache.get(pointer)!;
  };
}
