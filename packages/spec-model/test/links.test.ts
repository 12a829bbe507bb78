import { describe, expect, it } from 'vitest';
import { createSpecModel, evaluateRuntimeExpression, isSafeMethod, SpecModelError, type LinkSource } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const withLink = (link: Record<string, unknown>) =>
  documentWith({
    '/things': { put: operation('putThing', { responses: { '200': { description: 'ok', links: { ReadThing: link } } } }) },
    '/things/{id}': { get: operation('getThing') },
  });

describe('links', () => {
  it('reads a response link with its target, parameters and place', () => {
    const model = createSpecModel(withLink({ operationId: 'getThing', parameters: { id: '$response.body#/data/id' } }));
    const [link] = model.operation('putThing').responses[0]!.links;
    expect(link).toMatchObject({ name: 'ReadThing', operationId: 'getThing', parameters: { id: '$response.body#/data/id' }, requestBody: undefined });
    expect(link!.pointer).toBe('#/paths/~1things/put/responses/200/links/ReadThing');
    expect(model.operation('getThing').responses[0]!.links).toEqual([]);
  });

  it('refuses a link to an operation the document does not have, and one without an operationId', () => {
    expect(() => createSpecModel(withLink({ operationId: 'getNothing' }))).toThrow(/putThing: link ReadThing names no operation of the document \(getNothing\)/);
    expect(() => createSpecModel(withLink({ operationRef: '#/paths/~1things~1{id}/get' }))).toThrow(SpecModelError);
  });
});

describe('evaluateRuntimeExpression', () => {
  const source: LinkSource = {
    request: { path: { id: 'p1' }, query: { limit: '2' }, headers: { 'x-trace': 't' }, body: { name: 'n' } },
    response: { status: 200, headers: { location: '/things/7' }, body: { data: { id: 'abc', 'a/b': 1 } } },
  };

  it('reads bodies by JSON pointer, request parameters, response headers and the status', () => {
    expect(evaluateRuntimeExpression('$response.body#/data/id', source)).toBe('abc');
    expect(evaluateRuntimeExpression('$response.body#/data/a~1b', source)).toBe(1);
    expect(evaluateRuntimeExpression('$request.body', source)).toEqual({ name: 'n' });
    expect(evaluateRuntimeExpression('$request.path.id', source)).toBe('p1');
    expect(evaluateRuntimeExpression('$request.query.limit', source)).toBe('2');
    expect(evaluateRuntimeExpression('$response.header.Location', source)).toBe('/things/7');
    expect(evaluateRuntimeExpression('$statusCode', source)).toBe(200);
  });

  it('keeps constants, answers undefined for what is not there, and refuses what is no expression', () => {
    expect(evaluateRuntimeExpression('fixed', source)).toBe('fixed');
    expect(evaluateRuntimeExpression(3, source)).toBe(3);
    expect(evaluateRuntimeExpression('$response.body#/data/missing', source)).toBeUndefined();
    expect(() => evaluateRuntimeExpression('$url', source)).toThrow(SpecModelError);
  });
});

describe('isSafeMethod', () => {
  it('says which methods only read', () => {
    expect(['get', 'HEAD', 'options', 'trace'].map(isSafeMethod)).toEqual([true, true, true, true]);
    expect(['put', 'post', 'patch', 'delete'].map(isSafeMethod)).toEqual([false, false, false, false]);
  });
});
