import { describe, expect, it } from 'vitest';
import { resolveRef, SpecModelError } from '../src/index.js';

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
