// The named schema checks of packages/breaking/src/checks/, one describe per module, for what
// compare.test.ts and wrappers.test.ts leave open. Each test asserts the exact breaks: kind, JSON
// path, message and component, and their number.
import { describe, expect, test } from 'vitest';
import { compareSpecs } from '../../src/compare.mjs';
import { baseDoc, type Doc } from '../fixture';

const schemas = (doc: Doc) => doc.components.schemas;
const TEAM = '#/components/schemas/Team';
const TEAM_INPUT = '#/components/schemas/TeamInput';
const HUMAN_MANIFEST = '#/components/schemas/HumanManifest';
const PUT_BODY = "$.paths['/teams'].put.requestBody.content['application/json'].schema";
/** Team is returned by three operations; their breaks come in document order. */
const TEAM_RESPONSES = [
  "$.paths['/teams'].get.responses['200'].content['application/json'].schema.items",
  "$.paths['/teams'].put.responses['200'].content['application/json'].schema",
  "$.paths['/teams/{id}'].get.responses['200'].content['application/json'].schema",
];

function breaksAfter(change: (doc: Doc) => void) {
  const after = baseDoc();
  change(after);
  return compareSpecs(baseDoc(), after);
}

function breaksBetween(changeBefore: (doc: Doc) => void, changeAfter: (doc: Doc) => void) {
  const before = baseDoc();
  const after = baseDoc();
  changeBefore(before);
  changeAfter(after);
  return compareSpecs(before, after);
}

/** The break once in the request body (TeamInput), at a path below its schema. */
const inRequestBody = (below: string, kind: string, message: string, via = TEAM_INPUT) => [{ kind, path: `${PUT_BODY}${below}`, message, via }];
/** The break once per response that returns Team, at a path below Team. */
const inTeamResponses = (below: string, kind: string, message: string, via = TEAM) => TEAM_RESPONSES.map((at) => ({ kind, path: `${at}${below}`, message, via }));

describe('types (checks/types.mjs)', () => {
  test('a request schema that becomes false accepts nothing', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.description = false))).toEqual(
      inRequestBody('.properties.description', 'changed-type', 'schema no longer accepts any value'),
    );
  });

  test('a response schema that was false may now return values', () => {
    expect(breaksBetween((d) => (schemas(d).Team.properties.size = false), () => {})).toEqual(
      inTeamResponses('.properties.size', 'changed-type', 'schema may now return values'),
    );
  });

  test('a request schema that becomes true accepts more: no break', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.description = true))).toEqual([]);
  });

  test('a request field without a type that now declares one', () => {
    expect(breaksBetween((d) => (schemas(d).TeamInput.properties.description = {}), () => {})).toEqual(
      inRequestBody('.properties.description.type', 'changed-type', 'type now restricted to string'),
    );
  });

  test('declaring the type of a request field its enum already restricted is no break', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.description = { enum: ['a'] }),
      (d) => (schemas(d).TeamInput.properties.description = { type: 'string', enum: ['a'] }),
    );
    expect(breaks).toEqual([]);
  });

  test('a response field that no longer declares its type may return anything', () => {
    expect(breaksAfter((d) => (schemas(d).Team.properties.size = {}))).toEqual(
      inTeamResponses('.properties.size.type', 'changed-type', 'type integer no longer declared: any value may be returned'),
    );
  });

  test('a typed response value replaced by a union of the same type is no break', () => {
    expect(breaksAfter((d) => (schemas(d).Team.properties.size = { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'integer', maximum: -10 }] }))).toEqual([]);
  });

  test('a response type list that gains null', () => {
    expect(breaksAfter((d) => (schemas(d).Team.properties.name.type = ['string', 'null']))).toEqual(
      inTeamResponses('.properties.name.type', 'changed-type', 'type string -> [string, null]: may now return null'),
    );
  });

  test('a new format on a request field', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.description.format = 'email'))).toEqual(
      inRequestBody('.properties.description.format', 'changed-type', 'format (none) -> email'),
    );
  });

  test('a format dropped from a response field', () => {
    expect(breaksAfter((d) => delete schemas(d).Team.properties.createdAt.format)).toEqual(
      inTeamResponses('.properties.createdAt.format', 'changed-type', 'format date-time -> (none)'),
    );
  });

  test('a new format on a response field, or one dropped from a request field, is no break', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.description.format = 'email'),
      (d) => (schemas(d).Team.properties.name.format = 'hostname'),
    );
    expect(breaks).toEqual([]);
  });
});

