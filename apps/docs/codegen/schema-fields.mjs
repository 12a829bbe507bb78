// A schema as the rows of a fields table, for the Markdown pages that tools read (markdown-pages.mjs): each
// field's path (`data.items[].name`), its type, whether it is required, its rules (enum values, limits, pattern,
// format, default) and its description. `$ref`s, nullable wrappers and open enumerations are read by the spec
// model's rules; unions list their variants and then each variant's fields. Given `linkShape`, a named shape (a
// component with fields or variants) is not expanded where it is used: its type links to where it is stated once.
import { allowsNull, decodePointer, followRef, isOpenEnum, nullableWrapper, openEnumValues, readSunset } from '@vendor/spec-model';

/** How deep nested objects are expanded; deeper fields are named by their type only. */
const MAX_DEPTH = 6;

/**
 * A row is a field, or (with `includes`) every field of a linked shape that the object at `field` has too
 * (an `allOf` member), or (with `variant`) one linked shape the value at `field` may be (a union's variant).
 * @typedef {{ field: string, type: string, required: boolean, rules: string[], description: string, includes?: boolean, variant?: boolean }} FieldRow
 * @typedef {(name: string) => string} LinkShape the text that names a shape where it is used (a Markdown link)
 */

/**
 * @param {Record<string, any>} document the bundled document
 * @param {unknown} schema as written (it may be a `$ref`)
 * @param {'request' | 'response' | 'schema'} direction readOnly fields are left out of requests, writeOnly ones out
 *   of responses; a shape stated on its own ('schema') keeps both
 * @param {{ linkShape?: LinkShape }} [options] without it, every nested object is expanded in place
 * @returns {FieldRow[]} the body itself first (field `(body)`) when it is not an object, then every field
 */
export function fieldRows(document, schema, direction, options = {}) {
  const rows = [];
  const resolved = resolve(document, schema);
  const walker = { document, direction, rows, linkShape: options.linkShape };
  if (!isObjectSchema(document, resolved)) {
    rows.push({ field: '(body)', type: typeLabel(document, schema, walker.linkShape), required: true, rules: rulesOf(document, resolved), description: oneLine(resolved?.description) });
  }
  walk(walker, schema, '', 0, new Set());
  return rows;
}

/**
 * The component name of a schema that is a shape of its own: a named object with fields, or a named union
 * (nullable wrappers looked through). Scalars and maps are not: their type and rules fit in one row.
 */
export function shapeName(document, schema) {
  const inner = unwrapNullable(document, schema);
  const name = componentName(document, inner);
  if (name === undefined) return undefined;
  const resolved = resolve(document, inner);
  if (isOpenEnum(resolved, (branch) => resolve(document, branch))) return undefined;
  const parts = objectParts(document, inner);
  return Object.keys(parts.properties).length > 0 || parts.variants.length > 0 ? name : undefined;
}

/** The target of a `$ref` chain (the model's resolver), or the schema itself. */
function resolve(document, schema) {
  return followRef(document, schema).target ?? schema;
}

/** The component name a `$ref` chain ends at (`Team`), if any. */
export function componentName(document, schema) {
  const last = followRef(document, schema).pointers.at(-1);
  if (last === undefined) return undefined;
  const tokens = decodePointer(last);
  return tokens.length === 3 && tokens[0] === 'components' ? tokens[2] : undefined;
}

/** The schema X of a nullable wrapper `anyOf: [X, null]`, else the schema. */
function unwrapNullable(document, schema) {
  const resolved = resolve(document, schema);
  const wrapper = nullableWrapper(resolved, (branch) => resolve(document, branch));
  return wrapper ? wrapper.inner : schema;
}

/**
 * Properties and required names of an object schema, its allOf members merged in. With `keepShapes`, an allOf
 * member that is a shape of its own is listed in `includes` instead of merged (it is stated once, elsewhere).
 */
function objectParts(document, schema, seen = new Set(), keepShapes = false) {
  const resolved = resolve(document, unwrapNullable(document, schema));
  const parts = { properties: {}, required: new Set(), variants: [], includes: [], closed: false };
  if (resolved === null || typeof resolved !== 'object' || seen.has(resolved)) return parts;
  seen.add(resolved);
  Object.assign(parts.properties, resolved.properties ?? {});
  for (const name of resolved.required ?? []) parts.required.add(name);
  if (resolved.additionalProperties === false || resolved.unevaluatedProperties === false) parts.closed = true;
  for (const member of resolved.allOf ?? []) {
    const memberSchema = resolve(document, member);
    // `if: {properties: {type: {const: X}}}, then: Variant`: a variant selected by a property's value.
    if (memberSchema?.then !== undefined) {
      parts.variants.push({ schema: memberSchema.then, when: conditionLabel(document, memberSchema.if) });
      continue;
    }
    if (keepShapes && shapeName(document, member) !== undefined) {
      parts.includes.push(member);
      continue;
    }
    const inner = objectParts(document, member, seen, keepShapes);
    Object.assign(parts.properties, inner.properties);
    for (const name of inner.required) parts.required.add(name);
    parts.variants.push(...inner.variants);
    parts.includes.push(...inner.includes);
  }
  for (const keyword of ['oneOf', 'anyOf']) {
    for (const branch of resolved[keyword] ?? []) {
      const branchSchema = resolve(document, branch);
      if (branchSchema?.type === 'null') continue;
      parts.variants.push({ schema: branch, when: componentName(document, branch) ?? constLabel(document, branch) });
    }
  }
  return parts;
}

