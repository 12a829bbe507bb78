// One test per kind of breaking change the gate must catch, and the changes it must let through.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BREAK_KINDS, compareSpecs } from '../src/compare.mjs';
import { baseDoc, type Doc } from './fixture';

const schemas = (doc: Doc) => doc.components.schemas;
function breaksAfter(change: (doc: Doc) => void) {
  const before = baseDoc();
  const after = baseDoc();
  change(after);
  return compareSpecs(before, after);
}
const kinds = (list: { kind: string }[]) => list.map((b) => b.kind);

const TEAM_200 = "$.paths['/teams/{id}'].get.responses['200'].content['application/json'].schema";
const PUT_BODY = "$.paths['/teams'].put.requestBody.content['application/json'].schema";

describe('the comparer', () => {
  test('finds nothing between a document and itself', () => {
    expect(compareSpecs(baseDoc(), baseDoc())).toEqual([]);
  });

  test('finds nothing between the released 0.1.0 contract and itself (real spec, recursive $refs)', () => {
    const file = path.resolve(__dirname, '../../../openapi/baseline/0.1.0.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(compareSpecs(doc, structuredClone(doc))).toEqual([]);
  });

  test('removed operation', () => {
    const breaks = breaksAfter((d) => delete d.paths['/teams/{id}'].get);
    expect(breaks).toEqual([
      { kind: 'removed-operation', path: "$.paths['/teams/{id}'].get", message: 'operation GET /teams/{id} (getTeam) removed' },
    ]);
  });

  test('removed parameter (operation-level and path-level)', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams'].get.parameters.splice(1, 1); // sort
      d.paths['/teams/{id}'].get.parameters = [];
    });
    expect(breaks.map((b) => [b.kind, b.path])).toEqual([
      ['removed-parameter', "$.paths['/teams'].get.parameters[?(@.name=='sort' && @.in=='query')]"],
      ['removed-parameter', "$.paths['/teams/{id}'].get.parameters[?(@.name=='X-Request-Id' && @.in=='header')]"],
    ]);
  });

  test('removed response field', () => {
    const breaks = breaksAfter((d) => delete schemas(d).Team.properties.size);
    // Team is returned by three operations: each reports it at its own path.
    expect(kinds(breaks)).toEqual(['removed-response-field', 'removed-response-field', 'removed-response-field']);
    expect(breaks.map((b) => b.path)).toContain(`${TEAM_200}.properties.size`);
    expect(breaks.map((b) => b.path)).toContain("$.paths['/teams'].get.responses['200'].content['application/json'].schema.items.properties.size");
    expect(breaks[0]).toMatchObject({ message: 'field size removed', via: '#/components/schemas/Team' });
  });

  test('response field no longer required', () => {
    const breaks = breaksAfter((d) => (schemas(d).Team.required = ['id']));
    expect(kinds(breaks)).toEqual(['response-field-optional', 'response-field-optional', 'response-field-optional']);
    expect(breaks[0]!.message).toBe('field name is no longer required (may be missing)');
  });

  test('removed enum value in a response', () => {
    const breaks = breaksAfter((d) => (schemas(d).Team.properties.status.enum = ['active']));
    expect(kinds(breaks)).toEqual(['removed-enum-value', 'removed-enum-value', 'removed-enum-value']);
    expect(breaks.find((b) => b.path === `${TEAM_200}.properties.status.enum`)?.message).toBe('enum value "archived" removed');
  });

  test('removed enum value in a request body and in a parameter', () => {
    const breaks = breaksAfter((d) => {
      schemas(d).TeamInput.properties.kind.enum = ['team'];
      d.paths['/teams'].get.parameters[1].schema.enum = ['name'];
    });
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toEqual([
      ['removed-enum-value', "$.paths['/teams'].get.parameters[?(@.name=='sort' && @.in=='query')].schema.enum", 'enum value "created" removed'],
      ['removed-enum-value', `${PUT_BODY}.properties.kind.enum`, 'enum value "group" removed'],
    ]);
  });

  test('changed const (a removed discriminator value) in a request variant', () => {
    const breaks = breaksAfter((d) => (schemas(d).BotManifest.properties.type.const = 'robot'));
    expect(breaks.map((b) => [b.kind, b.path])).toContainEqual([
      'removed-enum-value',
      `${PUT_BODY}.properties.manifest.oneOf[1].properties.type.const`,
    ]);
  });

  test('new required request field (a new field, and an optional one made required)', () => {
    const breaks = breaksAfter((d) => {
      const input = schemas(d).TeamInput;
      input.properties.owner = { type: 'string' };
      input.required = ['name', 'owner', 'kind'];
    });
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toEqual([
      ['new-required-request-field', `${PUT_BODY}.required`, 'field owner is now required (new field)'],
      ['new-required-request-field', `${PUT_BODY}.required`, 'field kind is now required'],
    ]);
  });

  test('new required parameter (a new one, and an optional one made required)', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams'].get.parameters[0].required = true;
      d.paths['/teams'].get.parameters.push({ name: 'tenant', in: 'query', required: true, schema: { type: 'string' } });
    });
    expect(breaks.map((b) => [b.kind, b.path])).toEqual([
      ['new-required-parameter', "$.paths['/teams'].get.parameters[?(@.name=='limit' && @.in=='query')].required"],
      ['new-required-parameter', "$.paths['/teams'].get.parameters[?(@.name=='tenant' && @.in=='query')]"],
    ]);
  });

  test('new required request body', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams/{id}'].get.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    });
    expect(kinds(breaks)).toEqual(['new-required-request-body']);
  });

  describe('narrowed limit', () => {
    test.each([
      ['maxLength lowered', (d: Doc) => (schemas(d).TeamInput.properties.name.maxLength = 40), `${PUT_BODY}.properties.name.maxLength`, 'maxLength 50 -> 40'],
      ['minLength raised', (d: Doc) => (schemas(d).TeamInput.properties.name.minLength = 4), `${PUT_BODY}.properties.name.minLength`, 'minLength 3 -> 4'],
      ['pattern changed', (d: Doc) => (schemas(d).TeamInput.properties.name.pattern = '^[a-z]+$'), `${PUT_BODY}.properties.name.pattern`, 'pattern /^[a-z][a-z0-9-]*$/ -> /^[a-z]+$/'],
      ['maximum lowered', (d: Doc) => (schemas(d).TeamInput.properties.size.maximum = 99), `${PUT_BODY}.properties.size.maximum`, 'maximum 100 -> 99'],
      ['minimum raised', (d: Doc) => (schemas(d).TeamInput.properties.size.minimum = 2), `${PUT_BODY}.properties.size.minimum`, 'minimum 1 -> 2'],
      ['new limit on a field', (d: Doc) => (schemas(d).TeamInput.properties.description.maxLength = 1000), `${PUT_BODY}.properties.description.maxLength`, 'maxLength (none) -> 1000'],
      ['parameter maximum lowered', (d: Doc) => (d.paths['/teams'].get.parameters[0].schema.maximum = 10), "$.paths['/teams'].get.parameters[?(@.name=='limit' && @.in=='query')].schema.maximum", 'maximum 25 -> 10'],
    ])('%s', (_name, change, where, message) => {
      // toMatchObject on an array also checks its length: exactly this one break.
      expect(breaksAfter(change)).toMatchObject([{ kind: 'narrowed-limit', path: where, message }]);
    });

    test('a narrowed limit in a response only is not a break (callers only read it)', () => {
      expect(breaksAfter((d) => (schemas(d).Team.properties.name.maxLength = 10))).toEqual([]);
    });
  });

  test('changed type in a response and in a request', () => {
    const breaks = breaksAfter((d) => {
      schemas(d).Team.properties.size.type = 'string';
      schemas(d).TeamInput.properties.size.type = 'string';
    });
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toContainEqual([
      'changed-type',
      `${TEAM_200}.properties.size.type`,
      'type integer -> string: may now return string',
    ]);
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toContainEqual([
      'changed-type',
      `${PUT_BODY}.properties.size.type`,
      'type integer -> string: no longer accepts integer',
    ]);
  });

  test('a response field that may now be null is a changed type', () => {
    const breaks = breaksAfter((d) => (schemas(d).Team.properties.name.type = ['string', 'null']));
    expect(kinds(breaks)).toEqual(['changed-type', 'changed-type', 'changed-type']);
  });

  describe('nullable wrappers (anyOf: [X, {type: null}])', () => {
    test('wrapping a response schema is one "may now return null", not every field of it removed', () => {
      const breaks = breaksAfter((d) => {
        schemas(d).Team.properties.manifest = { anyOf: [{ $ref: '#/components/schemas/TeamManifest' }, { type: 'null' }] };
      });
      // Team is returned by three responses (GET, PUT, the list items).
      expect(breaks.map((b) => [b.kind, b.message])).toEqual(Array(3).fill(['changed-type', 'may now return null']));
      expect(breaks.map((b) => b.path)).toContain(`${TEAM_200}.properties.manifest.anyOf`);
    });

    test('a change inside the wrapped schema is still found, at its path through the wrapper', () => {
      const breaks = breaksAfter((d) => {
        schemas(d).Team.properties.manifest = { anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/TeamManifest' }] };
        delete schemas(d).HumanManifest.properties.members;
      });
      const paths = breaks.filter((b) => b.kind === 'removed-response-field').map((b) => b.path);
      expect(paths).toContain(`${TEAM_200}.properties.manifest.anyOf[1].oneOf[0].properties.members`);
    });

    test('type: [X, null] and anyOf: [X, null] are the same schema', () => {
      const before = baseDoc();
      schemas(before).Team.properties.name.type = ['string', 'null'];
      schemas(before).TeamInput.properties.description.type = ['string', 'null'];
      const after = structuredClone(before);
      schemas(after).Team.properties.name = { anyOf: [{ type: 'string' }, { type: 'null' }] };
      schemas(after).TeamInput.properties.description = { anyOf: [{ type: 'string' }, { type: 'null' }] };
      expect(compareSpecs(before, after)).toEqual([]);
    });

    test('a request schema that accepts null is a widening; one that no longer does is a break', () => {
      const wrap = (d: Doc) => (schemas(d).TeamInput.properties.manifest = { anyOf: [{ $ref: '#/components/schemas/TeamManifest' }, { type: 'null' }] });
      expect(breaksAfter(wrap)).toEqual([]);
      const before = baseDoc();
      wrap(before);
      expect(compareSpecs(before, baseDoc())).toMatchObject([
        { kind: 'changed-type', path: `${PUT_BODY}.properties.manifest.type`, message: 'no longer accepts null' },
      ]);
    });
  });

  test('other breaks: operationId, server, success response, media type, header, variant, closed object', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams/{id}'].get.operationId = 'fetchTeam';
      d.paths['/teams/{id}'].servers = [{ url: 'https://gateway.example' }];
      delete d.paths['/teams/{id}'].get.responses['200'].headers;
      d.paths['/teams'].get.responses['201'] = d.paths['/teams'].get.responses['200'];
      delete d.paths['/teams'].get.responses['200'];
      d.components.responses.BadRequest.content = { 'application/problem+json': { schema: { type: 'object' } } };
      schemas(d).TeamManifest.oneOf.pop();
      schemas(d).HumanManifest.additionalProperties = false;
    });
    expect(new Set(kinds(breaks))).toEqual(
      new Set(['changed-operation-id', 'changed-server', 'removed-response-header', 'removed-response', 'removed-media-type', 'removed-variant', 'narrowed-limit']),
    );
    expect(breaks.find((b) => b.kind === 'removed-variant')).toMatchObject({
      path: `${PUT_BODY}.properties.manifest.oneOf[1]`,
      message: 'variant #/components/schemas/BotManifest removed',
    });
    for (const b of breaks) expect(BREAK_KINDS).toContain(b.kind);
  });

  test('non-breaking changes pass: new optional field, new operation, new optional parameter, additions and widenings', () => {
    const breaks = breaksAfter((d) => {
      schemas(d).TeamInput.properties.labels = { type: 'object', additionalProperties: { type: 'string' } };
      schemas(d).Team.properties.labels = { type: 'object', additionalProperties: { type: 'string' } };
      schemas(d).Team.properties.status.enum.push('deleted'); // new value in a response
      schemas(d).TeamInput.properties.kind.enum.push('org'); // new value in a request
      schemas(d).TeamInput.properties.name.maxLength = 60; // widened
      schemas(d).TeamInput.properties.size.minimum = 0; // widened
      schemas(d).TeamInput.properties.size.type = 'number'; // integer -> number accepts more
      schemas(d).TeamInput.required = []; // fewer required request fields
      schemas(d).Team.required = ['id', 'name', 'size']; // more required response fields
      schemas(d).TeamManifest.oneOf.push({ type: 'object', properties: { type: { const: 'service' } } });
      d.paths['/teams'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } });
      d.paths['/teams/{id}'].delete = { operationId: 'deleteTeam', responses: { '204': { description: 'Deleted' } } };
      d.paths['/teams/{id}'].get.responses['500'] = { $ref: '#/components/responses/BadRequest' };
      d.paths['/files/{id}'] = { get: { operationId: 'getFile', responses: { '200': { description: 'File' } } } };
      d.info.description = 'Now with files.';
    });
    expect(breaks).toEqual([]);
  });

  test('renaming a path template is not a removed operation, but its parameter name is reported', () => {
    const breaks = breaksAfter((d) => {
      d.paths['/teams/{teamId}'] = d.paths['/teams/{id}'];
      delete d.paths['/teams/{id}'];
      d.paths['/teams/{teamId}'].parameters = [{ name: 'teamId', in: 'path', required: true, schema: { type: 'string' } }];
    });
    expect(kinds(breaks)).toEqual(['removed-parameter', 'new-required-parameter']);
  });

  test('moving properties into allOf is not a change', () => {
    const breaks = breaksAfter((d) => {
      const { type, properties, required, additionalProperties } = schemas(d).TeamInput;
      const { name, ...rest } = properties;
      schemas(d).TeamInput = {
        additionalProperties,
        allOf: [{ $ref: '#/components/schemas/Named' }, { type, required, properties: rest }],
      };
      schemas(d).Named = { type: 'object', properties: { name } };
    });
    expect(breaks).toEqual([]);
  });
});
