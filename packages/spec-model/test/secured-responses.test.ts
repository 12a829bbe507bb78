import { describe, expect, it } from 'vitest';
import { answerableStatuses, createSpecModel, responseFor, SpecModelError } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const unauthorized = (shape: string) => ({ description: `401 ${shape}`, content: { 'application/json': { schema: { type: 'object' } } } });

/** Three error shapes, each a component response, named by `x-secured-responses` for 401. */
function securedDocument(paths: Record<string, any>, extra: Record<string, any> = {}) {
  return documentWith(paths, {
    security: [{ jwt: [] }],
    components: { responses: { MlUnauthorized: unauthorized('ml'), CpUnauthorized: unauthorized('control-plane'), GwUnauthorized: unauthorized('gateway') } },
    'x-secured-responses': {
      '401': {
        ml: { $ref: '#/components/responses/MlUnauthorized' },
        'control-plane': { $ref: '#/components/responses/CpUnauthorized' },
        gateway: { $ref: '#/components/responses/GwUnauthorized' },
      },
    },
    ...extra,
  });
}

describe('x-secured-responses: statuses every secured operation can answer', () => {
  const model = createSpecModel(securedDocument({
    '/unlisted': { get: operation('unlisted', { 'x-error-shape': 'gateway', responses: { '200': { description: 'ok' }, '404': { description: 'gone' } } }) },
    '/listed': { get: operation('listed', { responses: { '200': { description: 'ok' }, '401': { description: 'own 401' } } }) },
    '/public': { get: operation('public', { security: [] }) },
    '/optional': { get: operation('optional', { security: [{}, { jwt: [] }] }) },
    '/ranged': { get: operation('ranged', { 'x-error-shape': 'ml', responses: { '200': { description: 'ok' }, '4XX': { description: 'client error' } } }) },
  }));

  it('lends a secured operation that does not list the status the response of its own error shape, with both places', () => {
    const unlisted = model.operation('unlisted');
    expect(unlisted.secured).toBe(true);
    expect(unlisted.securedResponses).toHaveLength(1);
    expect(unlisted.securedResponses[0]).toMatchObject({
      status: '401',
      description: '401 gateway',
      pointer: '#/components/responses/GwUnauthorized',
      usedAt: '#/x-secured-responses/401/gateway',
    });
    expect(model.securedStatuses).toEqual([401]);
  });

  it('responseFor answers 401 with it, and still says nothing for statuses nobody documents', () => {
    const unlisted = model.operation('unlisted');
    expect(responseFor(unlisted, 401)).toBe(unlisted.securedResponses[0]);
    expect(responseFor(unlisted, 403)).toBeUndefined();
    expect(answerableStatuses(unlisted)).toEqual(['200', '404', '401']);
  });

  it('an operation that lists the status keeps its own response', () => {
    const listed = model.operation('listed');
    expect(listed.securedResponses).toEqual([]);
    expect(responseFor(listed, 401)?.description).toBe('own 401');
  });

  it('an exact secured status wins over a documented range, in the operation’s shape', () => {
    expect(responseFor(model.operation('ranged'), 401)?.description).toBe('401 ml');
    expect(responseFor(model.operation('ranged'), 409)?.description).toBe('client error');
  });

  it('an operation without security, or with an optional credential, is lent nothing', () => {
    expect(model.operation('public')).toMatchObject({ secured: false, securedResponses: [] });
    expect(model.operation('optional')).toMatchObject({ secured: false, securedResponses: [] });
    expect(responseFor(model.operation('public'), 401)).toBeUndefined();
  });

  it('a document without the extension lends nothing', () => {
    const plain = createSpecModel(documentWith({ '/a': { get: operation('a') } }, { security: [{ jwt: [] }] }));
    expect(plain.operation('a').securedResponses).toEqual([]);
    expect(plain.securedStatuses).toEqual([]);
  });

  it('names the field of a malformed extension', () => {
    const broken = (secured: unknown) => () => createSpecModel(securedDocument({ '/a': { get: operation('a') } }, { 'x-secured-responses': secured }));
    expect(broken({ '200': {} })).toThrow('x-secured-responses.200: a status must be a 3-digit 4xx or 5xx status');
    expect(broken({ '401': { ml: { $ref: '#/components/responses/MlUnauthorized' } } })).toThrow('x-secured-responses.401 names no response for the error shape control-plane');
    expect(broken({ '401': { soap: {} } })).toThrow('x-secured-responses.401.soap is not an error shape');
    expect(broken([])).toThrow(SpecModelError);
  });
});