describe('nullability (checks/nullability.mjs)', () => {
  test('a oneOf wrapper with annotations, null first, is reported at its keyword, in the component it wraps', () => {
    const breaks = breaksAfter((d) => {
      schemas(d).Team.properties.manifest = { description: 'The manifest, if any.', oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/TeamManifest' }] };
    });
    // The old schema was the $ref itself: the change is located in the component it named.
    expect(breaks).toEqual(inTeamResponses('.properties.manifest.oneOf', 'changed-type', 'may now return null', '#/components/schemas/TeamManifest'));
  });

  test('a wrapper of two null branches is not a nullable wrapper: its variants are compared', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.description = { anyOf: [{ type: 'null' }, { type: 'null' }] }),
      (d) => (schemas(d).TeamInput.properties.description = { anyOf: [{ type: 'null' }] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.description.anyOf[1]', 'removed-variant', 'variant 1 removed'));
  });
});

describe('enums (checks/enums.mjs)', () => {
  const open = (values: string[]) => ({ anyOf: [{ type: 'string', enum: values }, { type: 'string' }] });

  test('a request field newly restricted to an enum', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.description.enum = ['a', 'b']))).toEqual(
      inRequestBody('.properties.description.enum', 'narrowed-limit', 'now restricted to "a", "b"'),
    );
  });

  test('a request field newly restricted to a const', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.description.const = 'x'))).toEqual(
      inRequestBody('.properties.description.const', 'narrowed-limit', 'now restricted to "x"'),
    );
  });

  test('a response field newly restricted to an enum is no break', () => {
    expect(breaksAfter((d) => (schemas(d).Team.properties.name.enum = ['a']))).toEqual([]);
  });

  test('several removed values are one break', () => {
    expect(breaksAfter((d) => (schemas(d).TeamInput.properties.kind.enum = []))).toEqual(
      inRequestBody('.properties.kind.enum', 'removed-enum-value', 'enum values "team", "group" removed'),
    );
  });

  test('opening a response enumeration is reported at its anyOf', () => {
    expect(breaksAfter((d) => (schemas(d).Team.properties.status = open(['active', 'archived'])))).toEqual(
      inTeamResponses('.properties.status.anyOf', 'changed-type', 'enumeration opened: may now return values outside the known list'),
    );
  });

  test('an enumeration open before and after: its known values are compared, wherever the branch moved', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).Team.properties.status = open(['active', 'archived'])),
      (d) => (schemas(d).Team.properties.status = { anyOf: [{ type: 'string' }, { type: 'string', enum: ['active'] }] }),
    );
    expect(breaks).toEqual(inTeamResponses('.properties.status.anyOf[1].enum', 'removed-enum-value', 'enum value "archived" removed'));
  });

  test('closing a request enumeration is a narrowed limit', () => {
    expect(breaksBetween((d) => (schemas(d).TeamInput.properties.kind = open(['team', 'group'])), () => {})).toEqual(
      inRequestBody('.properties.kind', 'narrowed-limit', 'enumeration closed: values outside the known list are no longer accepted'),
    );
  });

  test('closing a response enumeration with the same values is no break', () => {
    expect(breaksBetween((d) => (schemas(d).Team.properties.status = open(['active', 'archived'])), () => {})).toEqual([]);
  });
});

