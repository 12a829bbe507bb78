import { describe, expect, it } from 'vitest';
import { OpenApi30Error, toOpenApi30 } from '../src/openapi-30.js';

const documentWith = (schemas: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1', summary: 's', license: { name: 'MIT', identifier: 'MIT' } },
  paths: {},
  components: { schemas },
  ...extra,
});

const schemasOf = (schemas: Record<string, unknown>) => toOpenApi30(documentWith(schemas)).document.components.schemas;

describe('toOpenApi30', () => {
  it('labels the document 3.0.3 and drops info.summary and the license identifier, saying so', () => {
    const { document, renderings } = toOpenApi30(documentWith({}));
    expect(document.openapi).toBe('3.0.3');
    expect(document.info).toEqual({ title: 't', version: '1', license: { name: 'MIT' } });
    expect(renderings).toEqual(['license-identifier', 'info-summary']);
  });

  it("writes type: [X, 'null'] as nullable, const as a one-value enum, schema examples as example", () => {
    expect(schemasOf({ A: { type: ['string', 'null'], const: 'x', examples: ['x', 'y'] } }).A).toEqual({ type: 'string', nullable: true, enum: ['x'], example: 'x' });
  });

  it('turns a null branch into nullable: allOf for a lone $ref, a merge (null in its enum) for a lone inline branch, nullable beside a wider union', () => {
    const out = schemasOf({
      Ref: { description: 'd', anyOf: [{ $ref: '#/components/schemas/B' }, { type: 'null' }] },
      Inline: { anyOf: [{ type: 'string', const: 'a' }, { type: 'null' }] },
      Wide: { anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }] },
      B: { type: 'object' },
    });
    expect(out.Ref).toEqual({ description: 'd', allOf: [{ $ref: '#/components/schemas/B' }], nullable: true });
    expect(out.Inline).toEqual({ type: 'string', enum: ['a', null], nullable: true });
    expect(out.Wide).toEqual({ anyOf: [{ type: 'integer' }, { type: 'string' }], nullable: true });
  });

  it('moves keywords beside a schema $ref into an allOf, and numeric exclusive bounds into the 3.0 booleans', () => {
    const out = schemasOf({ A: { $ref: '#/components/schemas/B', description: 'd' }, N: { type: 'integer', exclusiveMinimum: 0 }, B: { type: 'object' } });
    expect(out.A).toEqual({ description: 'd', allOf: [{ $ref: '#/components/schemas/B' }] });
    expect(out.N).toEqual({ type: 'integer', minimum: 0, exclusiveMinimum: true });
  });

  it('leaves examples and extensions as data, even where they look like schemas', () => {
    const example = { type: ['string', 'null'], const: 1 };
    expect(schemasOf({ A: { type: 'object', example, 'x-note': example } }).A).toEqual({ type: 'object', example, 'x-note': example });
  });

  it('refuses what 3.0 cannot carry, naming the place', () => {
    expect(() => schemasOf({ A: { type: ['integer', 'string'] } })).toThrow(new OpenApi30Error('#/components/schemas/A/type: the list ["integer","string"] has no 3.0 form (write an anyOf of one type each)'));
    expect(() => schemasOf({ A: { type: 'array', prefixItems: [] } })).toThrow(/#\/components\/schemas\/A\/prefixItems: OpenAPI 3.0 has no prefixItems/);
    expect(() => toOpenApi30(documentWith({}, { webhooks: {} }))).toThrow(/webhooks/);
  });

  it('does not change the document it is given', () => {
    const document = documentWith({ A: { type: ['string', 'null'] } });
    const before = structuredClone(document);
    toOpenApi30(document);
    expect(document).toEqual(before);
  });
});
