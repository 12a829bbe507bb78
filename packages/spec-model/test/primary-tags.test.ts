import { describe, expect, test } from 'vitest';
import { withPrimaryTagsOnly } from '../src/index.js';

describe('withPrimaryTagsOnly', () => {
  const document = {
    openapi: '3.1.0',
    paths: {
      '/teams/{id}': { get: { tags: ['Teams', 'Control Plane'] }, put: { tags: ['Teams'] }, parameters: [] },
      '/files': { post: {} },
    },
  };

  test('keeps each operation to its first tag, and leaves the document it was given as it was', () => {
    const copy = withPrimaryTagsOnly(document) as typeof document;
    expect(copy.paths['/teams/{id}'].get.tags).toEqual(['Teams']);
    expect(copy.paths['/teams/{id}'].put.tags).toEqual(['Teams']);
    expect(copy.paths['/files'].post).toEqual({});
    expect(document.paths['/teams/{id}'].get.tags).toEqual(['Teams', 'Control Plane']);
  });
});
