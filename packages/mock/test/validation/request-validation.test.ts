// validateRequest on the fixture spec (validators compiled at run time): bodies, parameters, their messages.
import { createSpecModel } from '@vendor/spec-model';
import { describe, expect, it } from 'vitest';
import type { ParsedBody } from '../../src/core/request-body.js';
import { rewriteDiscriminators } from '../../src/validation/discriminator-rewrite.js';
import { readOperations } from '../../src/spec/operation-table.js';
import { validateRequest } from '../../src/validation/request-validation.js';
import { loadSchemaValidators } from '../../src/validation/runtime-validators.js';
import fixture from '../fixtures/mini-spec.json' with { type: 'json' };

const doc = structuredClone(fixture);
const ops = readOperations(createSpecModel(doc));
const byId = (id: string) => ops.find((o) => o.operationId === id)!;
const mcp = byId('createOrUpdateMcpServer');
const validators = await loadSchemaValidators(doc, ops);

function request(change: { body?: ParsedBody; query?: string; headers?: Record<string, string>; pathParams?: Record<string, string> } = {}) {
  return {
    method: 'GET',
    pathParams: change.pathParams ?? {},
    query: new URLSearchParams(change.query ?? ''),
    headers: change.headers ?? {},
    body: change.body ?? { kind: 'none' as const },
  };
}
const validator = { validate: (_op: unknown, value: any) => validateRequest(validators, mcp, request({ body: { kind: 'json', value, bytes: new TextEncoder().encode(JSON.stringify(value)) } })) };

describe('schema validators', () => {
  it('are compiled at run time for a spec other than the published bundle', () => {
    expect(validators.source).toBe('compiled');
  });
});

const remote = { type: 'mcp-server/remote', name: 'docs-server', description: 'd', collaborators: [], url: 'https://example.com' };

describe('body validation of a discriminated manifest', () => {
  it('accepts a valid variant', () => {
    expect(validator.validate(mcp, { manifest: remote })).toEqual([]);
  });

  it('reports only the violations of the variant that `type` selects', () => {
    const violations = validator.validate(mcp, { manifest: { ...remote, name: 'ab', collaborators: undefined } });
    expect(violations.map((v) => [v.location.join('.'), v.rule])).toEqual([
      ['body.manifest.collaborators', 'required'],
      ['body.manifest.name', 'pattern'],
    ]);
    // the stdio and virtual variants' own requirements are not reported
    expect(violations.some((v) => /command|servers/.test(v.message))).toBe(false);
  });

  it('names the allowed tag values for an unknown type, and requires the tag', () => {
    expect(validator.validate(mcp, { manifest: { ...remote, type: 'mcp-server/other' } })).toEqual([
      {
        location: ['body', 'manifest', 'type'],
        rule: 'enum',
        message: 'body.manifest.type must be one of "mcp-server/remote", "mcp-server/stdio", "mcp-server/virtual"',
      },
    ]);
    const { type: _t, ...untyped } = remote;
    expect(validator.validate(mcp, { manifest: untyped })).toEqual([
      { location: ['body', 'manifest', 'type'], rule: 'required', message: 'body.manifest.type is required' },
    ]);
  });

  it('names unknown properties of strict schemas', () => {
    expect(validator.validate(mcp, { manifest: remote, forceDelete: true })).toEqual([
      { location: ['body', 'forceDelete'], rule: 'additionalProperties', message: 'body.forceDelete is not an allowed property' },
    ]);
  });
});

describe('rewriteDiscriminators', () => {
  it('derives tag values from variants nested in allOf when there is no mapping', () => {
    const rewritten = rewriteDiscriminators({
      components: {
        schemas: {
          Base: { type: 'object', properties: { name: { type: 'string' } } },
          A: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { kind: { const: 'a' } } }] },
          U: { oneOf: [{ $ref: '#/components/schemas/A' }], discriminator: { propertyName: 'kind' } },
        },
      },
    });
    const u = rewritten.components.schemas.U;
    expect(u.oneOf).toBeUndefined();
    expect(u.properties.kind.enum).toEqual(['a']);
    expect(u.allOf[0]).toEqual({ if: { properties: { kind: { const: 'a' } }, required: ['kind'] }, then: { $ref: '#/components/schemas/A' } });
  });

  it('refuses a variant whose tag value cannot be found', () => {
    expect(() =>
      rewriteDiscriminators({ components: { schemas: { U: { oneOf: [{ type: 'object' }], discriminator: { propertyName: 'kind' } } } } }),
    ).toThrow(/cannot tell which value selects the variant/);
  });
});

describe('parameter validation', () => {
  const turns = byId('listAgentSessionTurns');
  const valid = { pathParams: { tenantName: 'acme', sessionId: 's1' }, headers: { 'x-vendor-provider-name': 'p' } };

  it('coerces query strings to the schema type before checking limits', () => {
    expect(validateRequest(validators, turns, request({ ...valid, query: 'limit=25' }))).toEqual([]);
    expect(validateRequest(validators, turns, request({ ...valid, query: 'limit=26' }))).toEqual([
      { location: ['query', 'limit'], rule: 'maximum', message: 'query.limit must be <= 25' },
    ]);
    expect(validateRequest(validators, turns, request({ ...valid, query: 'limit=ten' }))).toEqual([
      { location: ['query', 'limit'], rule: 'type', message: 'query.limit must be integer' },
    ]);
  });

  it('names a missing required header by the name the spec declares, path before query before header', () => {
    const violations = validateRequest(validators, turns, request({ pathParams: valid.pathParams, query: 'limit=0' }));
    expect(violations.map((v) => v.message)).toEqual(['query.limit must be >= 1', 'header.x-vendor-provider-name is required']);
  });
});
