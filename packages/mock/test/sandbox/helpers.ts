// Sandbox test helpers: call an operation with a tenant's token and check every response against the spec.
import { expect } from 'vitest';
import type { RunningSandbox } from '../../src/index.js';
import { deref, loadBundle, operationsOf, schemaValidator, type SpecOperation } from '../helpers/spec.js';

export const doc = loadBundle();
export const operations = operationsOf(doc);
const validatorAt = schemaValidator(doc);
const ERROR_SCHEMA = { ml: '#/components/schemas/MlError', 'control-plane': '#/components/schemas/ControlPlaneError', gateway: '#/components/schemas/GatewayError' } as const;

export function operation(id: string): SpecOperation {
  const found = operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id} in the bundle`);
  return found;
}

/** The first example value of the operation's request body. */
export function requestExample(id: string, name?: string): any {
  const media = deref(doc, operation(id).op.requestBody).content['application/json'];
  const example = name ? media.examples[name] : Object.values<any>(media.examples)[0];
  return structuredClone(deref(doc, example).value);
}

/** The example of a parameter, by name. */
export function parameterExample(id: string, name: string): any {
  const param = (operation(id).op.parameters ?? []).map((p: unknown) => deref(doc, p)).find((p: any) => p.name === name);
  if (!param) throw new Error(`${id} has no parameter ${name}`);
  return param.example;
}

/** Required headers of an operation (e.g. getFile's provider header), from their examples. */
function requiredHeaders(id: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of (operation(id).op.parameters ?? []).map((p: unknown) => deref(doc, p))) {
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
  const documented = entry.op.responses[String(status)];
  const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  let pointer: string;
  if (documented) {
    pointer = documented.$ref
      ? `${documented.$ref}/content/application~1json/schema`
      : `#/paths/${esc(entry.path)}/${entry.method}/responses/${status}/content/application~1json/schema`;
  } else {
    expect(status, `${entry.operationId} answered ${status}, which it does not document, with ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
    pointer = ERROR_SCHEMA[entry.op['x-error-shape'] as keyof typeof ERROR_SCHEMA];
  }
  const validate = validatorAt(pointer);
  expect(validate(body), `${entry.operationId} ${status} ${JSON.stringify(body).slice(0, 400)}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

export type Sandbox = RunningSandbox;