describe('limits (checks/limits.mjs), in requests', () => {
  const members = '.properties.manifest.oneOf[0].properties.members';
  test.each([
    ['a new exclusiveMaximum', (d: Doc) => (schemas(d).TeamInput.properties.size.exclusiveMaximum = 100), '.properties.size.exclusiveMaximum', 'exclusiveMaximum (none) -> 100', TEAM_INPUT],
    ['a new maxProperties', (d: Doc) => (schemas(d).TeamInput.maxProperties = 3), '.maxProperties', 'maxProperties (none) -> 3', TEAM_INPUT],
    ['a new maxItems', (d: Doc) => (schemas(d).HumanManifest.properties.members.maxItems = 10), `${members}.maxItems`, 'maxItems (none) -> 10', HUMAN_MANIFEST],
    ['a new minItems', (d: Doc) => (schemas(d).HumanManifest.properties.members.minItems = 1), `${members}.minItems`, 'minItems (none) -> 1', HUMAN_MANIFEST],
    ['a new pattern', (d: Doc) => (schemas(d).TeamInput.properties.description.pattern = '^x'), '.properties.description.pattern', 'pattern (none) -> /^x/', TEAM_INPUT],
    ['a new multipleOf', (d: Doc) => (schemas(d).TeamInput.properties.size.multipleOf = 5), '.properties.size.multipleOf', 'multipleOf (none) -> 5', TEAM_INPUT],
    ['items made unique', (d: Doc) => (schemas(d).HumanManifest.properties.members.uniqueItems = true), `${members}.uniqueItems`, 'items must now be unique', HUMAN_MANIFEST],
    ['additionalProperties: false', (d: Doc) => (schemas(d).HumanManifest.additionalProperties = false), '.properties.manifest.oneOf[0].additionalProperties', 'no longer accepts unknown properties', HUMAN_MANIFEST],
    ['unevaluatedProperties: false', (d: Doc) => (schemas(d).TeamInput.unevaluatedProperties = false), '.unevaluatedProperties', 'no longer accepts unknown properties', TEAM_INPUT],
  ])('%s', (_name, change, below, message, via) => {
    expect(breaksAfter(change)).toEqual(inRequestBody(below, 'narrowed-limit', message, via));
  });

  test('a multipleOf that old multiples do not meet', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.size.multipleOf = 4),
      (d) => (schemas(d).TeamInput.properties.size.multipleOf = 6),
    );
    expect(breaks).toEqual(inRequestBody('.properties.size.multipleOf', 'narrowed-limit', 'multipleOf 4 -> 6'));
  });

  test('a multipleOf that divides the old one accepts every old value: no break', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.size.multipleOf = 6),
      (d) => (schemas(d).TeamInput.properties.size.multipleOf = 3),
    );
    expect(breaks).toEqual([]);
  });
});

describe('properties (checks/properties.mjs)', () => {
  test('a removed request field', () => {
    expect(breaksAfter((d) => delete schemas(d).TeamInput.properties.description)).toEqual(
      inRequestBody('.properties.description', 'removed-request-field', 'field description removed'),
    );
  });

  test('a readOnly request field may go, or become required: the caller never sends it', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.id = { type: 'string', readOnly: true }),
      (d) => {
        schemas(d).TeamInput.properties.createdBy = { type: 'string', readOnly: true };
        schemas(d).TeamInput.required.push('createdBy');
      },
    );
    expect(breaks).toEqual([]);
  });

  test('a writeOnly response field may go: the server never returns it (control: without writeOnly it is a break)', () => {
    const secret = (writeOnly: boolean) => (d: Doc) => (schemas(d).Team.properties.secret = { type: 'string', writeOnly });
    expect(breaksBetween(secret(true), () => {})).toEqual([]);
    expect(breaksBetween(secret(false), () => {})).toEqual(inTeamResponses('.properties.secret', 'removed-response-field', 'field secret removed'));
  });
});

