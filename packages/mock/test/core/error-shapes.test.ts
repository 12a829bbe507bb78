import { describe, expect, it } from 'vitest';
import { renderError, summarize } from '../../src/core/error-shapes.js';
import type { Violation } from '../../src/types.js';

const violations: Violation[] = [
  { location: ['query', 'limit'], rule: 'maximum', message: 'query.limit must be <= 25' },
  { location: ['body', 'manifest', 'name'], rule: 'pattern', message: 'body.manifest.name must match pattern "x"' },
];
const invalid = { status: 400, kind: 'invalid' as const, message: summarize(violations), violations };

describe('renderError', () => {
  it('ml: one detail entry per violation with loc, msg and the rule as type', () => {
    expect(renderError('ml', { ...invalid, status: 422 })).toEqual({
      detail: [
        { loc: ['query', 'limit'], msg: 'query.limit must be <= 25', type: 'maximum' },
        { loc: ['body', 'manifest', 'name'], msg: 'body.manifest.name must match pattern "x"', type: 'pattern' },
      ],
    });
  });

  it('control-plane: statusCode, message, code and one details entry per violation', () => {
    expect(renderError('control-plane', invalid)).toEqual({
      statusCode: 400,
      message: 'Invalid request (2 violations): query.limit must be <= 25; body.manifest.name must match pattern "x"',
      code: 400,
      details: [
        { path: 'query.limit', rule: 'maximum', message: 'query.limit must be <= 25' },
        { path: 'body.manifest.name', rule: 'pattern', message: 'body.manifest.name must match pattern "x"' },
      ],
    });
  });

  it('gateway: the first violation gives code and param', () => {
    expect(renderError('gateway', invalid)).toEqual({
      error: { message: invalid.message, type: 'invalid_request_error', code: 'maximum', param: 'limit' },
    });
  });

  it('401 in each shape names the authorization header', () => {
    const error = { status: 401, kind: 'unauthorized' as const, message: 'Missing bearer token' };
    expect(renderError('ml', error)).toEqual({ detail: [{ loc: ['header', 'authorization'], msg: 'Missing bearer token', type: 'unauthorized' }] });
    expect(renderError('control-plane', error)).toEqual({ statusCode: 401, message: 'Missing bearer token', code: 401 });
    expect(renderError('gateway', error)).toEqual({
      error: { message: 'Missing bearer token', type: 'authentication_error', code: 'unauthorized', param: 'authorization' },
    });
  });
});
