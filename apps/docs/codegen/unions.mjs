// Reshapes the document's unions (`oneOf`/`anyOf`) so that Redoc shows their variants by name.
//
// Redoc labels a union that carries a `discriminator` as `any` and hides its variants behind the
// discriminator property, and it names untitled inline variants after their type (`string`,
// `string (2)`). The docs therefore give every variant a `title` (a discriminated variant is named by
// its discriminator value) and drop the `discriminator` keyword, after writing into the union's
// description which property selects the variant. Only annotations change: every variant, every
// `$ref` and every validation keyword stays as it is, so what the contract accepts is unchanged.
import { decodePointer, encodePointerToken, followRef, resolveRef } from '@vendor/spec-model';

const UNION_KEYWORDS = ['oneOf', 'anyOf'];
/** Keys whose values are data (examples, defaults), never schemas: a `oneOf` inside them is not a union. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum', 'x-codeSamples']);
/** Keys whose values map names to schemas (or to objects holding schemas). */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'paths', 'responses', 'parameters', 'headers', 'content', 'requestBodies']);

/**
 * @typedef {{ pointer: string, keyword: 'oneOf'|'anyOf', names: string[], discriminator: string|undefined }} UnionView
 * One union of the docs document and the names its variants are shown under.
 */

/** Rewrites every union of `document` in place; returns what each union shows. */
export function presentUnions(document) {
  /** @type {UnionView[]} */
  const views = [];
  walk(document, '#', (node, pointer) => {
    for (const keyword of UNION_KEYWORDS) {
      if (!Array.isArray(node[keyword])) continue;
      views.push(presentUnion(document, node, keyword, pointer));
    }
  });
  return views;
}

/** Visits every object of the document once (depth first), with its JSON pointer. */
function walk(node, pointer, visit, keysAreNames = false) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, `${pointer}/${i}`, visit));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  if (!keysAreNames) visit(node, pointer);
  for (const [key, value] of Object.entries(node)) {
    const isData = !keysAreNames && DATA_KEYS.has(key);
    if (isData) continue;
    // Under `properties` (and maps like `schemas`) the keys are names, so a property called `enum` is a schema.
    const childKeysAreNames = !keysAreNames && NAME_MAPS.has(key);
    walk(value, `${pointer}/${encodePointerToken(key)}`, visit, childKeysAreNames);
  }
}

function presentUnion(document, union, keyword, pointer) {
  const discriminator = union.discriminator?.propertyName;
  const names = distinct(union[keyword].map((variant, i) => variantName(document, union, variant, i)));
  union[keyword] = union[keyword].map((variant, i) => withTitle(variant, names[i]));
  if (discriminator) {
    const selector = `Selected by \`${discriminator}\`: ${names.map((n) => `\`${n}\``).join(', ')}.`;
    union.description = appendParagraph(union.description, selector);
    delete union.discriminator;
  }
  return { pointer, keyword, names, discriminator };
}

/** Two variants never share a name (two inline objects would both be `object`): the second is `object (2)`. */
function distinct(names) {
  const seen = new Map();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** Adds a paragraph after a Markdown description, keeping the description's own text as it is. */
function appendParagraph(description, paragraph) {
  if (!description) return paragraph;
  const separator = description.endsWith('\n') ? '\n' : '\n\n';
  return `${description}${separator}${paragraph}`;
}

/** A `$ref` variant keeps its `$ref`; OpenAPI 3.1 allows a `title` beside it, and Redoc shows that title. */
function withTitle(variant, title) {
  if (title === undefined) return variant;
  return { ...variant, title };
}

/**
 * The name a variant is shown under, first match wins: its discriminator value (from the mapping, or the
 * `const` of the discriminator property), its own title, the schema name of its `$ref`, a name for the
 * two halves of an open enum (`known value` / `other string`), its `const`, or its type.
 */
function variantName(document, union, variant, index) {
  const discriminator = union.discriminator;
  if (discriminator) {
    const value = discriminatorValue(document, discriminator, variant);
    if (value !== undefined) return value;
  }
  const resolved = resolveRef(document, variant);
  if (typeof resolved?.title === 'string') return resolved.title;
  // The name of the component the variant refers to: the last token of the first place its $ref leads to.
  const [referenced] = followRef(document, variant).pointers;
  if (referenced !== undefined) return decodePointer(referenced).at(-1);
  return inlineVariantName(resolved, union, index);
}

function discriminatorValue(document, discriminator, variant) {
  if (typeof variant.$ref === 'string') {
    const mapped = Object.entries(discriminator.mapping ?? {}).find(([, ref]) => ref === variant.$ref);
    if (mapped) return mapped[0];
  }
  return constOf(document, variant, discriminator.propertyName, new Set());
}

/** The `const` (or single-value `enum`) of `property` in a schema, looking through `$ref` and `allOf`. */
function constOf(document, schema, property, seen) {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return undefined;
    seen.add(schema.$ref);
    return constOf(document, resolveRef(document, schema), property, seen);
  }
  const own = resolveRef(document, schema.properties?.[property]);
  if (own?.const !== undefined) return String(own.const);
  if (Array.isArray(own?.enum) && own.enum.length === 1) return String(own.enum[0]);
  for (const part of schema.allOf ?? []) {
    const found = constOf(document, part, property, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function inlineVariantName(variant, union, index) {
  if (variant === null || typeof variant !== 'object') return `variant ${index + 1}`;
  if (variant.const !== undefined) return JSON.stringify(variant.const);
  const type = Array.isArray(variant.type) ? variant.type.join(' or ') : variant.type;
  if (Array.isArray(variant.enum)) return `known ${type ?? 'value'}`;
  const siblings = union.oneOf ?? union.anyOf;
  const isOpenEnumRest = siblings.some((other) => other !== variant && Array.isArray(other?.enum) && other.type === variant.type);
  if (isOpenEnumRest) return `other ${type}`;
  if (type !== undefined) return type;
  return `variant ${index + 1}`;
}
