import { describe, expect, it } from 'vitest';
import { createSpecModel, SpecModelError, type JsonObject } from '../src/index.js';
import { documentWith, operation } from './documents.js';

const query = (name: string) => ({ name, in: 'query', schema: { type: 'string' } });

/** A list operation whose pages are `{ data: [...], pagination: { next_page_token, total } }`. */
function listDocument(xPagination: unknown, fields: JsonObject = {}): JsonObject {
  return documentWith({
    '/sessions/{sessionId}/turns': {
      get: operation('listTurns', {
        parameters: [{ name: 'sessionId', in: 'path', schema: { type: 'string' } }, query('limit'), query('page_token'), query('offset')],
        responses: { '200': { description: 'a page', content: { 'application/json': { schema: { $ref: '#/components/schemas/TurnPage' } } } } },
        'x-pagination': xPagination,
        ...fields,
      }),
    },
  }, {
    components: {
      schemas: {
        TurnPage: {
          type: 'object',
          allOf: [{ $ref: '#/components/schemas/Envelope' }],
          properties: { pagination: { anyOf: [{ $ref: '#/components/schemas/Links' }, { type: 'null' }] } },
        },
        Envelope: { type: 'object', properties: { data: { type: ['array', 'null'], items: { type: 'object' } } } },
        Links: { type: 'object', properties: { next_page_token: { type: ['string', 'null'] }, total: { type: 'integer' } } },
      },
    },
  });
}

const pageToken = { style: 'page-token', tokenParameter: 'page_token', limitParameter: 'limit', nextTokenAt: 'pagination.next_page_token', itemsAt: 'data' };
const offset = { style: 'offset', offsetParameter: 'offset', limitParameter: 'limit', totalAt: 'pagination.total', itemsAt: 'data' };
const paginationOf = (xPagination: unknown, fields?: JsonObject) => createSpecModel(listDocument(xPagination, fields)).operation('listTurns').pagination;

describe('x-pagination', () => {
  it('reads a page-token style, with its property paths split and its iterator named after the operation', () => {
    expect(paginationOf(pageToken)).toEqual({
      style: 'page-token',
      tokenParameter: 'page_token',
      limitParameter: 'limit',
      nextTokenAt: ['pagination', 'next_page_token'],
      itemsAt: ['data'],
      iteratorName: 'iterateTurns',
    });
  });

  it('reads an offset style', () => {
    expect(paginationOf(offset)).toEqual({
      style: 'offset',
      offsetParameter: 'offset',
      limitParameter: 'limit',
      totalAt: ['pagination', 'total'],
      itemsAt: ['data'],
      iteratorName: 'iterateTurns',
    });
  });

  it('an operation without x-pagination does not page, even with a page_token parameter', () => {
    expect(paginationOf(undefined)).toBeUndefined();
  });

  it('names the iterator iterate + the operationId, without a list prefix only when there is one', () => {
    const iteratorOf = (operationId: string) => {
      const document = listDocument(pageToken);
      document.paths['/sessions/{sessionId}/turns'].get.operationId = operationId;
      return createSpecModel(document).operation(operationId).pagination?.iteratorName;
    };
    expect(iteratorOf('listAgentSessionTurns')).toBe('iterateAgentSessionTurns');
    expect(iteratorOf('searchTeams')).toBe('iterateSearchTeams');
    expect(iteratorOf('listings')).toBe('iterateListings');
  });
});

describe('a malformed x-pagination fails with one message naming the operation and the field', () => {
  const label = 'listTurns (GET /sessions/{sessionId}/turns)';
  const messageOf = (xPagination: unknown, fields?: JsonObject) => {
    try {
      paginationOf(xPagination, fields);
    } catch (error) {
      expect(error).toBeInstanceOf(SpecModelError);
      return (error as Error).message;
    }
    throw new Error('expected the model to refuse this x-pagination');
  };

  it.each([
    ['not an object', 'page-token', `${label} x-pagination must be an object with a style (page-token|offset)`],
    ['an unknown style', { ...pageToken, style: 'cursor' }, `${label} x-pagination.style must be page-token|offset, got "cursor"`],
    ['a field of the other style', { ...pageToken, totalAt: 'pagination.total' }, `${label} x-pagination.totalAt is not a field of style page-token (fields: tokenParameter, limitParameter, nextTokenAt, itemsAt)`],
    ['a missing field', { ...offset, totalAt: undefined }, `${label} x-pagination.totalAt is required for style offset`],
    ['a missing page size parameter', { ...pageToken, limitParameter: undefined }, `${label} x-pagination.limitParameter is required for style page-token`],
    ['a parameter the operation does not have', { ...pageToken, tokenParameter: 'cursor' }, `${label} x-pagination.tokenParameter: "cursor" is not a query parameter of the operation (its query parameters: limit, page_token, offset)`],
    ['a path parameter', { ...offset, offsetParameter: 'sessionId' }, `${label} x-pagination.offsetParameter: "sessionId" is not a query parameter of the operation (its query parameters: limit, page_token, offset)`],
    ['a path that is not dotted names', { ...pageToken, itemsAt: 'data..items' }, `${label} x-pagination.itemsAt must be a dotted property path such as data or pagination.total, got "data..items"`],
    ['a path the response body does not have', { ...pageToken, nextTokenAt: 'pagination.next' }, `${label} x-pagination.nextTokenAt: the success response body has no property pagination.next`],
    ['items that are not an array', { ...pageToken, itemsAt: 'pagination.total' }, `${label} x-pagination.itemsAt: pagination.total is not an array in the success response body`],
  ])('%s', (_, xPagination, message) => {
    expect(messageOf(xPagination)).toBe(message);
  });

  it('an operation without a JSON success response', () => {
    expect(messageOf(pageToken, { responses: { '204': { description: 'none' } } })).toBe(
      `${label} x-pagination needs a 2xx response with a JSON body, where the pages are read from`,
    );
  });
});
