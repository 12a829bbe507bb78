// Small inline documents for the tests: a valid operation, changed one field at a time.
import type { JsonObject } from '../src/index.js';

export const CONTROL_PLANE = [{ url: 'https://{base_url}' }];
export const GATEWAY = [{ url: '{scheme}://{gateway_base_url}' }];

/** An operation that follows every convention; `fields` adds or replaces some. */
export function operation(operationId: string, fields: JsonObject = {}): JsonObject {
  return {
    operationId,
    'x-idempotent': true,
    'x-error-shape': 'control-plane',
    responses: { '200': { description: 'ok' } },
    ...fields,
  };
}

/** A document with the control plane as its servers and these path items. */
export function documentWith(paths: JsonObject, extra: JsonObject = {}): JsonObject {
  return { openapi: '3.1.0', info: { title: 'T', version: '1' }, servers: CONTROL_PLANE, paths, ...extra };
}
