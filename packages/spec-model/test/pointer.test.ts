import { describe, expect, it } from 'vitest';
import { decodePointer, encodePointerToken, getAtPointer, SpecModelError } from '../src/index.js';

describe('JSON pointers', () => {
  it('unescapes ~1 to / and ~0 to ~, ~1 first so that ~01 stays the text ~1', () => {
    expect(decodePointer('#/paths/~1teams~1{id}/a~0b/~01')).toEqual(['paths', '/teams/{id}', 'a~b', '~1']);
  });

  it('escapes ~ before /, so encoding then decoding gives every token back', () => {
    const tokens = ['/teams/{id}', 'a~b', '~1', '~/~0/', '', 'plain'];
    const pointer = `#/${tokens.map(encodePointerToken).join('/')}`;
    expect(encodePointerToken('~1')).toBe('~01');
    expect(decodePointer(pointer)).toEqual(tokens);
  });

  it('percent-decodes the URI-fragment form, not the plain form', () => {
    expect(decodePointer('#/paths/~1teams~1%7Bid%7D')).toEqual(['paths', '/teams/{id}']);
    expect(decodePointer('/a%20b')).toEqual(['a%20b']);
  });

  it('names the whole document with # or the empty string, and refuses text that is no pointer', () => {
    expect(decodePointer('#')).toEqual([]);
    expect(decodePointer('')).toEqual([]);
    expect(() => decodePointer('components/schemas')).toThrow(SpecModelError);
    expect(() => decodePointer('#/%E0%A4%A')).toThrow(/bad percent-encoding/);
  });

  it('getAtPointer walks objects and arrays, and finds nothing where nothing is', () => {
    const document = { paths: { '/a/b': { get: { tags: ['x', 'y'] } } }, 'm~n': 1 };
    expect(getAtPointer(document, '#/paths/~1a~1b/get/tags/1')).toBe('y');
    expect(getAtPointer(document, '/m~0n')).toBe(1);
    expect(getAtPointer(document, '#')).toBe(document);
    expect(getAtPointer(document, '#/paths/~1a~1b/post')).toBeUndefined();
    expect(getAtPointer(document, '#/m~0n/deeper')).toBeUndefined();
    // Inherited properties are not part of the document.
    expect(getAtPointer(document, '#/paths/toString')).toBeUndefined();
  });
});
