// The checks behind liberal-responses.test.ts, on a small fixture: a document that follows the rule
// passes every check, and each kind of violation is reported at its JSON pointer.
import { describe, expect, test } from 'vitest';
import { liberalFixture } from './fixtures/liberal';
import {
  buildInstance,
  closedEnumsInResponses,
  closedObjectsInResponses,
  instanceCount,
  openEnumsInRequests,
  openRequestBodies,
  optionalPropertiesRejectingNull,
  realShapedInstances,
  replaceAt,
  responseUses,
  UNKNOWN_ENUM_VALUE,
  UNKNOWN_PROPERTY,
  validatorsFor,
  wrongTypesAccepted,
  wrongValueFor,
} from './lib/liberal';

type Doc = Record<string, any>;

function petInstances(document: Doc) {
  const use = responseUses(document).find((u) => u.label === 'getPet 200')!;
  const count = instanceCount(document, use.schema, use.location);
  return Array.from({ length: count }, (_, k) => buildInstance(document, use.schema, use.location, k));
}

describe('a document that follows the rule', () => {
  const document = liberalFixture();

  test('passes every structural check', () => {
    expect(optionalPropertiesRejectingNull(document)).toEqual([]);
    expect(closedEnumsInResponses(document)).toEqual([]);
    expect(closedObjectsInResponses(document)).toEqual([]);
    expect(openEnumsInRequests(document)).toEqual([]);
    expect(openRequestBodies(document)).toEqual([]);
  });

  test('real-shaped instances: null in optional fields, unknown enum values and properties, every variant', () => {
    const instances = petInstances(document);
    expect(instances).toHaveLength(3); // the widest union, Details, has three variants
    const validate = validatorsFor(document)({ $ref: '#/components/schemas/PetResponse' });
    for (const { value } of instances) expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    const [first] = instances.map((i) => i.value.data);
    expect(first).toMatchObject({ species: UNKNOWN_ENUM_VALUE, color: null, born_at: null, owner: null, tags: null, labels: null, name: 'github-tools' });
    expect(first[UNKNOWN_PROPERTY]).toBe('zz');
    expect(instances.map((i) => i.value.data.details.kind)).toEqual(['cat', 'dog', 'fish']);
    expect(instances[2]!.value.data.details.water).toBe(UNKNOWN_ENUM_VALUE);
    expect(instances[0]!.value.data.details.lives).toBeNull();
  });

  test('the second set fills the optional nullable fields, so the schemas behind them are built too', () => {
    const use = responseUses(document).find((u) => u.label === 'getPet 200')!;
    const instances = realShapedInstances(document, use);
    expect(instances.map((i) => i.name)).toEqual([
      'instance 0 (optional fields null)',
      'instance 1 (optional fields null)',
      'instance 2 (optional fields null)',
      'instance 0 (optional fields filled)',
      'instance 1 (optional fields filled)',
      'instance 2 (optional fields filled)',
    ]);
    const filled = instances[3]!.value.data;
    expect(filled).toMatchObject({ owner: { email: 'user@example.com', age: 1 }, born_at: '2026-01-02T03:04:05Z', color: UNKNOWN_ENUM_VALUE, tags: ['example'] });
    expect(filled.labels).toEqual({ 'zz-map-key': 'example', [UNKNOWN_PROPERTY]: 'zz' });
    const validate = validatorsFor(document)({ $ref: '#/components/schemas/PetResponse' });
    for (const { name, value } of instances) expect(validate(value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  test('error bodies keep their required fields typed and null in the optional ones', () => {
    const use = responseUses(document).find((u) => u.label === 'getPet 404')!;
    const { value } = buildInstance(document, use.schema, use.location, 0);
    expect(value).toMatchObject({ statusCode: 1, message: 'example', code: null, details: null });
  });

  test('each typed value swapped for another JSON type is rejected', () => {
    const validate = validatorsFor(document)({ $ref: '#/components/schemas/PetResponse' });
    const paths = new Set<string>();
    for (const { value, slots } of petInstances(document)) {
      for (const slot of slots) {
        const original = slot.path.reduce((node: any, s) => node[s], value);
        const wrong = wrongValueFor(original, slot.accepts);
        if (wrong === undefined) continue;
        paths.add(slot.path.join('/'));
        expect(validate(replaceAt(value, slot.path, wrong)), `${slot.path.join('/')} = ${JSON.stringify(wrong)}`).toBe(false);
      }
    }
    for (const p of ['data/id', 'data/born_at', 'data/species', 'data/details/lives', 'data/details/kind', 'data/tags', '']) expect(paths).toContain(p);
  });
});

describe('each violation is reported', () => {
  function violating(change: (d: Doc) => void): Doc {
    const document = liberalFixture();
    change(document);
    return document;
  }
  const schemas = (d: Doc) => d.components.schemas;

  test('an optional response field that rejects null', () => {
    const document = violating((d) => (schemas(d).Owner.properties.age.type = 'integer'));
    expect(optionalPropertiesRejectingNull(document)).toEqual(['#/components/schemas/Owner/properties/age']);
  });

  test('an optional field of an allOf member counts as required when the parent requires it', () => {
    // Named.name is optional in Named, but Pet requires it: no null needed.
    expect(schemas(liberalFixture()).Named.properties.name).toEqual({ $ref: '#/components/schemas/PetName' });
    const document = violating((d) => (schemas(d).Pet.required = []));
    expect(optionalPropertiesRejectingNull(document)).toEqual(['#/components/schemas/Named/properties/name']);
  });

  test('a closed enumeration in a response', () => {
    const document = violating((d) => (schemas(d).Species = { type: 'string', enum: ['cat', 'dog'] }));
    expect(closedEnumsInResponses(document)).toEqual(['#/components/schemas/Species [cat, dog]']);
  });

  test('an "open" enumeration whose other branch is not a plain string counts as closed', () => {
    const document = violating((d) => (schemas(d).Species.anyOf[1] = { type: 'string', minLength: 3 }));
    expect(closedEnumsInResponses(document)).toEqual(['#/components/schemas/Species/anyOf/0 [cat, dog]']);
  });

  test('an open enumeration in a request (body and parameter)', () => {
    const document = violating((d) => {
      schemas(d).PetRequest.properties.species = { $ref: '#/components/schemas/Species' };
      d.paths['/pets/{id}'].get.parameters[0].schema = { anyOf: [{ type: 'string', enum: ['full'] }, { type: 'string' }] };
    });
    expect(openEnumsInRequests(document)).toEqual([
      '#/components/schemas/Species (putPet request body)',
      '#/paths/~1pets~1{id}/get/parameters/0/schema (getPet query parameter view)',
    ]);
  });

  test('a response object that refuses unknown properties', () => {
    const document = violating((d) => (schemas(d).Owner.additionalProperties = false));
    expect(closedObjectsInResponses(document)).toEqual([
      '#/components/schemas/Owner/additionalProperties (getPet 200)',
      '#/components/schemas/Owner/additionalProperties (putPet 200)',
    ]);
  });

  test('a request body that accepts unknown properties', () => {
    const document = violating((d) => delete schemas(d).PetRequest.additionalProperties);
    expect(openRequestBodies(document)).toEqual(['#/components/schemas/PetRequest (putPet request body)']);
  });

  test('a response schema too strict for real payloads fails validation of the built instance', () => {
    const document = violating((d) => (schemas(d).Pet.allOf[1].properties.born_at.type = 'string'));
    const validate = validatorsFor(document)({ $ref: '#/components/schemas/PetResponse' });
    const [first] = petInstances(document);
    // The instance has a date where null is not allowed, so it stays valid; the structural check names the field.
    expect(validate(first!.value)).toBe(true);
    expect(optionalPropertiesRejectingNull(document)).toEqual([`${'#/components/schemas/Pet/allOf/1/properties/born_at'}`]);
  });

  test('a pattern without a sample string fails loudly, naming the pattern and where it is', () => {
    const document = violating((d) => (schemas(d).PetName.pattern = '^[A-Z]{2}$'));
    expect(() => petInstances(document)).toThrow(/No sample string for pattern \/\^\[A-Z\]\{2\}\$\/ at #\/components\/schemas\/PetName/);
  });

  test('a lenient union branch that accepts any object lets wrong types through', () => {
    // A "lenient read view" written as anyOf: [...variants, {type: object}] no longer checks the variants' types.
    const document = violating((d) => (schemas(d).Details = { anyOf: [...schemas(d).Details.oneOf, { type: 'object' }] }));
    const use = responseUses(document).find((u) => u.label === 'getPet 200')!;
    const { accepted } = wrongTypesAccepted(document, use);
    expect(accepted.join('\n')).toContain('instance 0 (optional fields null) /data/details/lives: "x" accepted where integer|null is declared');
    expect(accepted.join('\n')).toContain('instance 0 (optional fields filled) /data/details/lives: "1" accepted where integer|null is declared');
    expect(wrongTypesAccepted(liberalFixture(), use).accepted).toEqual([]);
  });
});
