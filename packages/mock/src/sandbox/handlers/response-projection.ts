// Answers a stored record in an operation's own form: the sandbox stores one form of a record, and keeps the
// fields the operation's success `data` schema lists (the MCP server read form has no tenantName, ...). The
// schema is walked once per spec and operation; its `$ref`s are followed by the spec model.
import { jsonContentOf, type SpecModel } from '@vendor/spec-model';
import { findOperation } from '../../spec/documented-examples.js';
import type { Body } from '../store/record-store.js';
import type { OperationId, SandboxServices } from './sandbox-handler.js';

export function projectTo(services: SandboxServices, operationId: OperationId, record: Body): Body {
  const names = dataPropertyNames(services.model, operationId);
  if (names.size === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => names.has(key)));
}

const propertyCache = new WeakMap<object, Map<string, Set<string>>>();

function dataPropertyNames(model: SpecModel, operationId: string): Set<string> {
  const perSpec = propertyCache.get(model) ?? new Map<string, Set<string>>();
  propertyCache.set(model, perSpec);
  const cached = perSpec.get(operationId);
  if (cached) return cached;
  const success = findOperation(model, operationId)?.successResponse;
  const schema = success && jsonContentOf(success.content)?.schema;
  const names = new Set<string>();
  const data = propertySchema(model, schema, 'data');
  collectPropertyNames(model, data, names, 0);
  perSpec.set(operationId, names);
  return names;
}

/** The parts of a schema that add properties to it. */
const partsOf = (schema: any): unknown[] => [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];

function propertySchema(model: SpecModel, schema: unknown, name: string): unknown {
  const resolved = model.resolve(schema);
  if (!resolved) return undefined;
  if (resolved.properties?.[name]) return resolved.properties[name];
  for (const part of partsOf(resolved)) {
    const found = propertySchema(model, part, name);
    if (found) return found;
  }
  return undefined;
}

function collectPropertyNames(model: SpecModel, schema: unknown, into: Set<string>, depth: number): void {
  const resolved = model.resolve(schema);
  if (!resolved || depth > 10) return;
  for (const key of Object.keys(resolved.properties ?? {})) into.add(key);
  for (const part of partsOf(resolved)) collectPropertyNames(model, part, into, depth + 1);
}
