// The contract written as OpenAPI 3.0.3, for the tools that read only 3.0 (API gateways, older generators): every
// OpenAPI 3.1 construct the document uses in its 3.0 form, and a clear error for one that 3.0 cannot carry, so that
// a new construct in the spec is rendered on purpose, never passed through into an invalid 3.0 document.
import { encodePointerToken as escape } from './pointer.js';
import { isNullSchema } from './schema-rules.js';
import type { JsonObject, OpenApiDocument } from './types.js';

/** What 3.0 cannot say as 3.1 does, and how the rendition writes it. The docs list these. */
export const OPENAPI_30_RENDERINGS = {
  'type-list-null': { construct: "type: [X, 'null']", rendering: 'type: X with nullable: true' },
  'null-branch': {
    construct: "anyOf / oneOf with a {type: 'null'} branch",
    rendering:
      'the branch dropped and nullable: true on the union; a single remaining $ref becomes allOf: [$ref] with nullable: true, a single inline branch is merged in (null added to its enum)',
  },
  const: { construct: 'const: V', rendering: 'enum: [V] (one value)' },
  'schema-examples': { construct: 'examples: [A, ...] in a schema', rendering: 'example: A (the first)' },
  'ref-siblings': { construct: 'keywords beside a $ref in a schema', rendering: 'allOf: [$ref] with the keywords beside it' },
  'reference-siblings': { construct: 'summary or description beside a $ref outside schemas', rendering: 'dropped (3.0 ignores them); the referenced object keeps its own' },
  'exclusive-bounds': { construct: 'exclusiveMinimum: N / exclusiveMaximum: N', rendering: 'minimum: N / maximum: N with exclusiveMinimum: true / exclusiveMaximum: true' },
  'content-encoding': { construct: 'contentEncoding: base64 on a string', rendering: 'format: byte' },
  'content-media-type': { construct: 'contentMediaType on a string', rendering: 'format: binary' },
  'license-identifier': { construct: 'info.license.identifier (SPDX)', rendering: 'dropped; info.license.name and url stay' },
  'info-summary': { construct: 'info.summary', rendering: 'dropped; info.description stays' },
  'json-schema-dialect': { construct: 'jsonSchemaDialect', rendering: 'dropped (3.0 schemas have one dialect)' },
} as const;

export type OpenApi30Rendering = keyof typeof OPENAPI_30_RENDERINGS;

/** JSON Schema keywords of 3.1 with no 3.0 form: the rendition refuses a document that uses them. */
const WITHOUT_30_FORM = [
  'prefixItems',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'unevaluatedItems',
  'patternProperties',
  'propertyNames',
  'contains',
  'minContains',
  'maxContains',
  '$defs',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$id',
  '$schema',
];
// Keywords whose values are data, never schemas.
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

export interface OpenApi30Rendition {
  document: OpenApiDocument;
  /** The renderings the document needed, each once, in the order of OPENAPI_30_RENDERINGS. */
  renderings: OpenApi30Rendering[];
}

export class OpenApi30Error extends Error {}

/** The document as OpenAPI 3.0.3; `document` is not changed. Throws OpenApi30Error naming the place of a construct 3.0 cannot carry. */
export function toOpenApi30(document: OpenApiDocument): OpenApi30Rendition {
  const used = new Set<OpenApi30Rendering>();
  const out = renderDocument(structuredClone(document), used);
  const renderings = (Object.keys(OPENAPI_30_RENDERINGS) as OpenApi30Rendering[]).filter((rendering) => used.has(rendering));
  return { document: out, renderings };
}

function renderDocument(document: OpenApiDocument, used: Set<OpenApi30Rendering>): OpenApiDocument {
  if ('webhooks' in document) throw new OpenApi30Error('#/webhooks: OpenAPI 3.0 has no webhooks');
  if (isObject(document.components) && 'pathItems' in document.components) throw new OpenApi30Error('#/components/pathItems: OpenAPI 3.0 has no reusable path items');
  const out: JsonObject = { ...document, openapi: '3.0.3' };
  if ('jsonSchemaDialect' in out) {
    delete out.jsonSchemaDialect;
    used.add('json-schema-dialect');
  }
  out.info = renderInfo(document.info, used);
  for (const [key, value] of Object.entries(out)) {
    if (key === 'openapi' || key === 'info') continue;
    out[key] = key === 'components' ? renderComponents(value, used) : renderNode(value, `#/${key}`, used);
  }
  return out;
}

function renderInfo(info: JsonObject, used: Set<OpenApi30Rendering>): JsonObject {
  const out: JsonObject = { ...info };
  if ('summary' in out) {
    delete out.summary;
    used.add('info-summary');
  }
  if (isObject(out.license) && 'identifier' in out.license) {
    const { identifier: _identifier, ...license } = out.license;
    out.license = license;
    used.add('license-identifier');
  }
  return out;
}

function renderComponents(components: JsonObject, used: Set<OpenApi30Rendering>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(components)) {
    if (key === 'schemas' && isObject(value)) {
      out.schemas = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, renderSchema(schema, `#/components/schemas/${name}`, used)]));
    } else {
      out[key] = renderNode(value, `#/components/${key}`, used);
    }
  }
  return out;
}

