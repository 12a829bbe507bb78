// The one $ref resolver of the comparer (packages/breaking/src/resolve-ref.mjs).
import { describe, expect, test } from 'vitest';
import { resolveRef } from '../src/resolve-ref.mjs';

const document = {
  components: {
    schemas: {
      Team: { type: 'object', description: 'A team' },
      Alias: { $ref: '#/components/schemas/Team' },
      'a/b~c': { type: 'integer' },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
};

describe('resolveRef', () => {
  test('a schema without $ref is returned as it is, with no ref', () => {
    const schema = { type: 'string' };
    expect(resolveRef(document, schema)).toEqual({ node: schema, ref: undefined });
  });

  test('follows a chain of $refs and returns the last one followed', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/Alias' })).toEqual({
      node: { type: 'object', description: 'A team' },
      ref: '#/components/schemas/Team',
    });
  });

  test('decodes ~1 and ~0 in pointer tokens', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/a~1b~0c' }).node).toEqual({ type: 'integer' });
  });

  test('lays sibling keywords over the target, without changing the target', () => {
    const { node } = resolveRef(document, { $ref: '#/components/schemas/Team', description: 'The owner' });
    expect(node).toEqual({ type: 'object', description: 'The owner' });
    expect(document.components.schemas.Team.description).toBe('A team');
  });

  test.each([
    ['an external $ref', 'other.yaml#/Team', 'Only internal $refs are supported (bundle the document first): other.yaml#/Team'],
    ['a $ref to nothing', '#/components/schemas/Nope', 'Unresolvable $ref #/components/schemas/Nope'],
    ['a $ref through a value that is not an object', '#/components/schemas/Team/type/x', 'Unresolvable $ref #/components/schemas/Team/type/x'],
    ['a circular chain', '#/components/schemas/Loop', 'Circular $ref chain at #/components/schemas/Loop'],
  ])('throws on %s', (_name, ref, message) => {
    expect(() => resolveRef(document, { $ref: ref })).toThrow(new Error(message));
  });
});
