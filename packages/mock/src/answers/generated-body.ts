// Generated JSON bodies (Prefer: dynamic=true): a body made up from the response's schema by
// json-schema-faker (JSF), reproducible for a seed, in any runtime (Node, Bun, Deno, browsers, Cloudflare
// workerd): no Node built-in, no eval or new Function while generating. It replaces Prism's generator,
// which needs Node and ignores any seed.
//
// Signature: `(schemaPointer, seed)`. The mock's operation table (spec/operation-table.ts) hands out each
// response's JSON schema as a pointer into the bundle (MockResponse.schemaPointer: the spec model's
// SpecContent.schemaPointer), the same pointer its validators are keyed on: `$ref`s inside the schema are
// expanded from their places in the document, so the caller passes the place, not the object.
//
// Bodies look like Prism 5's (@stoplight/prism-http mocker/generator/JSONSchema.js): the same JSF options,
// writeOnly properties left out, object keys sorted. Unlike Prism, this expands `$ref`s itself and narrows
// allOf parts (see readableSchema and narrowedParts): with JSF's own handling about one success body of the
// bundle's in ten broke its schema. writeOnly properties go behind `$ref`s too (Prism strips only inline ones),
// and keys are sorted inside arrays too (Prism's sort skips array items).
//
// Reproducible: JSF draws every choice from its `random` option, set to a PRNG seeded from `seed` right
// before each (synchronous) generate. Dates come from JSF's fixed minDateTime..maxDateTime window, never
// from the clock, and are printed in UTC. JSF still calls Math.random for a `not` with an `enum` and for a
// fractional `multipleOf`, and its `autoIncrement`/`sequentialDate` keywords keep state across calls; the
// bundle uses none of these (test/generated-body.test.ts checks).
import { followRef, getAtPointer, resolveRef } from '@vendor/spec-model';
// JSF's exports map lists `import` before `browser`, so Node, Bun, Deno and bundlers (esbuild for browsers,
// workerd or a neutral platform) all take its ESM build. Its vendor.js (browserified $RefParser and
// JSONPath, for JSF's async resolve and jsonPath keyword only) needs no Node built-in, and generate never
// reaches the `new Function` in it. Node's require gets its CJS build.
import { JSONSchemaFaker } from 'json-schema-faker';
import { seededRandom } from '../random/seeded-random.js';
import type { OpenApiDocument } from '../types.js';

/** A body for the schema at `schemaPointer`; the same pointer and seed give the same body. */
export type GenerateBody = (schemaPointer: string, seed: string) => unknown;

type JsonObject = Record<string, unknown>;
type FakerSchema = Parameters<typeof JSONSchemaFaker.generate>[0];

/** Prism 5's JSF options: every optional property filled, unknown types and formats tolerated. */
const PRISM_OPTIONS = {
  failOnInvalidTypes: false,
  failOnInvalidFormat: false,
  alwaysFakeOptionals: true,
  optionalsProbability: 1,
  fixedProbabilities: true,
  ignoreMissingRefs: true,
} as const;

/** Keywords whose values are data, not schemas: nothing in them is expanded or dropped. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Where a `$ref` leads back into a schema it is inside: no finite body can follow it. */
const CUT = Symbol('recursive $ref');
/** An expanded schema, or CUT. */
type Expanded = unknown;

export function createBodyGenerator(doc: OpenApiDocument): GenerateBody {
  const expanded = new Map<string, JsonObject>();
  const schemaAt = (schemaPointer: string): JsonObject => {
    let schema = expanded.get(schemaPointer);
    if (schema === undefined) {
      schema = readableSchema(doc, schemaPointer);
      expanded.set(schemaPointer, schema);
    }
    return schema;
  };
  return (schemaPointer, seed) => sortedKeys(generate(schemaAt(schemaPointer), seed));
}

/**
 * JSF's options are global to the module, so all of them are set here, from JSF's defaults up, whatever
 * another user of JSF (Prism, in the same bundle) left; generate is synchronous, so nothing runs in between.
 */
function generate(schema: JsonObject, seed: string): unknown {
  JSONSchemaFaker.option({ ...JSONSchemaFaker.option.getDefaults(), ...PRISM_OPTIONS, random: seededRandom(seed) });
  return JSONSchemaFaker.generate(schema as FakerSchema);
}

