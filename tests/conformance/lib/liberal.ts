// "Requests strict, responses liberal" (docs/ARCHITECTURE.md), as functions over any bundled document:
// which schemas each direction reaches, the structural rules, and "real-shaped" response instances.
// The functions take the document as an argument so the rules can be checked on small fixtures too.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { childPointer, encodePointerToken, followRef, HTTP_METHODS, isKnownValuesBranch, isNullSchema, isOpenEnum, resolveRef } from '@vendor/spec-model';

type Json = any; // OpenAPI documents are untyped JSON

const Ajv2020: any = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats: any = (addFormatsModule as any).default ?? addFormatsModule;
const SPEC_ID = 'https://spec.local/openapi.json';
const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);
/**
 * A schema with its `$ref` chain followed (by @vendor/spec-model), and the pointer where it lives: `location` for
 * a schema written in place, the place the chain ends at for a reference.
 */
export function resolveAt(document: Json, schema: Json, location: string): { schema: Json; location: string } {
  const resolved = resolveRef(document, schema);
  const where = followRef(document, schema).pointers.at(-1);
  return { schema: resolved, location: where ?? location };
}

// ---------------------------------------------------------------------------------------------
// Validation

const factories = new WeakMap<object, (schema: Json) => ValidateFunction>();

/** A validator factory over one document's components (same ajv settings as lib/spec.ts), one per document. */
export function validatorsFor(document: Json): (schema: Json) => ValidateFunction {
  let factory = factories.get(document);
  if (!factory) {
    factory = makeValidators(document);
    factories.set(document, factory);
  }
  return factory;
}