describe('nested schemas (checks/nested-schemas.mjs)', () => {
  test('array items', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.tags = { type: 'array', items: { type: 'string' } }),
      (d) => (schemas(d).TeamInput.properties.tags = { type: 'array', items: { type: 'string', maxLength: 10 } }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.tags.items.maxLength', 'narrowed-limit', 'maxLength (none) -> 10'));
  });

  test('tuple items, position by position (positions past the new tuple are not compared)', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.pair = { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] }),
      (d) => (schemas(d).TeamInput.properties.pair = { type: 'array', prefixItems: [{ type: 'string', maxLength: 5 }] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.pair.prefixItems[0].maxLength', 'narrowed-limit', 'maxLength (none) -> 5'));
  });

  test('the schema of additional properties', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.labels = { type: 'object', additionalProperties: { type: 'string' } }),
      (d) => (schemas(d).TeamInput.properties.labels = { type: 'object', additionalProperties: { type: 'string', maxLength: 9 } }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.labels.additionalProperties.maxLength', 'narrowed-limit', 'maxLength (none) -> 9'));
  });
});

describe('variants (checks/variants.mjs)', () => {
  const email = { type: 'object', properties: { kind: { const: 'email' }, address: { type: 'string' } } };
  const phone = (number: object) => ({ type: 'object', properties: { kind: { const: 'phone' }, number } });

  test('inline branches are matched by their const discriminator, not their position', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.contact = { oneOf: [email, phone({ type: 'string' })] }),
      (d) => (schemas(d).TeamInput.properties.contact = { oneOf: [phone({ type: 'string', maxLength: 15 }), email] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.contact.oneOf[0].properties.number.maxLength', 'narrowed-limit', 'maxLength (none) -> 15'));
  });

  test('a removed inline request variant is named by its discriminator, at its old position', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.contact = { oneOf: [email, phone({ type: 'string' })] }),
      (d) => (schemas(d).TeamInput.properties.contact = { oneOf: [phone({ type: 'string' })] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.contact.oneOf[0]', 'removed-variant', 'variant kind="email" removed'));
  });

  test('branches without $ref or const are matched by position (anyOf as oneOf)', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.value = { anyOf: [{ type: 'string' }, { type: 'integer' }] }),
      (d) => (schemas(d).TeamInput.properties.value = { anyOf: [{ type: 'string' }] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.value.anyOf[1]', 'removed-variant', 'variant 1 removed'));
  });

  test('a variant removed from a response is no break (the server sends one kind fewer)', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).Team.properties.contact = { oneOf: [email, phone({ type: 'string' })] }),
      (d) => (schemas(d).Team.properties.contact = { oneOf: [email] }),
    );
    expect(breaks).toEqual([]);
  });
});

describe('allOf members are merged before the checks (flatten-all-of.mjs)', () => {
  test('the stricter limit of the members wins, reported at the schema itself', () => {
    const breaks = breaksBetween(
      (d) => (schemas(d).TeamInput.properties.description = { type: 'string', maxLength: 40 }),
      (d) => (schemas(d).TeamInput.properties.description = { allOf: [{ type: 'string', maxLength: 50 }, { maxLength: 30 }] }),
    );
    expect(breaks).toEqual(inRequestBody('.properties.description.maxLength', 'narrowed-limit', 'maxLength 40 -> 30'));
  });

  test('enums intersect', () => {
    const breaks = breaksAfter((d) => (schemas(d).TeamInput.properties.kind = { allOf: [{ type: 'string', enum: ['team', 'group'] }, { enum: ['team'] }] }));
    expect(breaks).toEqual(inRequestBody('.properties.kind.enum', 'removed-enum-value', 'enum value "group" removed'));
  });

  test('types intersect (an integer is also a number)', () => {
    const breaks = breaksAfter((d) => (schemas(d).TeamInput.properties.size = { allOf: [{ type: ['integer', 'string'], minimum: 1, maximum: 100 }, { type: 'number' }] }));
    expect(breaks).toEqual([]);
  });
});
