// Loads the bundled OpenAPI document once and compiles its schemas with ajv (JSON Schema 2020-12).
// Every conformance suite starts here, so they all hold the same document against the seed.
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { createSpecModel, resolveRef, type SpecModel, type SpecOperation } from '@vendor/spec-model';
// @ts-expect-error: plain ESM helper without type declarations
import { bundleSpec } from '../../../scripts/lib/bundle.mjs';

type Json = any; // the OpenAPI document is untyped JSON

const Ajv2020: any = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats: any = (addFormatsModule as any).default ?? addFormatsModule;

/**
 * The bundled document exactly as `bundleSpec()` returns it (internal `$ref`s kept).
 * CONFORMANCE_SPEC may point at another entry file (used to check that the suite catches mutations).
 */
export const doc: Json = await bundleSpec(process.env.CONFORMANCE_SPEC || undefined);

/** Base URI the components are registered under (ajv rejects `urn:` ids here, so an https-style id). */
export const SPEC_ID = 'https://spec.local/openapi.json';

/** Deep copy of `value` with every local `#/...` `$ref` made absolute against SPEC_ID. */
export function absolutizeRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(absolutizeRefs) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${SPEC_ID}${v}` : absolutizeRefs(v);
    }
    return out as T;
  }
  return value;
}

function makeAjv() {
  // strict: an unknown keyword (a typo such as `minlength`) is an error, not silently ignored.
  // strictRequired is off because `allOf: [Subject] + required` (SubjectWithType) is legitimate;
  // schema-hygiene.test.ts checks instead that every required name is a declared property.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  // OpenAPI keywords: `discriminator` is an annotation here (variant selection is done by the
  // consts inside `oneOf`, which is what Prism relies on too); ajv's own discriminator support
  // rejects `mapping` and allOf-composed variants. `example` is the OpenAPI 3.0-style annotation.
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'example' });
  // Provenance marks (where a gap-filling value came from) are data for us, not validation keywords.
  ajv.addKeyword({ keyword: 'x-provenance' });
  ajv.addKeyword({ keyword: 'x-provenance-note' });
  // x-unique (a value the service refuses twice) is contract data for writers such as verify, not a validation keyword.
  ajv.addKeyword({ keyword: 'x-unique' });
  // The registered root is `{$id, components: {schemas}}`, so refs keep their `#/components/schemas/X`
  // pointers; `components` is declared so strict mode accepts that root when a fragment is resolved.
  ajv.addKeyword({ keyword: 'components' });
  ajv.addSchema({ $id: SPEC_ID, components: { schemas: absolutizeRefs(doc.components.schemas) } });
  return ajv;
}

export const ajv = makeAjv();

const cache = new Map<string, ValidateFunction>();

/** Validator of `#/components/schemas/<name>`. */
export function schemaValidator(name: string): ValidateFunction {
  if (!doc.components.schemas[name]) throw new Error(`no schema ${name}`);
  const v = ajv.getSchema(`${SPEC_ID}#/components/schemas/${name}`);
  if (!v) throw new Error(`cannot compile ${name}`);
  return v;
}

/** Validator of an inline schema object taken from the document (e.g. a media type's or parameter's). */
export function compile(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = cache.get(key);
  if (!v) {
    v = ajv.compile(absolutizeRefs(schema)) as ValidateFunction;
    cache.set(key, v);
  }
  return v;
}

/** Validates and returns `true`/`false`, keeping ajv's errors readable in assertion messages. */
export function valid(validate: ValidateFunction, value: unknown): boolean {
  return validate(value) as boolean;
}

