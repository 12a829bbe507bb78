import { describe, expect, it } from 'vitest';
import { PROVENANCE_KINDS, readProvenance } from '../src/index.js';

const document = {
  paths: {
    '/pets/{id}': {
      get: {
        'x-provenance': 'service',
        responses: { '200': { description: 'ok', 'x-provenance': 'assumption', 'x-provenance-note': 'Chosen like the other reads.' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: { properties: { size: { type: 'integer', 'x-provenance': 'assumption' } } },
      List: { allOf: [{ 'x-provenance': 'service' }] },
    },
  },
};

describe('readProvenance: the x-provenance markers of a document', () => {
  it('lists every valid marker with its pointer, in document order, with its note when it has one', () => {
    expect(readProvenance(document)).toEqual({
      markers: [
        { pointer: '#/paths/~1pets~1{id}/get', provenance: 'service' },
        { pointer: '#/paths/~1pets~1{id}/get/responses/200', provenance: 'assumption', note: 'Chosen like the other reads.' },
        { pointer: '#/components/schemas/Pet/properties/size', provenance: 'assumption' },
        { pointer: '#/components/schemas/List/allOf/0', provenance: 'service' },
      ],
      problems: [],
    });
    expect(PROVENANCE_KINDS).toEqual(['service', 'assumption']);
  });

  it('reports another kind, a note without a mark and an empty note, each at its pointer, and lists no marker for them', () => {
    const { markers, problems } = readProvenance({
      a: { 'x-provenance': 'seed' },
      b: { 'x-provenance-note': 'Why.' },
      c: { 'x-provenance': 'service', 'x-provenance-note': ' ' },
      d: { 'x-provenance': 'assumption', 'x-provenance-note': 42 },
    });
    expect(problems).toEqual([
      { pointer: '#/a', message: 'x-provenance is "seed"; it must be one of service, assumption' },
      { pointer: '#/b', message: 'x-provenance-note without x-provenance; mark the element service or assumption, or drop the note' },
      { pointer: '#/c', message: 'x-provenance-note must be a non-empty string' },
      { pointer: '#/d', message: 'x-provenance-note must be a non-empty string' },
    ]);
    // A mark of a known kind counts even with a bad note; a note that is not text is not carried.
    expect(markers).toEqual([
      { pointer: '#/c', provenance: 'service', note: ' ' },
      { pointer: '#/d', provenance: 'assumption' },
    ]);
  });

  it('finds nothing in a document without markers (the published bundle strips them)', () => {
    expect(readProvenance({ openapi: '3.1.0', paths: {} })).toEqual({ markers: [], problems: [] });
  });
});
