// OpenAPI's `oneOf` + `discriminator`: which variant each value of the tag selects. One reading for the mock (which
// rewrites the schema to validate the selected variant alone) and the MCP server (which keeps the problems of the
// selected variant alone), so both select the same variant for the same value.
import { resolveRef } from './resolve.js';

/** A value of the tag and the variant (a `$ref` or an inline schema) it selects. */
export interface DiscriminatorBranch {
  value: string;
  variant: any;
}

/**
 * The tag property of a discriminated `oneOf` and its branches in the order of `oneOf`: a variant's values are the
 * mapping's entries naming its `$ref`, else the `const` or `enum` it gives the tag (through $ref and allOf, read in
 * `root`). Undefined for any other schema; throws when a variant has no value at all.
 */
export function discriminatorBranches(root: unknown, schema: unknown): { tag: string; branches: DiscriminatorBranch[] } | undefined {
  const node = schema as { oneOf?: unknown; discriminator?: { propertyName?: unknown; mapping?: Record<string, string> } } | null | undefined;
  const tag = node?.discriminator?.propertyName;
  if (typeof tag !== 'string' || !Array.isArray(node!.oneOf)) return undefined;
  const mapping = node!.discriminator!.mapping ?? {};
  const branches: DiscriminatorBranch[] = [];
  for (const variant of node!.oneOf as any[]) {
    const mapped = Object.entries(mapping).filter(([, ref]) => ref === variant?.$ref).map(([value]) => value);
    const values = mapped.length > 0 ? mapped : tagValues(root, variant, tag);
    if (values.length === 0) {
      throw new Error(`discriminator "${tag}": cannot tell which value selects the variant ${variant?.$ref ?? '(inline)'}; give it a const or a mapping`);
    }
    for (const value of values) branches.push({ value, variant });
  }
  return { tag, branches };
}

/** The `const` / `enum` values a variant gives its tag, looking through $ref and allOf. */
function tagValues(root: unknown, variant: unknown, tag: string, depth = 0): string[] {
  const schema = resolveRef(root, variant);
  if (!schema || typeof schema !== 'object' || depth > 10) return [];
  const property = schema.properties?.[tag];
  if (property?.const !== undefined) return [String(property.const)];
  if (Array.isArray(property?.enum)) return property.enum.map(String);
  return (schema.allOf ?? []).flatMap((part: unknown) => tagValues(root, part, tag, depth + 1));
}
