// The comparer reads through the spellings that "responses liberal" introduced, so widening a response
// is reported as exactly that (a changed type at the field), never as a removed field, and a real
// narrowing hiding inside a wrapper is still found.
import { describe, expect, test } from 'vitest';
import { compareSpecs } from '../src/compare.mjs';
import { baseDoc, type Doc } from './fixture';

const TEAM_200 = "$.paths['/teams/{id}'].get.responses['200'].content['application/json'].schema";
const PUT_BODY = "$.paths['/teams'].put.requestBody.content['application/json'].schema";

function breaksAfter(change: (doc: Doc) => void) {
  const after = baseDoc();
  change(after);
  return compareSpecs(baseDoc(), after);
}
const at = (list: { path: string }[], prefix: string) => list.filter((b) => b.path.startsWith(prefix));

describe('nullable wrapper anyOf: [X, {type: null}]', () => {
  test('a response $ref field wrapped as nullable is one changed-type "may now return null", not removed fields', () => {
    const breaks = at(breaksAfter((d) => {
      d.components.schemas.Team.properties.manifest = { anyOf: [{ $ref: '#/components/schemas/TeamManifest' }, { type: 'null' }] };
    }), `${TEAM_200}.properties.manifest`);
    expect(breaks.map((b) => [b.kind, b.message])).toEqual([['changed-type', 'may now return null']]);
  });

  test('a narrowing inside the wrapped schema is still reported', () => {
    const breaks = breaksAfter((d) => {
      const name = { type: 'string', minLength: 3, maxLength: 20, pattern: '^[a-z][a-z0-9-]*$' };
      d.components.schemas.TeamInput.properties.name = { anyOf: [name, { type: 'null' }] };
    });
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toContainEqual(['narrowed-limit', `${PUT_BODY}.properties.name.anyOf[0].maxLength`, 'maxLength 50 -> 20']);
  });

  test('a request field that stops accepting null is a break', () => {
    const before = baseDoc();
    before.components.schemas.TeamInput.properties.manifest = { anyOf: [{ $ref: '#/components/schemas/TeamManifest' }, { type: 'null' }] };
    const breaks = compareSpecs(before, baseDoc());
    expect(breaks.map((b) => [b.kind, b.path, b.message])).toContainEqual(['changed-type', `${PUT_BODY}.properties.manifest.type`, 'no longer accepts null']);
  });
});

describe('open enumeration anyOf: [{type: string, enum}, {type: string}]', () => {
  const open = (values: string[]) => ({ anyOf: [{ type: 'string', enum: values }, { type: 'string' }] });

  test('opening a response enum is reported once; the known values are compared too', () => {
    const breaks = at(breaksAfter((d) => {
      d.components.schemas.Team.properties.status = open(['active']);
    }), `${TEAM_200}.properties.status`);
    expect(breaks.map((b) => b.kind).sort()).toEqual(['changed-type', 'removed-enum-value']);
    expect(breaks.find((b) => b.kind === 'changed-type')!.message).toMatch(/enumeration opened/);
  });

  test('opening a request enum accepts more and is no break', () => {
    const breaks = breaksAfter((d) => {
      d.components.schemas.TeamInput.properties.kind = open(['team', 'group']);
    });
    expect(at(breaks, `${PUT_BODY}.properties.kind`)).toEqual([]);
  });
});

describe('a typed response value replaced by a union', () => {
  test('boolean -> oneOf of objects says what may now be returned', () => {
    const breaks = at(breaksAfter((d) => {
      d.components.schemas.Team.properties.size = { oneOf: [{ type: 'object', properties: { n: { type: 'integer' } } }] };
    }), `${TEAM_200}.properties.size`);
    expect(breaks.map((b) => [b.kind, b.message])).toEqual([['changed-type', 'type integer -> one of object: may now return object']]);
  });
});
