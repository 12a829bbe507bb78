// Answers a stored record in an operation's own form: the sandbox stores one form of a record, and keeps the
// fields the operation's 200 `data` schema lists (the MCP server read form has no tenantName, ...). The
// schema is walked once per document and operation.
import { findOperation } from '../../spec/documented-examples.js';
import { deref } from '../../spec/json-pointer.js';
import type { OpenApiDocument } from '../../types.js';
import type { Body } from '../store/record-store.js';
import type { OperationId, SandboxServices } from './sandbox-handler.js';

export function projectTo(services: SandboxServices, operationId: OperationId, record: Body): Body {
  const names = dataPropertyNames(services.doc, operationId);
  if (names.size === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => names.has(key)));
}

const propertyCache = new WeakMap<object, Map<string, Set<string>>>();

function dataPropertyNames(doc: OpenApiDocument, operationId: string): Set<string> {
  const perDoc = propertyCache.get(doc) ?? new Map<string, Set<string>>();
  propertyCache.set(doc, perDoc);
  const cached = perDoc.get(operationId);
  if (cached) return cached;
  const ref = findOperation(doc, operationId);
  const response = schemaAt(doc, ref?.op.responses?.['200']);
  const schema = schemaAt(doc, response?.content?.['application/json']?.schema);
  const names = new Set<string>();
  const data = propertySchema(doc, schema, 'data');
  collectPropertyNames(doc, data, names, 0);
  perDoc.set(operationId, names);
  return names;
}

/** The node itself, or what its `$ref` chain leads to. */
function schemaAt(doc: OpenApiDocument, node: any): any {
  return deref(doc, node, '').value;
}

function propertySchema(doc: OpenApiDocument, schema: any, name: string): any {
  const resolved = schemaAt(doc, schema);
  if (!resolved) return undefined;
  if (resolved.properties?.[name]) return resolved.properties[name];
  for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    const found = propertySchema(doc, part, name);
    if (found) return found;
  }
  return undefined;
}

function collectPropertyNames(doc: OpenApiDocument, schema: any, into: Set<string>, depth: number): void {
  const resolved = schemaAt(doc, schema);
  if (!resolved || depth > 10) return;
  for (const key of Object.keys(resolved.properties ?? {})) into.add(key);
  for (const part of [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) collectPropertyNames(doc, part, into, depth + 1);
}
