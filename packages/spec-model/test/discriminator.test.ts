// discriminatorBranches: which variant each tag value selects, as the mock's validators and the MCP server read it.
import { describe, expect, it } from 'vitest';
import { discriminatorBranches } from '../src/index.js';

const root = {
  $defs: {
    A: { type: 'object', properties: { kind: { const: 'a' } } },
    B: { allOf: [{ properties: { kind: { enum: ['b', 'bee'] } } }] },
    C: { type: 'object' },
  },
};
const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

describe('discriminatorBranches', () => {
  it('takes the mapping first, in the order of oneOf', () => {
    const schema = { oneOf: [ref('B'), ref('C')], discriminator: { propertyName: 'kind', mapping: { c: '#/$defs/C', b: '#/$defs/B' } } };
    expect(discriminatorBranches(root, schema)).toEqual({ tag: 'kind', branches: [{ value: 'b', variant: ref('B') }, { value: 'c', variant: ref('C') }] });
  });

  it("reads a variant's const or enum for the tag without a mapping, through $ref and allOf", () => {
    const schema = { oneOf: [ref('A'), ref('B')], discriminator: { propertyName: 'kind' } };
    expect(discriminatorBranches(root, schema)?.branches.map((branch) => branch.value)).toEqual(['a', 'b', 'bee']);
  });

  it('is undefined for a schema without both oneOf and a discriminator, and throws for a variant no value selects', () => {
    expect(discriminatorBranches(root, { oneOf: [ref('A')] })).toBeUndefined();
    expect(discriminatorBranches(root, { anyOf: [ref('A')], discriminator: { propertyName: 'kind' } })).toBeUndefined();
    expect(() => discriminatorBranches(root, { oneOf: [ref('C')], discriminator: { propertyName: 'kind' } })).toThrow('discriminator "kind": cannot tell which value selects the variant #/$defs/C');
  });
});