/** `type = "mcp-server/remote"` for `{properties: {type: {const: ...}}}`. */
function conditionLabel(document, condition) {
  const properties = resolve(document, condition)?.properties ?? {};
  const [name, value] = Object.entries(properties)[0] ?? [];
  if (name === undefined) return 'a condition holds';
  return `${name} = ${JSON.stringify(resolve(document, value)?.const)}`;
}

function constLabel(document, branch) {
  const properties = objectParts(document, branch).properties;
  for (const [name, property] of Object.entries(properties)) {
    const value = resolve(document, property);
    if (value && 'const' in value) return `${name} = ${JSON.stringify(value.const)}`;
  }
  return 'variant';
}

function isObjectSchema(document, schema) {
  const parts = objectParts(document, schema);
  return Object.keys(parts.properties).length > 0 || parts.variants.length > 0 || typesOf(resolve(document, unwrapNullable(document, schema))).includes('object');
}

function typesOf(schema) {
  if (schema === null || typeof schema !== 'object') return [];
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type === undefined ? [] : [schema.type];
}

/** Adds the rows of an object schema's fields under `prefix`, then those of its variants. */
function walk(walker, schema, prefix, depth, refsOnPath) {
  const { document, direction, rows, linkShape } = walker;
  const linking = linkShape !== undefined;
  const name = componentName(document, unwrapNullable(document, schema));
  if (name !== undefined && refsOnPath.has(name)) return; // recursive schema: its fields are listed above
  const onPath = name === undefined ? refsOnPath : new Set([...refsOnPath, name]);
  const parts = objectParts(document, schema, new Set(), linking);
  const base = prefix.endsWith('.') ? prefix.slice(0, -1) : prefix.trimEnd();
  for (const member of parts.includes) {
    rows.push({ field: base, type: linkShape(shapeName(document, member)), required: false, rules: [], description: '', includes: true });
  }
  for (const [fieldName, property] of Object.entries(parts.properties)) {
    const resolved = resolve(document, property);
    const skipped = (direction === 'request' && resolved?.readOnly === true) || (direction === 'response' && resolved?.writeOnly === true);
    if (skipped) continue;
    const field = `${prefix}${fieldName}`;
    rows.push({ field, type: typeLabel(document, property, linkShape), required: parts.required.has(fieldName), rules: rulesOf(document, resolved), description: oneLine(resolved?.description) });
    if (depth + 1 >= MAX_DEPTH) continue;
    walkValue(walker, property, field, depth + 1, onPath);
  }
  const statesClosed = direction === 'request' || direction === 'schema';
  if (parts.closed && statesClosed && Object.keys(parts.properties).length > 0) {
    rows.push({ field: `${prefix}*`, type: '-', required: false, rules: ['no other fields are accepted'], description: '' });
  }
  for (const variant of parts.variants) {
    if (depth + 1 >= MAX_DEPTH) break;
    const variantShape = linking ? shapeName(document, variant.schema) : undefined;
    if (variantShape !== undefined) {
      rows.push({ field: base, type: linkShape(variantShape), required: false, rules: [`when ${constLabel(document, variant.schema)}`], description: '', variant: true });
      continue;
    }
    // `manifest (RemoteMcpServerManifest).name`: the variant named where the path enters it.
    const label = base === '' ? `(${variant.when}) ` : `${base} (${variant.when}).`;
    walk(walker, variant.schema, label, depth + 1, onPath);
  }
}

/** Goes into a field's value: an object's fields, an array's items, a map's values; a linked shape stays closed. */
function walkValue(walker, property, field, depth, refsOnPath) {
  const { document } = walker;
  const stated = (schema) => walker.linkShape !== undefined && shapeName(document, schema) !== undefined;
  if (stated(property)) return;
  const value = resolve(document, unwrapNullable(document, property));
  if (value === null || typeof value !== 'object') return;
  if (value.items !== undefined) {
    const items = value.items;
    if (isObjectSchema(document, items) && !stated(items)) walk(walker, items, `${field}[].`, depth, refsOnPath);
    return;
  }
  if (value.additionalProperties && typeof value.additionalProperties === 'object' && isObjectSchema(document, value.additionalProperties)) {
    if (!stated(value.additionalProperties)) walk(walker, value.additionalProperties, `${field}{*}.`, depth, refsOnPath);
    return;
  }
  if (isObjectSchema(document, value)) walk(walker, property, `${field}.`, depth, refsOnPath);
}

