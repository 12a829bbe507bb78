import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../../src/spec/operation-table.js';
import { createRouter, methodsAt } from '../../src/pipeline/router.js';

const op = (method: string, path: string, operationId: string): MockOperation => ({
  operationId,
  method,
  path,
  errorShape: 'control-plane',
  invalidInputStatus: 400,
  bodyRequired: false,
  secured: false,
  destructive: false,
  idempotent: false,
  parameters: [],
  responses: [],
});

const route = createRouter([
  op('get', '/teams/{id}', 'getTeam'),
  op('get', '/teams/me', 'getMe'),
  op('delete', '/teams/{id}', 'deleteTeam'),
  op('get', '/{tenant}/v1/sessions/{sessionId}/turns', 'listTurns'),
]);

describe('router', () => {
  it('prefers literal segments over templates', () => {
    expect(route('GET', '/teams/me')).toMatchObject({ kind: 'found', operation: { operationId: 'getMe' } });
    expect(route('GET', '/teams/abc')).toMatchObject({ kind: 'found', operation: { operationId: 'getTeam' } });
  });

  it('matches templates with several parameters', () => {
    expect(route('GET', '/acme/v1/sessions/s1/turns')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'listTurns' },
      params: { tenant: 'acme', sessionId: 's1' },
    });
  });

  it('finds a path it found before by one lookup, the same route, but remembers no path over 512 characters', () => {
    const fresh = createRouter([op('get', '/teams/{id}', 'getTeam')]);
    const short = fresh('GET', '/teams/t1');
    expect(fresh('GET', '/teams/t1')).toBe(short);
    const longId = 'x'.repeat(600);
    const long = fresh('GET', `/teams/${longId}`);
    expect(long).toMatchObject({ kind: 'found', operation: { operationId: 'getTeam' }, params: { id: longId } });
    expect(fresh('GET', `/teams/${longId}`)).not.toBe(long);
    expect(fresh('GET', `/teams/${longId}`)).toEqual(long);
  });

  it('reports an unknown path', () => {
    expect(route('GET', '/teams')).toMatchObject({ kind: 'no-path' });
    expect(route('GET', '/teams/a/b')).toMatchObject({ kind: 'no-path' });
  });

  it("names an unknown path's nearest operation: most leading literal segments, then parameters, then spec order", () => {
    const nearest = (path: string) => {
      const result = route('GET', path);
      return result.kind === 'no-path' ? result.nearest?.operationId : `found ${result.kind}`;
    };
    expect(nearest('/teams/a/b')).toBe('getTeam');
    expect(nearest('/teams/me/x')).toBe('getMe');
    expect(nearest('/acme/v1/other')).toBe('listTurns');
    expect(nearest('/teams')).toBe('getTeam');
  });

  it('reports a wrong method with the allowed ones', () => {
    const result = route('POST', '/teams/abc');
    expect(result.kind).toBe('no-method');
    expect(result.kind === 'no-method' && result.allowed.sort()).toEqual(['DELETE', 'GET']);
  });

  it('lists the methods served on a path (for CORS preflights), nothing for an unknown path', () => {
    expect(methodsAt(route, '/teams/abc')?.sort()).toEqual(['DELETE', 'GET']);
    expect(methodsAt(route, '/nowhere')).toBeUndefined();
  });
});
