// A schema of the document as a JSON Schema that stands on its own: for readers that hand it to a program which
// never sees the document (an MCP client listing tools, a validator compiled without the document).
import { decodePointer } from './pointer.js';
import { resolveAt } from './resolve.js';
import type { JsonObject, OpenApiDocument } from './types.js';

// Keywords whose values are data, not schemas: an object in an example may have a `$ref` key of its own.
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);
// Keywords whose values map names to schemas: a property may be called `default` or `enum`.
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * `schema` with every local `$ref` it reaches, at any depth, copied into `$defs` and the references rewritten to
 * point there (`#/components/schemas/Team` -> `#/$defs/Team`), so that it needs no document. Each named schema is
 * copied once (recursive schemas stay recursive); a name used by two places gets a number (`Team2`). Keywords
 * beside a `$ref` are kept, and a discriminator's `mapping` is rewritten like a `$ref`. The document is not changed.
 */
export function standaloneSchema(document: OpenApiDocument, schema: JsonObject): JsonObject {
  const defs: Record<string, JsonObject> = {};
  const nameOfPointer = new Map<string, string>();

  const defFor = (reference: JsonObject): string => {
    // A reference always names a place, so `pointer` is the end of its chain, never the fallback.
    const { target, pointer } = resolveAt(document, reference, '#');
    const known = nameOfPointer.get(pointer);
    if (known !== undefined) return known;
    const name = freeName(decodePointer(pointer).at(-1) ?? 'schema', defs);
    nameOfPointer.set(pointer, name);
    // Reserved before copying, so that a schema that refers to itself finds its own name.
    defs[name] = {};
    defs[name] = copy(target) as JsonObject;
    return name;
  };

  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node as JsonObject)) {
      const isReference = key === '$ref' && typeof value === 'string';
      if (isReference) out.$ref = `#/$defs/${defFor(node as JsonObject)}`;
      else if (key === 'discriminator' && isObject(value)) out[key] = copyDiscriminator(value);
      else if (DATA_KEYWORDS.has(key)) out[key] = value;
      else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) out[key] = mapValues(value, copy);
      else out[key] = copy(value);
    }
    return out;
  };

  // OpenAPI's discriminator names its variants by reference: those point into `$defs` too.
  const copyDiscriminator = (discriminator: JsonObject): JsonObject => {
    if (!isObject(discriminator.mapping)) return { ...discriminator };
    const mapping = mapValues(discriminator.mapping, (ref) => (typeof ref === 'string' ? `#/$defs/${defFor({ $ref: ref })}` : ref));
    return { ...discriminator, mapping };
  };

  const root = copy(schema) as JsonObject;
  if (Object.keys(defs).length === 0) return root;
  return { ...root, $defs: { ...root.$defs, ...defs } };
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

function mapValues(map: JsonObject, change: (value: unknown) => unknown): JsonObject {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, change(value)]));
}

/** `base`, or `base2`, `base3`, ... : the first name `defs` does not hold yet. */
function freeName(base: string, defs: Record<string, unknown>): string {
  if (!Object.hasOwn(defs, base)) return base;
  let number = 2;
  while (Object.hasOwn(defs, `${base}${number}`)) number += 1;
  return `${base}${number}`;
}
