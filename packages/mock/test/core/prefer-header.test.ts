import { describe, expect, it } from 'vitest';
import { parsePrefer } from '../../src/core/prefer-header.js';

describe('parsePrefer', () => {
  it('reads code and example, in either order and with ; or , separators', () => {
    expect(parsePrefer('code=404, example=notFound')).toEqual({ code: 404, exampleKey: 'notFound' });
    expect(parsePrefer('example=other; code=200')).toEqual({ code: 200, exampleKey: 'other' });
  });

  it('returns no preferences without the header, reads dynamic and seed, ignores preferences that are not the mock\'s', () => {
    expect(parsePrefer(undefined)).toEqual({});
    expect(parsePrefer('dynamic=true, seed=1')).toEqual({ dynamic: true, seed: '1' });
    expect(parsePrefer('return=minimal, respond-async')).toEqual({});
    expect(parsePrefer('dynamic=maybe')).toMatchObject({ location: ['header', 'prefer'], rule: 'format', message: expect.stringContaining('true or false') });
  });

  it('rejects a code that is not a 3-digit status, naming the header and the rule', () => {
    expect(parsePrefer('code=abc')).toEqual({
      location: ['header', 'prefer'],
      rule: 'format',
      message: expect.stringContaining('3-digit'),
    });
  });

  it('reads faults, their Retry-After, times and key, and delay beside the other preferences', () => {
    expect(parsePrefer('fault=503, retry-after=2, times=2, key=retry-test, code=200')).toEqual({
      fault: '503',
      retryAfter: 2,
      times: 2,
      key: 'retry-test',
      code: 200,
    });
    expect(parsePrefer('fault=RESET')).toEqual({ fault: 'reset' });
    expect(parsePrefer('fault=429; retry-after=none')).toEqual({ fault: '429', retryAfter: 'none' });
    expect(parsePrefer('delay=120000')).toEqual({ delayMs: 120000 });
  });

  it('names the fault kinds when the kind is unknown', () => {
    expect(parsePrefer('fault=418')).toEqual({
      location: ['header', 'prefer'],
      rule: 'enum',
      message: 'header.prefer fault must be one of 429, 500, 502, 503, 504, reset (got 418)',
    });
  });

  it('refuses a delay past two minutes, a times below 1, and times without a key or a fault', () => {
    expect(parsePrefer('delay=120001')).toMatchObject({ rule: 'maximum', message: expect.stringContaining('0 to 120000') });
    expect(parsePrefer('delay=-5')).toMatchObject({ rule: 'maximum' });
    expect(parsePrefer('fault=503, times=0, key=k')).toMatchObject({ rule: 'format', message: expect.stringContaining('positive integer') });
    expect(parsePrefer('fault=503, times=2')).toMatchObject({ rule: 'dependency', message: expect.stringContaining('times and key go together') });
    expect(parsePrefer('times=2, key=k')).toMatchObject({ rule: 'dependency', message: expect.stringContaining('add fault=') });
    expect(parsePrefer('retry-after=3')).toMatchObject({ rule: 'dependency' });
    expect(parsePrefer('fault=503, retry-after=soon')).toMatchObject({ rule: 'format', message: expect.stringContaining('seconds or none') });
  });
});
