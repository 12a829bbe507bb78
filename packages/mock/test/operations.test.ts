import { describe, expect, it } from 'vitest';
import { invalidInputStatusOf, readOperations } from '../src/spec/operation-table.js';
import fixture from './fixtures/mini-spec.json' with { type: 'json' };

describe('invalidInputStatusOf (ARCHITECTURE.md "Invalid-input status")', () => {
  it('takes 400 before 422, then falls back by shape', () => {
    expect(invalidInputStatusOf({ '200': {}, '400': {}, '422': {} }, 'ml')).toBe(400);
    expect(invalidInputStatusOf({ '200': {}, '422': {} }, 'control-plane')).toBe(422);
    expect(invalidInputStatusOf({ '200': {} }, 'ml')).toBe(422);
    expect(invalidInputStatusOf({ '200': {} }, 'control-plane')).toBe(400);
    expect(invalidInputStatusOf({ '200': {} }, 'gateway')).toBe(400);
  });
});

describe('readOperations', () => {
  it('reads shape, invalid-input status and body schema pointer of each operation', () => {
    const ops = readOperations(structuredClone(fixture));
    expect(ops.map((o) => [o.operationId, o.errorShape, o.invalidInputStatus])).toEqual([
      ['createOrUpdateModelVersion', 'ml', 422],
      ['createOrUpdateMcpServer', 'control-plane', 400],
      ['getTeam', 'control-plane', 400],
      ['listAgentSessionTurns', 'gateway', 400],
    ]);
    expect(ops[1]).toMatchObject({ bodyRequired: true, bodySchemaPointer: '#/paths/~1api~1svc~1v1~1mcp/put/requestBody/content/application~1json/schema' });
    expect(ops[2]!.bodySchemaPointer).toBeUndefined();
  });

  it('follows a $ref request body to components/requestBodies', () => {
    const doc: any = structuredClone(fixture);
    doc.components.requestBodies = { Mv: doc.paths['/api/ml/v1/model-versions'].put.requestBody };
    doc.paths['/api/ml/v1/model-versions'].put.requestBody = { $ref: '#/components/requestBodies/Mv' };
    expect(readOperations(doc)[0]!.bodySchemaPointer).toBe('#/components/requestBodies/Mv/content/application~1json/schema');
  });

  it('refuses an operation without a valid x-error-shape, naming it', () => {
    const doc: any = structuredClone(fixture);
    doc.paths['/api/svc/v1/teams/{id}'].get['x-error-shape'] = 'nest';
    expect(() => readOperations(doc)).toThrow(/GET \/api\/svc\/v1\/teams\/\{id\}: x-error-shape must be one of ml, control-plane, gateway/);
  });
});
