// The first success example of an operation: the envelope the sandbox fills with stored records. Looked up
// once per spec and operation (a GET should not pay for reading examples), and frozen, because every
// response shares it.
import { findOperation, successExamples } from '../../spec/documented-examples.js';
import { deepFreeze } from '../deep-freeze.js';
import type { OperationId, SandboxServices } from './sandbox-handler.js';

const templates = new WeakMap<object, Map<string, unknown>>();

export function templateOf(services: SandboxServices, operationId: OperationId): any {
  let perSpec = templates.get(services.model);
  if (perSpec === undefined) {
    perSpec = new Map();
    templates.set(services.model, perSpec);
  }
  if (!perSpec.has(operationId)) {
    const operation = findOperation(services.model, operationId);
    const example = operation ? successExamples(operation)[0] : undefined;
    perSpec.set(operationId, deepFreeze(structuredClone(example)));
  }
  return perSpec.get(operationId);
}
