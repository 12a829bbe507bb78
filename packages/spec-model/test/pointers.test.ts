// Every part the model returns says where it is: its own place (`pointer`, the end of a `$ref` chain) and, for a
// part an operation may name by `$ref`, the place the operation names it (`usedAt`).
import { describe, expect, it } from 'vitest';
import { canonicalPointer, childPointer, createSpecModel, getAtPointer } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const document = documentWith({
  '/teams/{id}': {
    parameters: [{ $ref: '#/components/parameters/TeamId' }, { name: 'trace', in: 'header' }],
    get: operation('getTeam', {
      parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }, { name: 'trace', in: 'header', schema: { type: 'string' } }],
      requestBody: { $ref: '#/components/requestBodies/Alias' },
      responses: {
        '200': {
          description: 'ok',
          headers: { 'X-Rate': { $ref: '#/components/headers/Rate' } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Team' }, examples: { one: { $ref: '#/components/examples/One' }, two: { value: 2 } } } },
        },
        '404': { $ref: '#/components/responses/AliasOfNotFound' },
      },
    }),
  },
  '/shared': { $ref: '#/components/pathItems/Shared' },
}, {
  components: {
    parameters: { TeamId: { name: 'id', in: 'path', schema: { type: 'string' } } },
    requestBodies: { Alias: { $ref: '#/components/requestBodies/Team' }, Team: { content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': {} } } },
    responses: { AliasOfNotFound: { $ref: '#/components/responses/NotFound' }, NotFound: { description: 'missing' } },
    headers: { Rate: { schema: { type: 'integer' } } },
    examples: { One: { value: 1 } },
    schemas: { Team: { type: 'object' } },
    pathItems: { Shared: { post: operation('createShared') } },
  },
});
const model = createSpecModel(document);
const team = model.operation('getTeam');
const OPERATION = '#/paths/~1teams~1{id}/get';

describe('pointers of the parts of an operation', () => {
  it('an operation is where its object is written, under its path item’s target when the path item is a $ref', () => {
    expect(team.pointer).toBe(OPERATION);
    expect(model.operation('createShared').pointer).toBe('#/components/pathItems/Shared/post');
    for (const operation of model.operations) expect(getAtPointer(document, operation.pointer)).toBe(operation.definition);
  });

  it('a parameter: its place of use in the path item’s or the operation’s list, and the object’s own place', () => {
    const [id, trace, limit] = team.parameters;
    expect(id).toMatchObject({ name: 'id', usedAt: '#/paths/~1teams~1{id}/parameters/0', pointer: '#/components/parameters/TeamId' });
    expect(id!.schemaPointer).toBe('#/components/parameters/TeamId/schema');
    // The operation's trace replaces the path item's, in the path item's place, with its own pointers.
    expect(trace).toMatchObject({ name: 'trace', usedAt: `${OPERATION}/parameters/1`, pointer: `${OPERATION}/parameters/1`, schemaPointer: `${OPERATION}/parameters/1/schema` });
    expect(limit).toMatchObject({ name: 'limit', usedAt: `${OPERATION}/parameters/0`, pointer: `${OPERATION}/parameters/0` });
  });

  it('a parameter without a schema has no schema pointer (its schema reads as {})', () => {
    const bare = createSpecModel(documentWith({ '/x': { get: operation('x', { parameters: [{ name: 'q', in: 'query' }] }) } })).operation('x').parameters[0]!;
    expect(bare.schema).toEqual({});
    expect(bare.schemaPointer).toBeUndefined();
  });

  it('a request body through a chain of $refs: used at the operation, written at the end of the chain', () => {
    expect(team.requestBody).toMatchObject({ usedAt: `${OPERATION}/requestBody`, pointer: '#/components/requestBodies/Team' });
    const [json, text] = team.requestBody!.content;
    expect(json).toMatchObject({ pointer: '#/components/requestBodies/Team/content/application~1json', schemaPointer: '#/components/requestBodies/Team/content/application~1json/schema' });
    expect(text!.schemaPointer).toBeUndefined();
  });

  it('responses, their contents, headers and examples', () => {
    const [ok, notFound] = team.responses;
    expect(ok).toMatchObject({ status: '200', usedAt: `${OPERATION}/responses/200`, pointer: `${OPERATION}/responses/200` });
    expect(notFound).toMatchObject({ status: '404', usedAt: `${OPERATION}/responses/404`, pointer: '#/components/responses/NotFound' });
    const content = ok!.content[0]!;
    expect(content.pointer).toBe(`${OPERATION}/responses/200/content/application~1json`);
    // The schema pointer is where the media type names its schema: the $ref itself, for a validator to follow.
    expect(content.schemaPointer).toBe(`${content.pointer}/schema`);
    expect(getAtPointer(document, content.schemaPointer!)).toEqual({ $ref: '#/components/schemas/Team' });
    expect(content.examples.map(({ name, usedAt, pointer }) => ({ name, usedAt, pointer }))).toEqual([
      { name: 'one', usedAt: `${content.pointer}/examples/one`, pointer: '#/components/examples/One' },
      { name: 'two', usedAt: `${content.pointer}/examples/two`, pointer: `${content.pointer}/examples/two` },
    ]);
    expect(ok!.headers[0]).toMatchObject({ name: 'X-Rate', usedAt: `${OPERATION}/responses/200/headers/X-Rate`, pointer: '#/components/headers/Rate', schemaPointer: '#/components/headers/Rate/schema' });
  });
});

describe('writing pointers', () => {
  it('childPointer escapes each token; canonicalPointer gives one spelling for every spelling of a place', () => {
    expect(childPointer('#', 'paths', '/teams/{id}', 'get', 0)).toBe('#/paths/~1teams~1{id}/get/0');
    expect(childPointer('#/a', 'm~n')).toBe('#/a/m~0n');
    expect(canonicalPointer('#/paths/~1teams~1%7Bid%7D')).toBe('#/paths/~1teams~1{id}');
    expect(canonicalPointer('/components/schemas/a~1b')).toBe('#/components/schemas/a~1b');
    expect(canonicalPointer('#')).toBe('#');
  });
});
