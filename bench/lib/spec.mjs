// Reads the bundled OpenAPI document (packages/types/src/generated/openapi.json) and its named examples.
import { readFileSync } from 'node:fs';
import { bundlePath } from './paths.mjs';

let cached;
export function loadBundle() {
  cached ??= JSON.parse(readFileSync(bundlePath, 'utf8'));
  return cached;
}

export function deref(doc, node) {
  let current = node;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    current = pointer.reduce((n, key) => n?.[key], doc);
  }
  return current;
}

/** Every operation: { operationId, method, path, item, op, gateway }. */
export function listOperations(doc = loadBundle()) {
  const out = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
      const op = item[method];
      if (op?.operationId) out.push({ operationId: op.operationId, method, path: p, item, op, gateway: Boolean(item.servers) });
    }
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

export function findOperation(operationId, doc = loadBundle()) {
  const found = listOperations(doc).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`operation ${operationId} is not in ${bundlePath}`);
  return found;
}

/** The value of a named example of the request body (default: the first). */
export function requestExample(operationId, name, doc = loadBundle()) {
  const { op } = findOperation(operationId, doc);
  const media = deref(doc, op.requestBody)?.content?.['application/json'];
  const examples = media?.examples ?? {};
  const key = name ?? Object.keys(examples)[0];
  const example = deref(doc, examples[key]);
  if (!example) throw new Error(`${operationId} has no request example ${key}`);
  return structuredClone(example.value);
}

/** The first example of the first 2xx response (what the mock serves by default). */
export function responseExample(operationId, doc = loadBundle()) {
  const { op } = findOperation(operationId, doc);
  const status = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
  const media = deref(doc, op.responses[status])?.content?.['application/json'];
  const first = Object.values(media?.examples ?? {})[0];
  return { status: Number(status), body: structuredClone(deref(doc, first)?.value) };
}

/** Parameters of an operation (path-item level and operation level, dereferenced). */
export function parameters(entry, doc = loadBundle()) {
  const all = [...(entry.item.parameters ?? []), ...(entry.op.parameters ?? [])].map((p) => deref(doc, p));
  const byKey = new Map();
  for (const p of all) byKey.set(`${p.in}:${p.name}`, p);
  return [...byKey.values()];
}

export function parameterExample(param, doc = loadBundle()) {
  if (param.example !== undefined) return param.example;
  const named = Object.values(param.examples ?? {})[0];
  if (named) return deref(doc, named).value;
  const schema = deref(doc, param.schema) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return 'x';
}
