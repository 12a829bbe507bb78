// A split target must read exactly as the URL parser reads it: the router and validation see its pathname and query.
import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../src/core/request-target.js';

const TARGETS = [
  '/',
  '/api/svc/v1/teams/jqfwg345gi25n5ju2yz5iz6m',
  '/api/svc/v1/teams/team_123?',
  '/api/svc/v1/mcp?limit=10&offset=0',
  '/a?b=c?d=e&f',
  '/files/a%20b/c%2Fd?q=%41',
  '/x/file.txt?name=a.b',
  '/x/%zz?bad=%zz',
  "/x/it's?q=it's",
  '/a/./b',
  '/a/../b',
  '/a/%2e%2E/b',
  '/a/.',
  '//evil.example/a',
  '/a b?c d',
  '/a\\b',
  '/a#frag',
  '/a?b#frag',
  '/a"b<c>{d}`e',
  '/caf\u00e9?n=\u00e9',
  '/a|b^c[d]',
  '*',
  'http://other.example/a?b=1',
];

describe('parseRequestTarget', () => {
  it.each(TARGETS)('reads %j as the URL parser does', (target) => {
    const parsed = parseRequestTarget(target);
    const expected = new URL(target, 'http://mock.invalid');
    expect(parsed.pathname).toBe(expected.pathname);
    expect(parsed.search).toBe(expected.search);
    expect(parsed.hash).toBe(expected.hash);
    expect([...parsed.searchParams]).toEqual([...expected.searchParams]);
  });

  it('splits a plain target without the URL parser', () => {
    const parsed = parseRequestTarget('/api/svc/v1/mcp?limit=10');
    expect(parsed).not.toBeInstanceOf(URL);
    expect(parsed.searchParams.get('limit')).toBe('10');
  });

  it('hands a target with a dot segment to the URL parser', () => {
    expect(parseRequestTarget('/a/%2e%2e/b')).toBeInstanceOf(URL);
  });
});
