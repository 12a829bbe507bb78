import { describe, expect, it } from 'vitest';
import { hasBearerToken, soleBearerToken } from '../../src/core/bearer-token.js';
import { parseBody } from '../../src/core/request-body.js';
import { accessLine } from '../../src/server/access-log.js';

describe('hasBearerToken', () => {
  it('accepts any non-empty bearer token, case-insensitive scheme', () => {
    expect(hasBearerToken({ authorization: 'Bearer abc' })).toBe(true);
    expect(hasBearerToken({ authorization: 'bearer x.y.z' })).toBe(true);
  });
  it('rejects a missing header, an empty token and other schemes', () => {
    expect(hasBearerToken({})).toBe(false);
    expect(hasBearerToken({ authorization: 'Bearer ' })).toBe(false);
    expect(hasBearerToken({ authorization: 'Basic dXNlcjpwYXNz' })).toBe(false);
  });
});

describe('soleBearerToken (the sandbox reads the same header with the same parser)', () => {
  it('gives the token of a header that holds only the token, blanks after it aside', () => {
    expect(soleBearerToken({ authorization: 'Bearer x.y.z' })).toBe('x.y.z');
    expect(soleBearerToken({ authorization: 'bearer \tx.y.z  ' })).toBe('x.y.z');
  });
  it('gives nothing for a missing or empty token, another scheme, or more after the token', () => {
    expect(soleBearerToken({})).toBeUndefined();
    expect(soleBearerToken({ authorization: 'Bearer ' })).toBeUndefined();
    expect(soleBearerToken({ authorization: 'Basic dXNlcjpwYXNz' })).toBeUndefined();
    expect(soleBearerToken({ authorization: 'Bearer x.y.z extra' })).toBeUndefined();
    // the stateless mock accepts that header: it never looks at the token
    expect(hasBearerToken({ authorization: 'Bearer x.y.z extra' })).toBe(true);
  });
});

describe('parseBody', () => {
  it('parses JSON, and treats an absent content-type as JSON', () => {
    expect(parseBody(Buffer.from('{"a":1}'), 'application/json; charset=utf-8')).toMatchObject({ kind: 'json', value: { a: 1 } });
    expect(parseBody(Buffer.from('[1]'), undefined)).toMatchObject({ kind: 'json', value: [1] });
  });
  it('reports malformed JSON without repeating the text (it may hold a password)', () => {
    const result = parseBody(Buffer.from('{"newPassword": "hunter2'), 'application/json');
    expect(result).toEqual({ kind: 'malformed' });
  });
  it('distinguishes no body, a non-JSON media type and an over-long body', () => {
    expect(parseBody(Buffer.alloc(0), 'application/json')).toEqual({ kind: 'none' });
    expect(parseBody(Buffer.from('a=b'), 'application/x-www-form-urlencoded')).toMatchObject({ kind: 'not-json', mediaType: 'application/x-www-form-urlencoded' });
    expect(parseBody('too-large', 'application/json')).toEqual({ kind: 'too-large' });
  });
});

describe('accessLine', () => {
  it('has method, path without query string, status and duration only', () => {
    expect(accessLine('GET', '/t/v1/agents/sessions/s/turns?page_token=abc', 200, 1.234)).toBe('GET /t/v1/agents/sessions/s/turns 200 1.2ms');
  });
});