/** Any part of the document outside schemas: `schema` keys lead into schemas, examples and extensions are data. */
function renderNode(node: unknown, where: string, used: Set<OpenApi30Rendering>): unknown {
  if (Array.isArray(node)) return node.map((item, i) => renderNode(item, `${where}/${i}`, used));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string' && Object.keys(node).length > 1) {
    used.add('reference-siblings');
    return { $ref: node.$ref };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    const place = `${where}/${escape(key)}`;
    if (key === 'schema' && isObject(value)) out[key] = renderSchema(value, place, used);
    else if (key === 'example' || key === 'examples' || key.startsWith('x-')) out[key] = value;
    else out[key] = renderNode(value, place, used);
  }
  return out;
}

function renderSchema(schema: unknown, where: string, used: Set<OpenApi30Rendering>): unknown {
  if (!isObject(schema)) return schema;
  for (const keyword of WITHOUT_30_FORM) {
    if (keyword in schema) throw new OpenApi30Error(`${where}/${escape(keyword)}: OpenAPI 3.0 has no ${keyword}`);
  }
  if (typeof schema.$ref === 'string') return renderReference(schema, where, used);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    const place = `${where}/${escape(key)}`;
    if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) out[key] = value;
    else if (key === 'properties' && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, renderSchema(property, `${place}/${escape(name)}`, used)]));
    // A null branch stays as written until renderNullBranches turns it into `nullable`.
    else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) out[key] = value.map((branch, i) => (isNullSchema(branch) ? branch : renderSchema(branch, `${place}/${i}`, used)));
    else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isObject(value)) out[key] = renderSchema(value, place, used);
    else out[key] = value;
  }
  renderConst(out, used);
  renderSchemaExamples(out, used);
  renderExclusiveBounds(out, used);
  renderContent(out, used);
  renderTypeList(out, where, used);
  return renderNullBranches(out, where, used);
}

function renderReference(schema: JsonObject, where: string, used: Set<OpenApi30Rendering>): JsonObject {
  const { $ref, ...siblings } = schema;
  if (Object.keys(siblings).length === 0) return { $ref };
  used.add('ref-siblings');
  const rendered = renderSchema(siblings, where, used) as JsonObject;
  return { ...rendered, allOf: [{ $ref }, ...(rendered.allOf ?? [])] };
}

function renderConst(schema: JsonObject, used: Set<OpenApi30Rendering>): void {
  if (!('const' in schema)) return;
  if (!Array.isArray(schema.enum)) schema.enum = [schema.const];
  delete schema.const;
  used.add('const');
}

function renderSchemaExamples(schema: JsonObject, used: Set<OpenApi30Rendering>): void {
  if (!Array.isArray(schema.examples)) return;
  if (!('example' in schema) && schema.examples.length > 0) schema.example = schema.examples[0];
  delete schema.examples;
  used.add('schema-examples');
}

function renderExclusiveBounds(schema: JsonObject, used: Set<OpenApi30Rendering>): void {
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'number') continue;
    schema[bound] = schema[exclusive];
    schema[exclusive] = true;
    used.add('exclusive-bounds');
  }
}

function renderContent(schema: JsonObject, used: Set<OpenApi30Rendering>): void {
  if (schema.contentEncoding === 'base64') {
    schema.format ??= 'byte';
    delete schema.contentEncoding;
    used.add('content-encoding');
  }
  if ('contentMediaType' in schema) {
    schema.format ??= 'binary';
    delete schema.contentMediaType;
    used.add('content-media-type');
  }
}

/** `type: [X, 'null']` -> `type: X, nullable: true`; a list of two value types has no 3.0 form. */
function renderTypeList(schema: JsonObject, where: string, used: Set<OpenApi30Rendering>): void {
  if (!Array.isArray(schema.type)) {
    if (schema.type === 'null') throw new OpenApi30Error(`${where}/type: OpenAPI 3.0 has no null type outside a union's branch`);
    return;
  }
  const valueTypes = schema.type.filter((type: string) => type !== 'null');
  if (valueTypes.length !== 1) throw new OpenApi30Error(`${where}/type: the list ${JSON.stringify(schema.type)} has no 3.0 form (write an anyOf of one type each)`);
  const nullable = valueTypes.length < schema.type.length;
  schema.type = valueTypes[0];
  if (nullable) {
    schema.nullable = true;
    used.add('type-list-null');
  }
}

/** `anyOf: [X, {type: 'null'}]` -> X with `nullable: true`. */
function renderNullBranches(schema: JsonObject, where: string, used: Set<OpenApi30Rendering>): JsonObject {
  const keyword = (['anyOf', 'oneOf'] as const).find((key) => Array.isArray(schema[key]) && schema[key].some(isNullSchema));
  if (keyword === undefined) return schema;
  const branches = (schema[keyword] as JsonObject[]).filter((branch) => !isNullSchema(branch));
  if (branches.length === 0) throw new OpenApi30Error(`${where}/${keyword}: only null branches; OpenAPI 3.0 has no null type`);
  used.add('null-branch');
  const { [keyword]: _union, ...rest } = schema;
  if (branches.length > 1) return { ...rest, [keyword]: branches, nullable: true };
  const [only] = branches as [JsonObject];
  if (typeof only.$ref === 'string' && Object.keys(only).length === 1) return { ...rest, allOf: [only, ...(rest.allOf ?? [])], nullable: true };
  const clash = Object.keys(only).filter((key) => key in rest);
  if (clash.length > 0) return { ...rest, allOf: [only, ...(rest.allOf ?? [])], nullable: true };
  const merged: JsonObject = { ...rest, ...only, nullable: true };
  // 3.0 reads `nullable` with an `enum` as null only when the enum lists it.
  if (Array.isArray(merged.enum) && !merged.enum.includes(null)) merged.enum = [...merged.enum, null];
  return merged;
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
