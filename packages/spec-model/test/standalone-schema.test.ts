import { describe, expect, it } from 'vitest';
import { standaloneSchema } from '../src/index.js';

const document = {
  components: {
    schemas: {
      Team: { type: 'object', properties: { id: { type: 'string' }, owner: { $ref: '#/components/schemas/User' } } },
      User: { type: 'object', properties: { name: { type: 'string' }, manager: { $ref: '#/components/schemas/User' } } },
      Alias: { $ref: '#/components/schemas/User' },
    },
    parameters: { Team: { name: 'team', in: 'query', schema: { type: 'integer' } } },
  },
};

describe('standaloneSchema', () => {
  it('copies every schema a $ref reaches into $defs, once, and points the references there', () => {
    const schema = standaloneSchema(document, { type: 'object', properties: { team: { $ref: '#/components/schemas/Team' }, alias: { $ref: '#/components/schemas/Alias' } } });
    expect(schema).toEqual({
      type: 'object',
      properties: { team: { $ref: '#/$defs/Team' }, alias: { $ref: '#/$defs/User' } },
      $defs: {
        Team: { type: 'object', properties: { id: { type: 'string' }, owner: { $ref: '#/$defs/User' } } },
        // Recursive: the copy refers to itself.
        User: { type: 'object', properties: { name: { type: 'string' }, manager: { $ref: '#/$defs/User' } } },
      },
    });
  });

  it('numbers a second schema of the same name and keeps keywords beside a $ref', () => {
    const schema = standaloneSchema(document, {
      anyOf: [{ $ref: '#/components/schemas/Team', description: 'the team' }, { $ref: '#/components/parameters/Team/schema' }],
    });
    expect(schema.anyOf).toEqual([{ $ref: '#/$defs/Team', description: 'the team' }, { $ref: '#/$defs/schema' }]);
    expect(Object.keys(schema.$defs)).toEqual(['Team', 'User', 'schema']);
  });

  it('leaves data alone (an example with a $ref key, a property called enum) and the document unchanged', () => {
    const before = JSON.stringify(document);
    const schema = standaloneSchema(document, {
      type: 'object',
      properties: { enum: { $ref: '#/components/schemas/User' } },
      example: { $ref: 'not a reference' },
    });
    expect(schema.properties.enum).toEqual({ $ref: '#/$defs/User' });
    expect(schema.example).toEqual({ $ref: 'not a reference' });
    expect(JSON.stringify(document)).toBe(before);
  });

  it("rewrites a discriminator's mapping like a $ref", () => {
    const schema = standaloneSchema(document, {
      oneOf: [{ $ref: '#/components/schemas/Team' }],
      discriminator: { propertyName: 'type', mapping: { team: '#/components/schemas/Team', alias: '#/components/schemas/Alias' } },
    });
    expect(schema.discriminator).toEqual({ propertyName: 'type', mapping: { team: '#/$defs/Team', alias: '#/$defs/User' } });
  });

  it('returns a schema without references as a copy, with no $defs', () => {
    const input = { type: 'string', pattern: '^a' };
    const schema = standaloneSchema(document, input);
    expect(schema).toEqual(input);
    expect(schema).not.toBe(input);
  });
});