/**
 * `string`, `integer | null`, `array of Team`, `Team`, `one of A, B`, `map of string`. With `linkShape`, the name
 * of a shape is its link.
 * @param {LinkShape} [linkShape]
 */
export function typeLabel(document, schema, linkShape) {
  const label = (inner) => typeLabel(document, inner, linkShape);
  const resolved = resolve(document, schema);
  const wrapper = nullableWrapper(resolved, (branch) => resolve(document, branch));
  if (wrapper) return `${label(wrapper.inner)} | null`;
  const name = componentName(document, schema);
  const shown = name !== undefined && linkShape !== undefined && shapeName(document, schema) !== undefined ? linkShape(name) : name;
  if (resolved === true || resolved === undefined) return 'any';
  if (resolved === null || typeof resolved !== 'object') return 'any';
  if (isOpenEnum(resolved, (branch) => resolve(document, branch))) return name ? `${name} (string)` : 'string';
  const types = typesOf(resolved);
  const nullable = types.includes('null') ? ' | null' : '';
  const nonNull = types.filter((type) => type !== 'null');
  if (nonNull.length === 1 && nonNull[0] === 'array') return `array of ${label(resolved.items)}${nullable}`;
  if (nonNull.length === 1 && nonNull[0] === 'object' && typeof resolved.additionalProperties === 'object' && !resolved.properties) {
    return `map of ${label(resolved.additionalProperties)}${nullable}`;
  }
  if (shown && (nonNull.includes('object') || nonNull.length === 0)) return `${shown}${nullable}`;
  if (nonNull.length > 0) return `${nonNull.join(' | ')}${nullable}`;
  const branches = [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
  if (branches.length > 0) return `one of ${branches.map(label).join(', ')}`;
  if ('const' in resolved) return typeof resolved.const;
  if (Array.isArray(resolved.enum)) return [...new Set(resolved.enum.map((value) => (value === null ? 'null' : typeof value)))].join(' | ');
  if (resolved.allOf) return shown ?? 'object';
  return shown ?? 'any';
}

/** `1 character`, `3 characters`. */
function count(value, noun) {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

const RULE_KEYWORDS = [
  ['minLength', (v) => `at least ${count(v, 'character')}`],
  ['maxLength', (v) => `at most ${count(v, 'character')}`],
  ['minimum', (v) => `>= ${v}`],
  ['exclusiveMinimum', (v) => `> ${v}`],
  ['maximum', (v) => `<= ${v}`],
  ['exclusiveMaximum', (v) => `< ${v}`],
  ['multipleOf', (v) => `a multiple of ${v}`],
  ['minItems', (v) => `at least ${count(v, 'item')}`],
  ['maxItems', (v) => `at most ${count(v, 'item')}`],
  ['uniqueItems', (v) => (v === true ? 'items unique' : undefined)],
  ['minProperties', (v) => `at least ${count(v, 'key')}`],
  ['maxProperties', (v) => `at most ${count(v, 'key')}`],
  ['pattern', (v) => `pattern \`${v}\``],
  ['format', (v) => `format ${v}`],
  ['default', (v) => `default ${JSON.stringify(v)}`],
  ['readOnly', (v) => (v === true ? 'read-only' : undefined)],
  ['writeOnly', (v) => (v === true ? 'write-only' : undefined)],
];

/** The rules of one schema (already resolved), in words. */
export function rulesOf(document, schema) {
  if (schema === null || typeof schema !== 'object') return [];
  const inner = resolve(document, unwrapNullable(document, schema));
  const rules = [];
  if (isOpenEnum(inner, (branch) => resolve(document, branch))) {
    rules.push(`known values ${openEnumValues(inner, (branch) => resolve(document, branch)).map((v) => `\`${v}\``).join(', ')}; other strings may come`);
  } else if (Array.isArray(inner?.enum)) {
    rules.push(`one of ${inner.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  }
  if (inner && 'const' in inner) rules.push(`always \`${JSON.stringify(inner.const)}\``);
  for (const [keyword, say] of RULE_KEYWORDS) {
    const value = inner?.[keyword] ?? schema[keyword];
    if (value === undefined) continue;
    const rule = say(value);
    if (rule !== undefined) rules.push(rule);
  }
  if (allowsNull(schema, (branch) => resolve(document, branch))) rules.push('may be null');
  if (schema.deprecated === true) {
    const sunset = readSunset(schema, 'a field');
    rules.push(sunset ? `deprecated, may be removed from ${sunset}` : 'deprecated');
  }
  return rules;
}

/** A description on one table line: line breaks as spaces, pipes escaped. */
export function oneLine(text) {
  if (typeof text !== 'string') return '';
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}
