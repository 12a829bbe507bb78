// The request ids of the mock's answers: one format, never the same twice in a process, another prefix per process.
import { describe, expect, it } from 'vitest';
import { createRequestIds } from '../../src/core/request-id.js';

const REQUEST_ID = /^req_([0-9a-f]{12})([0-9a-z]{8})$/;

describe('createRequestIds', () => {
  it('makes ids of one format that never repeat', () => {
    const next = createRequestIds();
    const ids = Array.from({ length: 5000 }, next);
    expect(ids.every((id) => REQUEST_ID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives each generator (each start of the mock) its own random prefix', () => {
    const prefixes = new Set(Array.from({ length: 20 }, () => REQUEST_ID.exec(createRequestIds()())![1]));
    expect(prefixes.size).toBe(20);
  });
});
