// The operation table, built on the spec model: what it takes from the model, and the schema pointers it adds.
import { createSpecModel } from '@vendor/spec-model';
import { describe, expect, it } from 'vitest';
import { readOperations } from '../../src/spec/operation-table.js';
import fixture from '../fixtures/mini-spec.json' with { type: 'json' };

const operationsOf = (doc: any) => readOperations(createSpecModel(doc));

describe('readOperations', () => {
  it('reads shape, invalid-input status and body schema pointer of each operation', () => {
    const ops = operationsOf(structuredClone(fixture));
    expect(ops.map((o) => [o.operationId, o.errorShape, o.invalidInputStatus])).toEqual([
      ['createOrUpdateModelVersion', 'ml', 422],
      ['createOrUpdateMcpServer', 'control-plane', 400],
      ['getTeam', 'control-plane', 400],
      ['listAgentSessionTurns', 'gateway', 400],
    ]);
    expect(ops[1]).toMatchObject({ bodyRequired: true, bodySchemaPointer: '#/paths/~1api~1svc~1v1~1mcp/put/requestBody/content/application~1json/schema' });
    expect(ops[2]!.bodySchemaPointer).toBeUndefined();
  });

  it('carries the model\'s secured, destructive and idempotent, so no consumer asks the model again by id', () => {
    const doc: any = structuredClone(fixture);
    const model = createSpecModel(doc);
    const ops = readOperations(model);
    for (const op of ops) {
      const spec = model.operation(op.operationId);
      expect([op.secured, op.destructive, op.idempotent]).toEqual([spec.secured, spec.destructive, spec.idempotent]);
    }
    doc.paths['/api/svc/v1/teams/{id}'].get['x-destructive'] = true;
    doc.paths['/api/svc/v1/teams/{id}'].get['x-idempotent'] = false;
    doc.paths['/api/svc/v1/teams/{id}'].get.security = [];
    const changed = operationsOf(doc)[2]!;
    expect([changed.operationId, changed.secured, changed.destructive, changed.idempotent]).toEqual(['getTeam', false, true, false]);
  });

  it('takes the invalid-input status the model reads: a documented 422 before the shape default', () => {
    const doc: any = structuredClone(fixture);
    doc.paths['/api/svc/v1/teams/{id}'].get.responses['422'] = { description: 'invalid' };
    expect(operationsOf(doc)[2]!.invalidInputStatus).toBe(422);
  });

  it('follows a $ref request body to components/requestBodies', () => {
    const doc: any = structuredClone(fixture);
    doc.components.requestBodies = { Mv: doc.paths['/api/ml/v1/model-versions'].put.requestBody };
    doc.paths['/api/ml/v1/model-versions'].put.requestBody = { $ref: '#/components/requestBodies/Mv' };
    expect(operationsOf(doc)[0]!.bodySchemaPointer).toBe('#/components/requestBodies/Mv/content/application~1json/schema');
  });

  it('points at where a chain of $refs ends, for a response and a parameter', () => {
    const doc: any = structuredClone(fixture);
    const team = doc.paths['/api/svc/v1/teams/{id}'].get;
    Object.assign(doc.components.responses, { Team: team.responses['200'], TeamAlias: { $ref: '#/components/responses/Team' } });
    team.responses['200'] = { $ref: '#/components/responses/TeamAlias' };
    doc.components.parameters = { ...doc.components.parameters, TeamId: team.parameters[0], TeamIdAlias: { $ref: '#/components/parameters/TeamId' } };
    team.parameters[0] = { $ref: '#/components/parameters/TeamIdAlias' };
    const getTeam = operationsOf(doc)[2]!;
    expect(getTeam.responses.find((r) => r.status === '200')!.schemaPointer).toBe('#/components/responses/Team/content/application~1json/schema');
    expect(getTeam.parameters[0]!.schemaPointer).toBe('#/components/parameters/TeamId/schema');
  });

  it("points into another operation when a $ref leads there (a bundler's way of sharing an object)", () => {
    const doc: any = structuredClone(fixture);
    doc.paths['/api/svc/v1/teams/{id}'].get.responses['404'] = { $ref: '#/paths/~1api~1svc~1v1~1mcp/put/responses/400' };
    const getTeam = operationsOf(doc)[2]!;
    expect(getTeam.responses.find((r) => r.status === '404')!.schemaPointer).toBe('#/paths/~1api~1svc~1v1~1mcp/put/responses/400/content/application~1json/schema');
  });

  it('refuses an operation without a valid x-error-shape, naming it (the spec model checks it)', () => {
    const doc: any = structuredClone(fixture);
    doc.paths['/api/svc/v1/teams/{id}'].get['x-error-shape'] = 'nest';
    expect(() => operationsOf(doc)).toThrow(/getTeam \(GET \/api\/svc\/v1\/teams\/\{id\}\) needs x-error-shape: ml\|control-plane\|gateway/);
  });
});
