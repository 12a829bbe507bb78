// The operation-level breaks of compareSpecs (packages/breaking/src/compare.mjs) whose exact path and
// message compare.test.ts does not pin down.
import { describe, expect, test } from 'vitest';
import { compareSpecs } from '../src/compare.mjs';
import { baseDoc, type Doc } from './fixture';

const GET_TEAM = "$.paths['/teams/{id}'].get";
const PUT_TEAMS = "$.paths['/teams'].put";

function breaksAfter(change: (doc: Doc) => void) {
  const after = baseDoc();
  change(after);
  return compareSpecs(baseDoc(), after);
}

describe('operations', () => {
  test('a changed operationId names the client method it renames', () => {
    expect(breaksAfter((d) => (d.paths['/teams/{id}'].get.operationId = 'fetchTeam'))).toEqual([
      { kind: 'changed-operation-id', path: `${GET_TEAM}.operationId`, message: "operationId getTeam -> fetchTeam (the client's method name)" },
    ]);
  });

  test('a removed operationId', () => {
    expect(breaksAfter((d) => delete d.paths['/teams/{id}'].get.operationId)).toEqual([
      { kind: 'changed-operation-id', path: `${GET_TEAM}.operationId`, message: "operationId getTeam -> (none) (the client's method name)" },
    ]);
  });

  test('a server that no longer serves an operation (path-item servers override the document ones)', () => {
    expect(breaksAfter((d) => (d.paths['/teams/{id}'].servers = [{ url: 'https://gateway.example' }]))).toEqual([
      { kind: 'changed-server', path: `${GET_TEAM}.servers`, message: 'server https://{base_url} no longer serves GET /teams/{id} (getTeam)' },
    ]);
  });

  test('header parameter names ignore case', () => {
    expect(breaksAfter((d) => (d.paths['/teams/{id}'].get.parameters[0].name = 'x-request-id'))).toEqual([]);
  });

  test('a narrowed parameter schema is reported under the parameter', () => {
    expect(breaksAfter((d) => (d.components.parameters.TeamId.schema.maxLength = 24))).toEqual([
      { kind: 'narrowed-limit', path: `${GET_TEAM}.parameters[?(@.name=='id' && @.in=='path')].schema.maxLength`, message: 'maxLength (none) -> 24' },
    ]);
  });
});

describe('request bodies', () => {
  test('a removed request body', () => {
    expect(breaksAfter((d) => delete d.paths['/teams'].put.requestBody)).toEqual([
      { kind: 'removed-request-body', path: `${PUT_TEAMS}.requestBody`, message: 'request body removed' },
    ]);
  });

  test('a new required request body', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams/{id}'].get.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    });
    expect(breaks).toEqual([{ kind: 'new-required-request-body', path: `${GET_TEAM}.requestBody`, message: 'a request body is now required' }]);
  });

  test('an optional request body made required', () => {
    const before = baseDoc();
    before.paths['/teams'].put.requestBody.required = false;
    expect(compareSpecs(before, baseDoc())).toEqual([
      { kind: 'new-required-request-body', path: `${PUT_TEAMS}.requestBody.required`, message: 'the request body is now required' },
    ]);
  });

  test('a removed request media type', () => {
    const breaks = breaksAfter((d) => {
      const content = d.paths['/teams'].put.requestBody.content;
      content['application/yaml'] = content['application/json'];
      delete content['application/json'];
    });
    expect(breaks).toEqual([
      { kind: 'removed-media-type', path: `${PUT_TEAMS}.requestBody.content['application/json']`, message: 'request media type application/json removed' },
    ]);
  });
});

describe('responses', () => {
  test('a removed success response; a removed error response is no break', () => {
    const breaks = breaksAfter((d) => {
      delete d.paths['/teams/{id}'].get.responses['200'];
      delete d.paths['/teams/{id}'].get.responses['404'];
    });
    expect(breaks).toEqual([{ kind: 'removed-response', path: `${GET_TEAM}.responses['200']`, message: 'success response 200 removed' }]);
  });

  test('a removed response media type', () => {
    const breaks = breaksAfter((d) => {
      const content = d.components.responses.BadRequest.content;
      content['application/problem+json'] = content['application/json'];
      delete content['application/json'];
    });
    expect(breaks).toEqual([
      { kind: 'removed-media-type', path: `${PUT_TEAMS}.responses['400'].content['application/json']`, message: 'response media type application/json removed' },
      { kind: 'removed-media-type', path: `${GET_TEAM}.responses['404'].content['application/json']`, message: 'response media type application/json removed' },
    ]);
  });

  test('a removed response header', () => {
    expect(breaksAfter((d) => delete d.paths['/teams/{id}'].get.responses['200'].headers)).toEqual([
      { kind: 'removed-response-header', path: `${GET_TEAM}.responses['200'].headers['X-Rate-Limit']`, message: 'response header X-Rate-Limit removed' },
    ]);
  });

  test('response header names ignore case; the header schema is compared under the old name', () => {
    const breaks = breaksAfter((d) => {
      const response = d.paths['/teams/{id}'].get.responses['200'];
      response.headers = { 'x-rate-limit': { schema: { type: 'string' } } };
    });
    expect(breaks).toEqual([
      {
        kind: 'changed-type',
        path: `${GET_TEAM}.responses['200'].headers['X-Rate-Limit'].schema.type`,
        message: 'type integer -> string: may now return string',
      },
    ]);
  });
});