export function errorsOf(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

/** The spec model of `doc` (@vendor/spec-model): its operations, `$ref`s and JSON pointers, read once. */
export const model: SpecModel = createSpecModel(doc);

export interface Operation {
  method: string;
  path: string;
  /** The operation object itself (the document's own). */
  op: Json;
  /** Its path item (the document's own). */
  pathItem: Json;
  operationId: string;
  /** The model's reading of the operation (address space, idempotency, error shape, parameters, ...). */
  spec: SpecOperation;
}

/** Every operation, in the model's (document) order. */
export const operations: Operation[] = model.operations.map((spec) => ({
  method: spec.method,
  path: spec.path,
  pathItem: spec.pathItem,
  op: spec.definition,
  operationId: spec.operationId,
  spec,
}));

export function operation(operationId: string): Operation {
  const found = operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Parameter objects of an operation (path-level and operation-level, merged and `$ref`s followed by the model). */
export function parameters(operationId: string): Json[] {
  return model.operation(operationId).parameters.map((p) => p.definition);
}

export function parameter(operationId: string, name: string, where: string): Json {
  const p = parameters(operationId).find((x) => x.in === where && x.name.toLowerCase() === name.toLowerCase());
  if (!p) throw new Error(`${operationId} has no ${where} parameter ${name}`);
  return p;
}

export function requestBodySchema(operationId: string): Json {
  const rb = resolveRef(doc, operation(operationId).op.requestBody);
  return rb?.content?.['application/json']?.schema;
}

export function response(operationId: string, status: string): Json {
  return resolveRef(doc, operation(operationId).op.responses?.[status]);
}

export function responseSchema(operationId: string, status: string): Json {
  return response(operationId, status)?.content?.['application/json']?.schema;
}

/**
 * The schema of property `name` of a component schema, looking through `$ref` and `allOf`
 * (variants are `allOf: [common, specific]`). Returns undefined when no branch declares it.
 */
export function propertySchema(schema: Json, name: string): Json {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== 'object') return undefined;
  if (s.properties && name in s.properties) return s.properties[name];
  for (const sub of s.allOf ?? []) {
    const found = propertySchema(sub, name);
    if (found) return found;
  }
  return undefined;
}

/** Names of the properties a schema declares (through `$ref` and `allOf`). */
export function propertyNames(schema: Json): string[] {
  const s = resolveRef(doc, schema);
  const names = new Set<string>(Object.keys(s?.properties ?? {}));
  for (const sub of s?.allOf ?? []) for (const n of propertyNames(sub)) names.add(n);
  return [...names];
}

/** The `required` list of a schema (union over `allOf`). */
export function requiredOf(schema: Json): string[] {
  const s = resolveRef(doc, schema);
  const names = new Set<string>(s?.required ?? []);
  for (const sub of s?.allOf ?? []) for (const n of requiredOf(sub)) names.add(n);
  return [...names];
}

/**
 * A short description of a property schema's type, e.g. `string`, `string|null`, `integer`,
 * `date-time`, `date-time|null`, `array<string>`, `object`, `const:model-version`.
 * Looks through `$ref`, single-branch `allOf` and `anyOf`/`oneOf` unions.
 */
export function typeOf(schema: Json): string {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== 'object') return 'none';
  if ('const' in s) return `const:${s.const}`;
  const parts = new Set<string>();
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  for (const t of types) {
    if (t === 'string' && s.format === 'date-time') parts.add('date-time');
    else if (t === 'array') parts.add(`array<${s.items ? typeOf(s.items) : 'any'}>`);
    else parts.add(t);
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const bt = typeOf(branch);
    if (bt.startsWith('const:')) parts.add(typeof resolveRef(doc, branch).const);
    else for (const p of bt.split('|')) parts.add(p);
  }
  if (types.length === 0 && s.allOf) for (const sub of s.allOf) for (const p of typeOf(sub).split('|')) if (p !== 'none') parts.add(p);
  if (parts.size === 0) return s.properties || s.additionalProperties !== undefined ? 'object' : 'any';
  const order = ['date-time', 'string', 'integer', 'number', 'boolean', 'object', 'null'];
  return [...parts]
    .sort((a, b) => (order.indexOf(a) === -1 ? 50 : order.indexOf(a)) - (order.indexOf(b) === -1 ? 50 : order.indexOf(b)))
    .join('|');
}

/** Every schema object reachable from `schema` (through $ref, composition, properties, items). */
export function reachableSchemas(schema: Json, seen = new Set<Json>()): Json[] {
  const s = resolveRef(doc, schema);
  if (!s || typeof s !== 'object' || seen.has(s)) return [];
  seen.add(s);
  const children: Json[] = [
    ...(s.allOf ?? []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...Object.values(s.properties ?? {}),
    ...(s.items ? [s.items] : []),
    ...(s.additionalProperties && typeof s.additionalProperties === 'object' ? [s.additionalProperties] : []),
  ];
  return [s, ...children.flatMap((c) => reachableSchemas(c, seen))];
}

export const clone = <T>(v: T): T => structuredClone(v);
