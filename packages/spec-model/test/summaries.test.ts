// operationSummaries: the one record of an operation the client generator, the docs, the bench and the mock take.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSpecModel, operationSummaries } from '../src/index.js';
import { documentWith, GATEWAY, operation } from './documents.js';

const document = documentWith({
  '/teams/{id}': {
    get: operation('getTeam', { tags: ['Teams'], summary: ' Get a team ', responses: { '200': { description: 'ok' }, '404': { description: 'no' }, '4XX': { description: 'range' } } }),
    delete: operation('deleteTeam', { 'x-idempotent': false, security: [{ bearer: [] }], responses: { '204': { description: 'gone' }, '409': { description: 'busy' }, default: { description: 'other' } } }),
  },
  '/v1/chat': { servers: GATEWAY, post: operation('chat', { 'x-error-shape': 'gateway', 'x-destructive': false, deprecated: true, 'x-sunset': '2027-01-31' }) },
});

describe('operationSummaries', () => {
  it('lists every operation in document order, or by operationId', () => {
    const model = createSpecModel(document);
    expect(operationSummaries(model).map((summary) => summary.operationId)).toEqual(['getTeam', 'deleteTeam', 'chat']);
    expect(operationSummaries(model, 'operationId').map((summary) => summary.operationId)).toEqual(['chat', 'deleteTeam', 'getTeam']);
  });

  it('carries what each consumer needs, read by the model', () => {
    const model = createSpecModel(document);
    const [getTeam, deleteTeam, chat] = operationSummaries(model);
    expect(getTeam).toMatchObject({
      method: 'get', path: '/teams/{id}', addressSpace: 'controlPlane', secured: false, destructive: false, idempotent: true,
      errorShape: 'control-plane', invalidInputStatus: 400, pagination: undefined, errorStatuses: [404], successStatus: 200,
      tags: ['Teams'], summary: ' Get a team ', deprecated: false, sunset: undefined,
    });
    expect(deleteTeam).toMatchObject({ secured: true, destructive: true, idempotent: false, errorStatuses: [409], successStatus: 204 });
    expect(chat).toMatchObject({ addressSpace: 'gateway', errorShape: 'gateway', destructive: false, deprecated: true, sunset: '2027-01-31', servers: GATEWAY });
    expect(chat!.operation).toBe(model.operation('chat'));
  });

  it('names the secured responses among the error statuses (the real contract: 401 for every secured operation)', () => {
    const bundlePath = path.resolve(__dirname, '../../types/src/generated/openapi.json');
    const model = createSpecModel(JSON.parse(readFileSync(bundlePath, 'utf8')));
    const summaries = operationSummaries(model);
    expect(summaries).toHaveLength(model.operations.length);
    for (const summary of summaries) {
      expect(summary.operation).toBe(model.operation(summary.operationId));
      expect(summary.errorStatuses.includes(401), summary.operationId).toBe(summary.secured);
    }
  });
});
