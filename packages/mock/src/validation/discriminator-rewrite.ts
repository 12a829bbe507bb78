// Rewrites OpenAPI `oneOf` + `discriminator` into plain JSON Schema that validates only the variant
// the tag selects, so a bad manifest reports its own variant's violations instead of all five:
//   { oneOf: [A, B], discriminator: { propertyName: 'type' } }
// becomes
//   { required: ['type'], properties: { type: { enum: ['a', 'b'] } },
//     allOf: [ { if: <type is 'a'>, then: A }, { if: <type is 'b'>, then: B } ] }
// (ajv's own `discriminator` option needs the tag directly in each variant; ours live under allOf.)
import { resolveRef } from '@vendor/spec-model';
import type { OpenApiDocument } from '../types.js';

export function rewriteDiscriminators(doc: OpenApiDocument): OpenApiDocument {
  const walk = (node: any): any => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, any> = {};
    for (const [key, child] of Object.entries(node)) out[key] = walk(child);
    const tag = node.discriminator?.propertyName;
    if (typeof tag === 'string' && Array.isArray(node.oneOf)) return selectByTag(doc, out, tag);
    return out;
  };
  return walk(doc);
}

function selectByTag(doc: OpenApiDocument, schema: Record<string, any>, tag: string): Record<string, any> {
  const { oneOf, discriminator, ...rest } = schema;
  const mapping: Record<string, string> = discriminator.mapping ?? {};
  const branches: Array<{ value: string; variant: unknown }> = [];
  for (const variant of oneOf as any[]) {
    const mapped = Object.entries(mapping).filter(([, ref]) => ref === variant.$ref).map(([value]) => value);
    const values = mapped.length > 0 ? mapped : tagValues(doc, variant, tag);
    if (values.length === 0) {
      throw new Error(`discriminator "${tag}": cannot tell which value selects the variant ${variant.$ref ?? '(inline)'}; give it a const or a mapping`);
    }
    for (const value of values) branches.push({ value, variant });
  }
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

/** The `const` / `enum` values a variant gives its tag, looking through $ref and allOf. */
function tagValues(doc: OpenApiDocument, variant: unknown, tag: string, depth = 0): string[] {
  const schema = resolveRef(doc, variant);
  if (!schema || typeof schema !== 'object' || depth > 10) return [];
  const property = schema.properties?.[tag];
  if (property?.const !== undefined) return [String(property.const)];
  if (Array.isArray(property?.enum)) return property.enum.map(String);
  return (schema.allOf ?? []).flatMap((part: unknown) => tagValues(doc, part, tag, depth + 1));
}
