// x-unique: the request body properties whose value the service refuses to see twice, read through $refs.
import { describe, expect, it } from 'vitest';
import { createSpecModel, uniqueBodyFields } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const document = documentWith(
  {
    '/groups': {
      post: operation('createGroup', {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Group' } } } },
        responses: { '200': { description: 'created' } },
      }),
      get: operation('listGroups', { responses: { '200': { description: 'a page' } } }),
    },
  },
  {
    components: {
      schemas: {
        Group: { type: 'object', properties: { name: { type: 'string', 'x-unique': true }, owner: { $ref: '#/components/schemas/Owner' }, note: { type: 'string' } } },
        Owner: { type: 'object', properties: { slug: { type: 'string', 'x-unique': true }, group: { $ref: '#/components/schemas/Group' } } },
      },
    },
  },
);

describe('uniqueBodyFields', () => {
  const model = createSpecModel(document);

  it('lists every marked property of the JSON request body, through $refs, without looping on a cycle', () => {
    expect(uniqueBodyFields(document, model.operation('createGroup'))).toEqual([['name'], ['owner', 'slug']]);
  });

  it('is empty for an operation without a request body', () => {
    expect(uniqueBodyFields(document, model.operation('listGroups'))).toEqual([]);
  });
});
