import { describe, expect, it } from 'vitest';
import { parsePrefer } from '../src/answers/prefer-header.js';

describe('parsePrefer', () => {
  it('reads code and example, in either order and with ; or , separators', () => {
    expect(parsePrefer('code=404, example=notFound')).toEqual({ code: 404, exampleKey: 'notFound' });
    expect(parsePrefer('example=other; code=200')).toEqual({ code: 200, exampleKey: 'other' });
  });

  it('returns no preferences without the header, reads dynamic and ignores seed', () => {
    expect(parsePrefer(undefined)).toEqual({});
    expect(parsePrefer('dynamic=true, seed=1')).toEqual({ dynamic: true });
    expect(parsePrefer('dynamic=maybe')).toMatchObject({ location: ['header', 'prefer'], rule: 'format', message: expect.stringContaining('true or false') });
  });

  it('rejects a code that is not a 3-digit status, naming the header and the rule', () => {
    expect(parsePrefer('code=abc')).toEqual({
      location: ['header', 'prefer'],
      rule: 'format',
      message: expect.stringContaining('3-digit'),
    });
  });
});
