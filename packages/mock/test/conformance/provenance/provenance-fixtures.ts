// Shared by the proxy report and provenance check tests: a small spec of things, and CheckedExchange objects built
// by hand (no network, no proxy).
import { readTables, type ContractTables } from '../../../src/contract/contract.js';
import { createSpecModel, type OpenApiDocument } from '@vendor/spec-model';
import type { CheckedExchange, Finding } from '../../../src/conformance/checking/checked-exchange.js';
import { readOperations, type MockOperation } from '../../../src/spec/operation-table.js';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const errorResponse = (description: string) => ({ description, ...json({ $ref: '#/components/schemas/Error' }) });

/**
 * Two operations and exactly two markers, both `assumption`: the enumeration of a thing's `status` and the
 * `size` field. `Thing.parent` refers back to Thing, so the walk must stop at the recursion.
 */
export function thingsSpec(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          'x-idempotent': true,
          'x-error-shape': 'control-plane',
          parameters: [{ name: 'limit', in: 'query', required: false, schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'A page of things.', ...json({ $ref: '#/components/schemas/ThingPage' }) },
            '401': errorResponse('No token.'),
          },
        },
        post: {
          operationId: 'createThing',
          'x-idempotent': false,
          'x-error-shape': 'control-plane',
          requestBody: { required: true, ...json({ $ref: '#/components/schemas/NewThing' }) },
          responses: {
            '201': { description: 'Created.', ...json({ $ref: '#/components/schemas/Thing' }) },
            '400': errorResponse('Invalid body.'),
          },
        },
      },
    },
    components: {
      schemas: {
        ThingPage: {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
        },
        Thing: {
          type: 'object',
          required: ['id', 'status'],
          properties: {
            id: { type: 'string' },
            status: {
              type: 'string',
              enum: ['active', 'retired'],
              'x-provenance': 'assumption',
              'x-provenance-note': 'The values the console shows.',
            },
            size: { type: 'integer', 'x-provenance': 'assumption' },
            parent: { $ref: '#/components/schemas/Thing' },
          },
        },
        NewThing: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, password: { type: 'string', minLength: 20 } },
        },
        Error: {
          type: 'object',
          required: ['statusCode', 'message'],
          properties: { statusCode: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  };
}

/** The contract's tables of `doc`, read as contract/ reads them: what the checks are handed. */
export function tablesOf(doc: OpenApiDocument): ContractTables {
  return { doc, ...readTables(doc) };
}

export function operationsOf(doc: OpenApiDocument): MockOperation[] {
  return readOperations(createSpecModel(doc));
}

export function operationNamed(operations: readonly MockOperation[], operationId: string): MockOperation {
  const found = operations.find((operation) => operation.operationId === operationId);
  if (found === undefined) throw new Error(`no operation ${operationId}`);
  return found;
}

/** An exchange of `operation` (undefined: a path the spec does not have) with nothing in it but what `parts` says. */
export function exchangeOf(operation: MockOperation | undefined, parts: Partial<CheckedExchange> = {}): CheckedExchange {
  return {
    operation,
    method: operation?.method.toUpperCase() ?? 'GET',
    path: operation?.path ?? '/nowhere',
    query: new URLSearchParams(),
    requestHeaders: {},
    requestBody: { kind: 'none' },
    status: 200,
    responseHeaders: {},
    responseBody: { kind: 'none' },
    findings: [],
    durationMs: 1,
    ...parts,
  };
}

/** A finding as the proxy core writes one: the message names the place and the rule, never the value. */
export function finding(operation: MockOperation | undefined, direction: Finding['direction'], path: string, rule: string): Finding {
  return { operationId: operation?.operationId ?? null, direction, path, rule, message: `${path} breaks ${rule}` };
}
