// The first success example of an operation: the envelope the sandbox fills with stored records. Looked up
// once per document and operation (finding it walks the spec, which a GET should not pay for), and frozen,
// because every response shares it.
import { findOperation, successExamples } from '../../spec/documented-examples.js';
import { deepFreeze } from '../deep-freeze.js';
import type { OperationId, SandboxServices } from './sandbox-handler.js';

const templates = new WeakMap<object, Map<string, unknown>>();

export function templateOf(services: SandboxServices, operationId: OperationId): any {
  let perDoc = templates.get(services.doc);
  if (perDoc === undefined) {
    perDoc = new Map();
    templates.set(services.doc, perDoc);
  }
  if (!perDoc.has(operationId)) {
    const ref = findOperation(services.doc, operationId);
    const example = ref ? successExamples(services.doc, ref)[0] : undefined;
    perDoc.set(operationId, deepFreeze(structuredClone(example)));
  }
  return perDoc.get(operationId);
}
