import { describe, expect, it } from 'vitest';
import { componentSchemaName, followRef, resolveRef, SpecModelError } from '../src/index.js';

const document = {
  components: {
    schemas: {
      Team: { type: 'object', title: 'Team' },
      Alias: { $ref: '#/components/schemas/Team' },
      AliasOfAlias: { $ref: '#/components/schemas/Alias' },
      'a/b': { type: 'string' },
      LoopA: { $ref: '#/components/schemas/LoopB' },
      LoopB: { $ref: '#/components/schemas/LoopA' },
      Self: { $ref: '#/components/schemas/Self' },
      ToNothing: { $ref: '#/components/schemas/Nope' },
      'With Space': { $ref: '#/components/schemas/Team' },
    },
  },
};

describe('resolveRef', () => {
  it('follows a chain of references to the object at its end (the document’s own, not a copy)', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/AliasOfAlias' })).toBe(document.components.schemas.Team);
  });

  it('decodes the pointer of the reference', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/a~1b' })).toBe(document.components.schemas['a/b']);
  });

  it('gives back anything that is not a reference as it is', () => {
    const inline = { type: 'integer' };
    expect(resolveRef(document, inline)).toBe(inline);
    expect(resolveRef(document, undefined)).toBeUndefined();
    expect(resolveRef(document, { $ref: 42 })).toEqual({ $ref: 42 });
  });

  it('ignores keywords beside $ref', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/Team', title: 'Other' })).toBe(document.components.schemas.Team);
  });

  it('stops on a loop, naming the references in it', () => {
    expect(() => resolveRef(document, { $ref: '#/components/schemas/LoopA' })).toThrow(
      'Circular $ref: #/components/schemas/LoopA -> #/components/schemas/LoopB -> #/components/schemas/LoopA',
    );
    expect(() => resolveRef(document, { $ref: '#/components/schemas/Self' })).toThrow(SpecModelError);
  });

  it('refuses a reference that names nothing, and one into another document', () => {
    expect(() => resolveRef(document, { $ref: '#/components/schemas/Nope' })).toThrow('Unresolvable $ref #/components/schemas/Nope');
    expect(() => resolveRef(document, { $ref: 'other.yaml#/Team' })).toThrow(/Only local \$refs/);
  });
});

describe('followRef: the chain of pointers a $ref leads through', () => {
  it('gives the pointer of every object a reference named, in order, the target’s place last', () => {
    expect(followRef(document, { $ref: '#/components/schemas/AliasOfAlias' })).toEqual({
      target: document.components.schemas.Team,
      pointers: ['#/components/schemas/AliasOfAlias', '#/components/schemas/Alias', '#/components/schemas/Team'],
    });
  });

  it('gives no pointer for a node written in place, which is its own target', () => {
    const inline = { type: 'integer' };
    expect(followRef(document, inline)).toEqual({ target: inline, pointers: [] });
  });

  it('writes each pointer in one spelling, whatever the $ref wrote', () => {
    expect(followRef(document, { $ref: '#/components/schemas/With%20Space' }).pointers).toEqual(['#/components/schemas/With Space', '#/components/schemas/Team']);
    expect(followRef(document, { $ref: '#/components/schemas/a~1b' }).pointers).toEqual(['#/components/schemas/a~1b']);
  });

  it('says where and why a chain breaks, with the pointers it reached, without throwing', () => {
    expect(followRef(document, { $ref: '#/components/schemas/ToNothing' })).toEqual({
      target: undefined,
      pointers: ['#/components/schemas/ToNothing'],
      broken: { reason: 'unresolvable', ref: '#/components/schemas/Nope' },
    });
    expect(followRef(document, { $ref: '#/components/schemas/LoopA' })).toEqual({
      target: undefined,
      pointers: ['#/components/schemas/LoopA', '#/components/schemas/LoopB'],
      broken: { reason: 'circular', ref: '#/components/schemas/LoopA' },
    });
    expect(followRef(document, { $ref: 'other.yaml#/Team' })).toEqual({ target: undefined, pointers: [], broken: { reason: 'external', ref: 'other.yaml#/Team' } });
  });
});

describe('componentSchemaName', () => {
  it('names the component schema a reference names directly, decoding its pointer', () => {
    expect(componentSchemaName({ $ref: '#/components/schemas/Alias' })).toBe('Alias');
    expect(componentSchemaName({ $ref: '#/components/schemas/a~1b' })).toBe('a/b');
  });

  it('is undefined for anything else: inline schemas, other components, deeper pointers, other documents', () => {
    expect(componentSchemaName({ type: 'string' })).toBeUndefined();
    expect(componentSchemaName({ $ref: '#/components/responses/NotFound' })).toBeUndefined();
    expect(componentSchemaName({ $ref: '#/components/schemas/Team/properties/id' })).toBeUndefined();
    expect(componentSchemaName({ $ref: 'other.yaml#/components/schemas/Team' })).toBeUndefined();
  });
});
