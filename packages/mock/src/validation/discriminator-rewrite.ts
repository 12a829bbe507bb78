// Rewrites OpenAPI `oneOf` + `discriminator` into plain JSON Schema that validates only the variant
// the tag selects, so a bad manifest reports its own variant's violations instead of all five:
//   { oneOf: [A, B], discriminator: { propertyName: 'type' } }
// becomes
//   { required: ['type'], properties: { type: { enum: ['a', 'b'] } },
//     allOf: [ { if: <type is 'a'>, then: A }, { if: <type is 'b'>, then: B } ] }
// (ajv's own `discriminator` option needs the tag directly in each variant; ours live under allOf.)
import { discriminatorBranches, type DiscriminatorBranch } from '@vendor/spec-model';
import type { OpenApiDocument } from '../types.js';

export function rewriteDiscriminators(doc: OpenApiDocument): OpenApiDocument {
  const walk = (node: any): any => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, any> = {};
    for (const [key, child] of Object.entries(node)) out[key] = walk(child);
    const selection = discriminatorBranches(doc, out);
    if (selection !== undefined) return selectByTag(out, selection.tag, selection.branches);
    return out;
  };
  return walk(doc);
}

function selectByTag(schema: Record<string, any>, tag: string, branches: DiscriminatorBranch[]): Record<string, any> {
  const { oneOf: _oneOf, discriminator: _discriminator, ...rest } = schema;
  return {
    ...rest,
    type: 'object',
    required: [...new Set([...(rest.required ?? []), tag])],
    properties: { ...(rest.properties ?? {}), [tag]: { type: 'string', enum: branches.map((b) => b.value) } },
    allOf: [
      ...(rest.allOf ?? []),
      ...branches.map(({ value, variant }) => ({
        if: { properties: { [tag]: { const: value } }, required: [tag] },
        then: variant,
      })),
    ],
  };
}
