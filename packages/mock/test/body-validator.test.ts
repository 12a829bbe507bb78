import { describe, expect, it } from 'vitest';
import { BodyValidator } from '../src/body-validator.js';
import { rewriteDiscriminators } from '../src/discriminators.js';
import { readOperations } from '../src/operations.js';
import fixture from './fixtures/mini-spec.json' with { type: 'json' };

const doc = structuredClone(fixture);
const ops = readOperations(doc);
const mcp = ops.find((o) => o.operationId === 'createOrUpdateMcpServer')!;
const validator = new BodyValidator(doc);
validator.precompile(ops);

const remote = { type: 'mcp-server/remote', name: 'docs-server', description: 'd', collaborators: [], url: 'https://example.com' };

describe('BodyValidator on a discriminated manifest', () => {
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
