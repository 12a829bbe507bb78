// Looks up an operation by operationId and reads its documented values out of the bundle (local $refs
// followed): response and request examples, parameter examples and defaults. The sandbox's seed and handlers
// read these; the request pipeline uses the operation table (operation-table.ts) instead.
import { deref, toPointer } from './json-pointer.js';
import type { OpenApiDocument } from '../types.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export interface SpecOperationRef {
  operationId: string;
  method: string;
  path: string;
  op: Record<string, any>;
}

export function findOperation(doc: OpenApiDocument, operationId: string): SpecOperationRef | undefined {
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (item?.[method]?.operationId === operationId) return { operationId, method, path, op: item[method] };
    }
  }
  return undefined;
}

/** Every example value of the operation's 2xx JSON responses, in document order. */
export function successExamples(doc: OpenApiDocument, ref: SpecOperationRef): unknown[] {
  const values: unknown[] = [];
  for (const [status, raw] of Object.entries<any>(ref.op.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    const response = deref(doc, raw, toPointer(['paths', ref.path, ref.method, 'responses', status])).value;
    for (const media of Object.values<any>(response?.content ?? {})) {
      for (const [name, example] of Object.entries<any>(media?.examples ?? {})) {
        const value = deref(doc, example, `#/examples/${name}`).value?.value;
        if (value !== undefined) values.push(value);
      }
      if (media?.example !== undefined) values.push(media.example);
    }
  }
  return values;
}

/** Every example value of the operation's JSON request body, in document order. */
export function requestExamples(doc: OpenApiDocument, ref: SpecOperationRef): unknown[] {
  if (ref.op.requestBody === undefined) return [];
  const body = deref(doc, ref.op.requestBody, toPointer(['paths', ref.path, ref.method, 'requestBody'])).value;
  const media = body?.content?.['application/json'];
  const values: unknown[] = [];
  for (const [name, example] of Object.entries<any>(media?.examples ?? {})) {
    const value = deref(doc, example, `#/examples/${name}`).value?.value;
    if (value !== undefined) values.push(value);
  }
  if (media?.example !== undefined) values.push(media.example);
  return values;
}

/** The parameters of an operation (path-level and operation-level), $refs followed. */
export function parametersOf(doc: OpenApiDocument, ref: SpecOperationRef): Array<Record<string, any>> {
  const pathLevel = doc.paths?.[ref.path]?.parameters ?? [];
  return [...pathLevel, ...(ref.op.parameters ?? [])].map((p: unknown) => deref(doc, p, '#/').value).filter(Boolean);
}

export function parameterExample(doc: OpenApiDocument, ref: SpecOperationRef, name: string): unknown {
  const parameter = parametersOf(doc, ref).find((p) => p.name === name);
  if (!parameter) return undefined;
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values<any>(parameter.examples ?? {})[0];
  return first ? deref(doc, first, '#/').value?.value : undefined;
}

export function parameterDefault(doc: OpenApiDocument, ref: SpecOperationRef, name: string): unknown {
  return parametersOf(doc, ref).find((p) => p.name === name)?.schema?.default;
}