/**
 * The schema at the pointer as JSF gets it: local `$ref`s replaced by what they name, writeOnly properties
 * left out. Not JSF's own `$ref` resolution: it allows each `$ref` a random 1 to 3 uses per body, as a
 * guard against recursion, then reads it as an empty schema, so the later items of an array of the same
 * `$ref` come out as anything at all and break their schema.
 */
function readableSchema(doc: OpenApiDocument, schemaPointer: string): JsonObject {
  const schema = getAtPointer(doc, schemaPointer);
  if (!isObject(schema)) throw new Error(`No schema at ${schemaPointer}`);
  const readable = expandSchema(doc, schema, [schemaPointer]);
  if (readable === CUT) throw new Error(`The schema at ${schemaPointer} has no finite instance: it requires itself`);
  return readable as JsonObject;
}

/**
 * A copy of the schema with its `$ref`s expanded. A `$ref` to a schema it is already inside is cut
 * rather than followed forever: the branch of an anyOf/oneOf, optional property or array item that holds
 * it is left out (an empty array), and CUT comes back only where the schema needs it.
 */
function expandSchema(doc: OpenApiDocument, schema: unknown, inside: readonly string[]): Expanded {
  if (!isObject(schema)) return schema;
  if (typeof schema.$ref === 'string') return expandRef(doc, schema, inside);
  const out: JsonObject = {};
  let emptyArray = false;
  for (const [keyword, value] of Object.entries(schema)) {
    const expanded = expandKeyword(doc, schema, keyword, value, inside);
    if (expanded !== CUT) {
      out[keyword] = expanded;
      continue;
    }
    const canBeEmpty = keyword === 'items' && (schema.minItems ?? 0) === 0;
    if (!canBeEmpty) return CUT;
    emptyArray = true;
  }
  // JSF makes an array without `items` only when both bounds are 0.
  if (emptyArray) Object.assign(out, { minItems: 0, maxItems: 0 });
  if (Array.isArray(out.required)) out.required = out.required.filter((name) => !isWriteOnly(doc, propertyOf(schema, name)));
  if (Array.isArray(out.allOf)) out.allOf = narrowedParts(out.allOf);
  return out;
}

function expandKeyword(doc: OpenApiDocument, schema: JsonObject, keyword: string, value: unknown, inside: readonly string[]): Expanded {
  if (DATA_KEYWORDS.has(keyword)) return value;
  if (keyword === 'properties' && isObject(value)) return expandProperties(doc, value, requiredOf(schema), inside);
  if (keyword === 'anyOf' || keyword === 'oneOf') return expandAlternatives(doc, value, inside);
  if (Array.isArray(value)) return expandAll(doc, value, inside);
  return expandSchema(doc, value, inside);
}

function expandRef(doc: OpenApiDocument, node: JsonObject, inside: readonly string[]): Expanded {
  const { $ref: _ref, ...siblings } = node;
  const chain = followRef(doc, node);
  // A `$ref` to another document is JSF's to skip (ignoreMissingRefs).
  if (chain.broken?.reason === 'external') return node;
  // Back into a schema it is inside, or round a loop of `$ref`s: no finite body follows it.
  const leadsInside = chain.broken?.reason === 'circular' || chain.pointers.some((pointer) => inside.includes(pointer));
  if (leadsInside) return CUT;
  // A `$ref` that names nothing stands for no constraint, as JSF's ignoreMissingRefs reads it.
  const target = expandSchema(doc, chain.target ?? {}, [...inside, ...chain.pointers]);
  if (target === CUT) return CUT;
  if (Object.keys(siblings).length === 0) return target;
  // OpenAPI 3.1 lets keywords sit beside a `$ref`; both apply, as in an allOf.
  const beside = expandSchema(doc, siblings, inside);
  if (beside === CUT) return CUT;
  return { allOf: [beside, target] };
}

/** The properties without writeOnly ones and without optional ones that would recurse forever. */
function expandProperties(doc: OpenApiDocument, properties: JsonObject, required: readonly string[], inside: readonly string[]): Expanded {
  const out: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    if (isWriteOnly(doc, property)) continue;
    const expanded = expandSchema(doc, property, inside);
    if (expanded === CUT && required.includes(name)) return CUT;
    if (expanded !== CUT) out[name] = expanded;
  }
  return out;
}

