// Sandbox test helpers: call an operation with a tenant's token and check every response against the spec.
import { jsonContentOf, responseFor } from '@vendor/spec-model';
import { expect } from 'vitest';
import type { RunningSandbox } from '../../src/index.js';
import { loadBundle, loadModel, schemaValidator, type SpecOperation } from '../helpers/spec.js';

export const doc = loadBundle();
export const model = loadModel(doc);
export const operations = model.operations;
const validatorAt = schemaValidator(model);
const ERROR_SCHEMA = { ml: '#/components/schemas/MlError', 'control-plane': '#/components/schemas/ControlPlaneError', gateway: '#/components/schemas/GatewayError' } as const;

export function operation(id: string): SpecOperation {
  return model.operation(id);
}

/** The first example value of the operation's request body, or the one named `name`. */
export function requestExample(id: string, name?: string): any {
  const examples = jsonContentOf(operation(id).requestBody!.content)!.examples;
  const example = name ? examples.find((e) => e.name === name) : examples[0];
  return structuredClone(example!.value);
}

/** The example of a parameter, by name. */
export function parameterExample(id: string, name: string): any {
  const param = operation(id).parameters.find((p) => p.name === name);
  if (!param) throw new Error(`${id} has no parameter ${name}`);
  return param.example;
}

/** Required headers of an operation (e.g. getFile's provider header), from their examples. */
function requiredHeaders(id: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of operation(id).parameters) {
    if (param.in === 'header' && param.required) headers[param.name] = String(param.example);
  }
  return headers;
}

export interface CallOptions {
  path?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * Calls an operation on a sandbox and asserts that the answer matches the spec: the schema the operation
 * documents for that status, or its error shape (x-error-shape) for a status it does not document.
 */
export async function call(base: string, id: string, options: CallOptions = {}): Promise<CallResult> {
  const entry = operation(id);
  let path = entry.path;
  for (const [name, value] of Object.entries(options.path ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = { ...requiredHeaders(id), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method: entry.method.toUpperCase(), headers };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const qs = query.toString();
  const res = await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, init);
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  expectMatchesSpec(entry, res.status, body);
  return { status: res.status, body, headers: res.headers };
}

export function expectMatchesSpec(entry: SpecOperation, status: number, body: unknown): void {
  // The model's answer: the listed response, or the one every secured operation can answer (401).
  const documented = responseFor(entry, status);
  let schema: object | string;
  if (documented) {
    schema = jsonContentOf(documented.content)!.schema;
  } else {
    expect(status, `${entry.operationId} answered ${status}, which it does not document, with ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
    schema = ERROR_SCHEMA[entry.errorShape];
  }
  const validate = validatorAt(schema);
  expect(validate(body), `${entry.operationId} ${status} ${JSON.stringify(body).slice(0, 400)}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

export type Sandbox = RunningSandbox;