function makeValidators(document: Json): (schema: Json) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: 'components' });
  for (const keyword of ['x-provenance', 'x-provenance-note', 'x-unique']) ajv.addKeyword({ keyword });
  const absolutize = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(absolutize);
    if (!isObject(value)) return value;
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${SPEC_ID}${v}` : absolutize(v);
    return out;
  };
  ajv.addSchema({ $id: SPEC_ID, components: { schemas: absolutize(document.components?.schemas ?? {}) } });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(absolutize(schema)) as ValidateFunction;
      cache.set(key, validate);
    }
    return validate;
  };
}

// ---------------------------------------------------------------------------------------------
// Where schemas are used

export interface SchemaUse {
  /** e.g. `getTeam 200` or `createOrUpdateMcpServer request body` */
  label: string;
  operationId: string;
  /** JSON pointer of the schema inside the document */
  location: string;
  schema: Json;
  status?: string;
}

/** Every operation of the document (not checked against the spec's conventions: the fixtures do not follow them). */
function operationsOf(document: Json) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, Json]) =>
    HTTP_METHODS.filter((m) => isObject(item[m])).map((method) => ({ path, method, item, op: item[method], operationId: item[method].operationId as string })),
  );
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** Every response body schema (2xx and errors) of every operation. */
export function responseUses(document: Json): SchemaUse[] {
  const uses: SchemaUse[] = [];
  for (const { path, method, op, operationId } of operationsOf(document)) {
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const base = childPointer('#/paths', path, method, 'responses', status);
      const { schema: response, location } = resolveAt(document, raw, base);
      for (const [mediaType, media] of Object.entries(response?.content ?? {}) as [string, Json][]) {
        if (!isJson(mediaType) || media.schema === undefined) continue;
        uses.push({ label: `${operationId} ${status}`, operationId, status, location: childPointer(location, 'content', mediaType, 'schema'), schema: media.schema });
      }
    }
  }
  return uses;
}

/** Every request schema: JSON request bodies and parameters. */
export function requestUses(document: Json): SchemaUse[] {
  const uses: SchemaUse[] = [];
  for (const { path, method, item, op, operationId } of operationsOf(document)) {
    const params = [
      ...(item.parameters ?? []).map((p: Json, i: number) => [p, childPointer('#/paths', path, 'parameters', i)]),
      ...(op.parameters ?? []).map((p: Json, i: number) => [p, childPointer('#/paths', path, method, 'parameters', i)]),
    ];
    for (const [raw, base] of params) {
      const { schema: parameter, location } = resolveAt(document, raw, base);
      if (parameter?.schema !== undefined) {
        uses.push({ label: `${operationId} ${parameter.in} parameter ${parameter.name}`, operationId, location: childPointer(location, 'schema'), schema: parameter.schema });
      }
    }
    if (op.requestBody) {
      const { schema: body, location } = resolveAt(document, op.requestBody, childPointer('#/paths', path, method, 'requestBody'));
      for (const [mediaType, media] of Object.entries(body?.content ?? {}) as [string, Json][]) {
        if (isJson(mediaType) && media.schema !== undefined) {
          uses.push({ label: `${operationId} request body`, operationId, location: childPointer(location, 'content', mediaType, 'schema'), schema: media.schema });
        }
      }
    }
  }
  return uses;
}

export interface Visit {
  schema: Json;
  location: string;
  /** property names required of the object this schema describes, including those of an allOf parent */
  required: Set<string>;
  /** the open enumeration this schema is the known-values branch of, if any */
  inOpenEnum: boolean;
}

/**
 * Every schema object reachable from `root` (through $ref, allOf/anyOf/oneOf, properties, items,
 * additionalProperties), once per (schema, inherited required names), with its location.
 */
export function reachable(document: Json, root: Json, rootLocation: string): Visit[] {
  const out: Visit[] = [];
  const seen = new Map<Json, Set<string>>();
  const visit = (raw: Json, location: string, inherited: Set<string>, inOpenEnum: boolean) => {
    const { schema, location: where } = resolveAt(document, raw, location);
    if (!isObject(schema)) return;
    const required = new Set<string>([...inherited, ...(Array.isArray(schema.required) ? schema.required : [])]);
    const key = [...required].sort().join(',') + (inOpenEnum ? '|open' : '');
    const keys = seen.get(schema) ?? new Set<string>();
    if (keys.has(key)) return;
    keys.add(key);
    seen.set(schema, keys);
    out.push({ schema, location: where, required, inOpenEnum });
    const open = isOpenEnum(schema);
    (schema.allOf ?? []).forEach((s: Json, i: number) => visit(s, childPointer(where, 'allOf', i), required, false));
    (schema.anyOf ?? []).forEach((s: Json, i: number) => visit(s, childPointer(where, 'anyOf', i), new Set(), open && isKnownValuesBranch(s)));
    (schema.oneOf ?? []).forEach((s: Json, i: number) => visit(s, childPointer(where, 'oneOf', i), new Set(), false));
    for (const [name, s] of Object.entries(schema.properties ?? {})) visit(s, childPointer(where, 'properties', name), new Set(), false);
    if (schema.items !== undefined) visit(schema.items, childPointer(where, 'items'), new Set(), false);
    if (isObject(schema.additionalProperties)) visit(schema.additionalProperties, childPointer(where, 'additionalProperties'), new Set(), false);
  };
  visit(root, rootLocation, new Set(), false);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Structural rules

/** Optional properties of response objects that reject `null`, as `location (used by label)`. */
export function optionalPropertiesRejectingNull(document: Json): string[] {
  const compile = validatorsFor(document);
  const found = new Set<string>();
  for (const use of responseUses(document)) {
    for (const { schema, location, required } of reachable(document, use.schema, use.location)) {
      for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Json][]) {
        if (required.has(name)) continue;
        const resolved = resolveAt(document, property, location).schema;
        // A write-only field is never sent back, so it has no response value to be null.
        if (isObject(resolved) && resolved.writeOnly === true) continue;
        if (!compile(property)(null)) found.add(childPointer(location, 'properties', name));
      }
    }
  }
  return [...found].sort();
}

/** `enum` lists reachable from a response that are not the known values of an open enumeration. */
export function closedEnumsInResponses(document: Json): string[] {
  const found = new Set<string>();
  for (const use of responseUses(document)) {
    for (const { schema, location, inOpenEnum } of reachable(document, use.schema, use.location)) {
      if (Array.isArray(schema.enum) && !inOpenEnum) found.add(`${location} [${schema.enum.join(', ')}]`);
    }
  }
  return [...found].sort();
}

/** Open enumerations reachable from a request body or parameter. */
export function openEnumsInRequests(document: Json): string[] {
  const found = new Set<string>();
  for (const use of requestUses(document)) {
    for (const { schema, location } of reachable(document, use.schema, use.location)) {
      if (isOpenEnum(schema)) found.add(`${location} (${use.label})`);
    }
  }
  return [...found].sort();
}

/** Objects reachable from a response that refuse unknown properties. */
export function closedObjectsInResponses(document: Json): string[] {
  const found = new Set<string>();
  for (const use of responseUses(document)) {
    for (const { schema, location } of reachable(document, use.schema, use.location)) {
      for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
        if (schema[keyword] === false) found.add(`${childPointer(location, keyword)} (${use.label})`);
      }
    }
  }
  return [...found].sort();
}

/** Top-level request body objects that accept unknown properties. */
export function openRequestBodies(document: Json): string[] {
  const found: string[] = [];
  for (const use of requestUses(document).filter((u) => u.label.endsWith('request body'))) {
    const { schema, location } = resolveAt(document, use.schema, use.location);
    const closed = schema?.additionalProperties === false || schema?.unevaluatedProperties === false;
    if (!closed) found.push(`${location} (${use.label})`);
  }
  return found.sort();
}

// ---------------------------------------------------------------------------------------------
// Real-shaped instances

export const UNKNOWN_ENUM_VALUE = 'zz-future-value';
export const UNKNOWN_PROPERTY = 'zz_future_field';

/**
 * Sample strings for the spec's `pattern`s. A pattern not listed here fails the build loudly, so a new
 * pattern gets a sample chosen by a person instead of a guess.
 */
export const PATTERN_SAMPLES: Record<string, string> = {
  '^[a-z][a-z0-9\\-]{1,71}[a-z0-9]$': 'github-tools',
  '^https?:\\/\\/[^\\s]+$': 'https://mcp.example.com/mcp',
  '^[A-Za-z0-9_.-]{1,128}$': 'Build_tools-1.0',
};

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2026-01-02T03:04:05Z',
  date: '2026-01-02',
  email: 'user@example.com',
  uri: 'https://example.com/resource',
  url: 'https://example.com/resource',
  uuid: '3f2b8c1e-8d4a-4e0b-9a51-5d3c2e1f0a9b',
  password: 'example-password-value',
};

/** A typed position of an instance: where a value sits and which JSON types its schema accepts there. */
export interface Slot {
  path: (string | number)[];
  accepts: Set<string>;
}

export interface Built {
  value: Json;
  slots: Slot[];
}

const MAX_DEPTH = 12;

/** JSON types a schema accepts (through $ref, type arrays, anyOf/oneOf/allOf), or null when unconstrained. */
export function acceptedTypes(document: Json, raw: Json, depth = 0): Set<string> | null {
  const { schema } = resolveAt(document, raw, '#');
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  if ('const' in schema) return new Set([jsonType(schema.const)]);
  if (schema.type !== undefined) return new Set([].concat(schema.type));
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) {
    const all = new Set<string>();
    for (const branch of branches) {
      const types = acceptedTypes(document, branch, depth + 1);
      if (types === null) return null;
      for (const t of types) all.add(t);
    }
    return all;
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      const types = acceptedTypes(document, member, depth + 1);
      if (types !== null) return types;
    }
  }
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  if (schema.properties || schema.additionalProperties !== undefined) return new Set(['object']);
  return null;
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function sampleString(schema: Json, location: string): string {
  let value = 'example';
  if (typeof schema.pattern === 'string') {
    const sample = PATTERN_SAMPLES[schema.pattern];
    if (sample === undefined) {
      throw new Error(`No sample string for pattern /${schema.pattern}/ at ${location}: add one to PATTERN_SAMPLES in tests/conformance/lib/liberal.ts`);
    }
    value = sample;
  } else if (typeof schema.format === 'string') {
    const sample = FORMAT_SAMPLES[schema.format];
    if (sample === undefined) {
      throw new Error(`No sample string for format "${schema.format}" at ${location}: add one to FORMAT_SAMPLES in tests/conformance/lib/liberal.ts`);
    }
    value = sample;
  }
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) value = value.padEnd(schema.minLength, 'a');
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) value = value.slice(0, schema.maxLength);
  const fitsPattern = typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(value);
  if (!fitsPattern) throw new Error(`Sample ${JSON.stringify(value)} does not fit /${schema.pattern}/ within the length limits at ${location}`);
  return value;
}

function sampleNumber(schema: Json, integer: boolean): number {
  let value = integer ? 1 : 1.5;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) value = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) value = schema.exclusiveMaximum - 1;
  return value;
}

/** Removes the slots from `from` on that sit at exactly `path` (pushed while building a union's branch there). */
function dropSlotsAt(slots: Slot[], from: number, path: (string | number)[]): void {
  const samePath = (other: (string | number)[]) => other.length === path.length && other.every((segment, i) => segment === path[i]);
  for (let i = slots.length - 1; i >= from; i--) {
    if (samePath(slots[i]!.path)) slots.splice(i, 1);
  }
}

/** Branches of a union that carry a value (the `{type: 'null'}` branch is what optional fields get). */
function valueBranches(schema: Json): Json[] {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return branches.filter((b) => !isNullSchema(b));
}

/**
 * Builds the k-th real-shaped instance of a response schema: every property present, an unknown value in
 * every open enumeration, an unknown property in every object, and branch (k mod n) of every union with
 * n branches. With `optionalNulls` (the default) every optional property that accepts `null` gets it;
 * without, it gets a value, so the schemas behind nullable fields are exercised too.
 */
export function buildInstance(document: Json, root: Json, rootLocation: string, k: number, { optionalNulls = true } = {}): Built {
  const compile = validatorsFor(document);
  const slots: Slot[] = [];

  const build = (raw: Json, location: string, path: (string | number)[], depth: number): Json => {
    const { schema, location: where } = resolveAt(document, raw, location);
    const accepts = acceptedTypes(document, raw);
    const slotsBefore = slots.length;
    const value = buildValue(schema, where, path, depth);
    if (accepts !== null) {
      // A union's branch built at the same place (anyOf: [{type: integer}, {type: string}]) yields to the union:
      // a wrong value is one that no branch accepts.
      dropSlotsAt(slots, slotsBefore, path);
      slots.push({ path, accepts });
    }
    return value;
  };

  const buildObject = (schema: Json, where: string, path: (string | number)[], depth: number, required: Set<string>): Record<string, Json> => {
    const out: Record<string, Json> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Json][]) {
      const resolved = resolveAt(document, property, where).schema;
      if (isObject(resolved) && resolved.writeOnly === true) continue;
      const optional = !required.has(name);
      const tooDeep = depth > MAX_DEPTH;
      const nullHere = optional && (optionalNulls || tooDeep) && compile(property)(null);
      if (nullHere) {
        out[name] = null;
        const accepts = acceptedTypes(document, property);
        if (accepts !== null) slots.push({ path: [...path, name], accepts });
        continue;
      }
      // Deep recursive structures stop at optional fields that cannot be null.
      if (optional && tooDeep) continue;
      out[name] = build(property, childPointer(where, 'properties', name), [...path, name], depth + 1);
    }
    if (isObject(schema.additionalProperties)) {
      out['zz-map-key'] = build(schema.additionalProperties, childPointer(where, 'additionalProperties'), [...path, 'zz-map-key'], depth + 1);
    }
    return out;
  };

  const buildValue = (schema: Json, where: string, path: (string | number)[], depth: number, inheritedRequired = new Set<string>()): Json => {
    if (!isObject(schema)) return 'zz-any';
    if ('const' in schema) return schema.const;
    if (isOpenEnum(schema)) return UNKNOWN_ENUM_VALUE;
    if (Array.isArray(schema.enum)) return schema.enum[k % schema.enum.length];
    const required = new Set<string>([...inheritedRequired, ...(Array.isArray(schema.required) ? schema.required : [])]);
    if (Array.isArray(schema.allOf)) {
      // Members that constrain the value (a $ref, a type) are built; annotation-only members are not.
      const typed = schema.allOf.map((member: Json, i: number) => ({ member, i })).filter(({ member }: Json) => acceptedTypes(document, member) !== null);
      const values = typed.map(({ member, i }: Json) => {
        const resolved = resolveAt(document, member, childPointer(where, 'allOf', i));
        return buildValue(resolved.schema, resolved.location, path, depth, required);
      });
      const primitive = values.find((v: Json) => !isObject(v));
      if (primitive !== undefined) return primitive;
      const merged: Record<string, Json> = {};
      for (const value of values) Object.assign(merged, value);
      if (schema.properties || schema.additionalProperties) Object.assign(merged, buildObject(schema, where, path, depth, required));
      merged[UNKNOWN_PROPERTY] = 'zz';
      return merged;
    }
    const branches = valueBranches(schema);
    if (branches.length > 0) {
      const branch = branches[k % branches.length];
      const keyword = (schema.oneOf ?? []).includes(branch) ? 'oneOf' : 'anyOf';
      const position = (schema[keyword] as Json[]).indexOf(branch);
      const chosen = build(branch, childPointer(where, keyword, position), path, depth);
      // Properties declared beside the union belong to every branch.
      if (isObject(chosen) && schema.properties) return { ...buildObject(schema, where, path, depth, required), ...chosen };
      return chosen;
    }
    const types: string[] = [].concat(schema.type ?? (schema.properties ? 'object' : []));
    const type = types.find((t) => t !== 'null');
    if (type === undefined) return types.includes('null') ? null : 'zz-any';
    if (type === 'object') {
      const out = buildObject(schema, where, path, depth, required);
      out[UNKNOWN_PROPERTY] = 'zz';
      return out;
    }
    if (type === 'array') {
      const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, depth > MAX_DEPTH ? 0 : 1);
      return Array.from({ length: count }, (_, i) => build(schema.items ?? {}, childPointer(where, 'items'), [...path, i], depth + 1));
    }
    if (type === 'string') return sampleString(schema, where);
    if (type === 'integer' || type === 'number') return sampleNumber(schema, type === 'integer');
    if (type === 'boolean') return true;
    return 'zz-any';
  };

  const value = build(root, rootLocation, [], 0);
  return { value, slots };
}

/** One real-shaped instance, with what it is for the messages. */
export interface Instance extends Built {
  name: string;
}

/**
 * The real-shaped instances of one response: k = 0..n-1 (n: the widest union) with `null` in every
 * optional nullable field, and the same with those fields filled in.
 */
export function realShapedInstances(document: Json, use: SchemaUse): Instance[] {
  const count = instanceCount(document, use.schema, use.location);
  const instances: Instance[] = [];
  for (const optionalNulls of [true, false]) {
    for (let k = 0; k < count; k++) {
      const built = buildInstance(document, use.schema, use.location, k, { optionalNulls });
      instances.push({ ...built, name: `instance ${k} (${optionalNulls ? 'optional fields null' : 'optional fields filled'})` });
    }
  }
  return instances;
}

/** How many instances cover every branch of every union in a schema: the widest union's branch count. */
export function instanceCount(document: Json, root: Json, rootLocation: string): number {
  let widest = 1;
  for (const { schema } of reachable(document, root, rootLocation)) {
    widest = Math.max(widest, valueBranches(schema).length);
  }
  return widest;
}

/** A value of a JSON type the slot does not accept, following integer->"1", string->42, ... */
export function wrongValueFor(actual: Json, accepts: Set<string>): Json | undefined {
  const candidates: Record<string, Json[]> = {
    integer: ['1', true, {}],
    number: ['1.5', true, {}],
    string: [42, true, {}],
    boolean: ['true', 1, {}],
    array: [{}, 'x', 1],
    object: ['x', [], 1],
    null: ['x', 1, {}],
  };
  const acceptsValue = (v: Json) => {
    const t = jsonType(v);
    return accepts.has(t) || (t === 'integer' && accepts.has('number'));
  };
  for (const candidate of candidates[jsonType(actual)] ?? []) if (!acceptsValue(candidate)) return candidate;
  return undefined;
}

/** Deep copy of `value` with the value at `path` replaced. */
export function replaceAt(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  let node = copy;
  for (const segment of path.slice(0, -1)) node = node[segment];
  node[path[path.length - 1]!] = replacement;
  return copy;
}

/** `/a/0/b` for an instance path. */
export const instancePointer = (path: (string | number)[]) => (path.length === 0 ? '(root)' : `/${path.map(encodePointerToken).join('/')}`);

/**
 * Every real-shaped instance of a response with one typed value swapped for a value of another JSON
 * type; returns the swaps the schema accepted (each a type check that no longer holds) and how many ran.
 */
export function wrongTypesAccepted(document: Json, use: SchemaUse): { accepted: string[]; mutations: number } {
  const validate = validatorsFor(document)(use.schema);
  const accepted: string[] = [];
  let mutations = 0;
  for (const { name, value, slots } of realShapedInstances(document, use)) {
    for (const slot of slots) {
      const original = slot.path.reduce((node: Json, segment) => node[segment], value);
      const wrong = wrongValueFor(original, slot.accepts);
      if (wrong === undefined) continue;
      mutations += 1;
      if (validate(replaceAt(value, slot.path, wrong))) {
        accepted.push(`${name} ${instancePointer(slot.path)}: ${JSON.stringify(wrong)} accepted where ${[...slot.accepts].join('|')} is declared`);
      }
    }
  }
  return { accepted, mutations };
}