/** The alternatives that do not recurse forever; CUT when none is left. */
function expandAlternatives(doc: OpenApiDocument, alternatives: unknown, inside: readonly string[]): Expanded {
  if (!Array.isArray(alternatives)) return alternatives;
  const finite = alternatives.map((alternative) => expandSchema(doc, alternative, inside)).filter((expanded) => expanded !== CUT);
  if (finite.length === 0) return CUT;
  return finite;
}

function expandAll(doc: OpenApiDocument, schemas: unknown[], inside: readonly string[]): Expanded {
  const out = schemas.map((schema) => expandSchema(doc, schema, inside));
  if (out.includes(CUT)) return CUT;
  return out;
}

/**
 * JSF merges the parts of an allOf key by key and joins their anyOf lists into one, so a property that one
 * part requires to be a string and another allows to be null could come out null. So each part's
 * anyOf/oneOf for a property keeps only the alternatives of the JSON types the other parts allow it.
 */
function narrowedParts(parts: unknown[]): unknown[] {
  return parts.map((part) => {
    if (!isObject(part) || !isObject(part.properties)) return part;
    const others = parts.filter((other) => other !== part);
    const properties: JsonObject = {};
    for (const [name, property] of Object.entries(part.properties)) {
      const allowed = commonTypes(others.map((other) => typesOf(isObject(other) ? propertyOf(other, name) : undefined)));
      properties[name] = withAlternativesOf(property, allowed);
    }
    return { ...part, properties };
  });
}

/** The schema with only the anyOf/oneOf alternatives that allow one of `allowed` (all, if none would be left). */
function withAlternativesOf(schema: unknown, allowed: JsonTypes | undefined): unknown {
  if (allowed === undefined || !isObject(schema)) return schema;
  const keyword = alternativesKeyword(schema);
  if (keyword === undefined) return schema;
  const kept = (schema[keyword] as unknown[]).filter((alternative) => overlap(typesOf(alternative), allowed));
  if (kept.length === 0) return schema;
  return { ...schema, [keyword]: kept };
}

/** JSON type names (`string`, `null`, ...); undefined stands for any type. */
type JsonTypes = ReadonlySet<string>;

/** The JSON types a schema allows, by its `type` or its alternatives'; undefined when it does not say. */
function typesOf(schema: unknown): JsonTypes | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type);
  const keyword = alternativesKeyword(schema);
  if (keyword === undefined) return undefined;
  const each = (schema[keyword] as unknown[]).map(typesOf);
  if (each.includes(undefined)) return undefined;
  return new Set(each.flatMap((types) => [...types!]));
}

/** The types all of the given sets allow; undefined when none says. */
function commonTypes(sets: Array<JsonTypes | undefined>): JsonTypes | undefined {
  const known = sets.filter((types): types is JsonTypes => types !== undefined);
  if (known.length === 0) return undefined;
  return new Set([...known[0]!].filter((type) => known.every((types) => overlap(new Set([type]), types))));
}

/** Whether a value could be of one of `a` and one of `b` (an integer is a number). */
function overlap(a: JsonTypes | undefined, b: JsonTypes): boolean {
  if (a === undefined) return true;
  for (const type of a) {
    if (b.has(type)) return true;
    if (type === 'integer' && b.has('number')) return true;
    if (type === 'number' && b.has('integer')) return true;
  }
  return false;
}

function alternativesKeyword(schema: JsonObject): 'anyOf' | 'oneOf' | undefined {
  if (Array.isArray(schema.anyOf)) return 'anyOf';
  if (Array.isArray(schema.oneOf)) return 'oneOf';
  return undefined;
}

function propertyOf(schema: JsonObject, name: string): unknown {
  if (!isObject(schema.properties)) return undefined;
  return schema.properties[name];
}

function requiredOf(schema: JsonObject): string[] {
  if (Array.isArray(schema.required)) return schema.required;
  return [];
}

/** writeOnly on the property itself or on what its `$ref` leads to (a broken `$ref` counts as not). */
function isWriteOnly(doc: OpenApiDocument, property: unknown): boolean {
  if (!isObject(property)) return false;
  if (property.writeOnly === true) return true;
  if (typeof property.$ref !== 'string') return false;
  try {
    return resolveRef(doc, property)?.writeOnly === true;
  } catch {
    return false;
  }
}

/** The value with every object's keys in code-unit order, as Prism sorts them (arrays keep their order). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isObject(value)) return value;
  const names = Object.keys(value).sort();
  return Object.fromEntries(names.map((name) => [name, sortedKeys(value[name])]));
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
