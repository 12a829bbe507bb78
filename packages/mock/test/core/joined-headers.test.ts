// joinedHeaders: one string per lower-case name, as the journal shows a request's headers and the proxy records them.
import { describe, expect, it } from 'vitest';
import { joinedHeaders } from '../../src/core/joined-headers.js';

describe('joinedHeaders', () => {
  it('lower-cases names, joins lists and names differing only in case with ", ", and leaves out absent values', () => {
    const joined = joinedHeaders({ Accept: 'application/json', accept: ['text/plain', 'text/html'], 'X-Trace': undefined, 'content-type': 'application/json' });
    expect(joined).toEqual({ accept: 'application/json, text/plain, text/html', 'content-type': 'application/json' });
  });
});
