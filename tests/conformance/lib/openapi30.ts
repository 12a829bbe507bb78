// The OpenAPI 3.0.3 rendition of the bundle (the spec model's toOpenApi30, as `npm run generate` ships it) and
// validators for its schemas. A 3.0 schema is read as 3.0 tools read it: `nullable: true` adds `null` to the
// schema's `type` (ajv's own reading of the keyword), or, on a schema without a `type` (a union, `allOf: [$ref]`),
// makes it "this or null". Compiled with ajv's draft-07 dialect, the closest to 3.0's own.
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { getAtPointer, toOpenApi30 } from '@vendor/spec-model';
import { doc } from './spec.js';

type Json = any;
const Ajv: any = (AjvModule as any).default ?? AjvModule;
const addFormats: any = (addFormatsModule as any).default ?? addFormatsModule;

export const rendition = toOpenApi30(doc);
export const doc30: Json = rendition.document;
const SPEC30_ID = 'https://spec.local/openapi-3.0.json';

/** A 3.0 schema as JSON Schema: `nullable` turned into `null` in the type or a null branch; `$ref`s made absolute. */
export function jsonSchemaOf30(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf30);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.$ref = `${SPEC30_ID}${value}`;
    else if (['example', 'examples', 'default', 'enum', 'const'].includes(key) || key.startsWith('x-')) out[key] = value;
    else if (key === 'properties' && value !== null && typeof value === 'object') out[key] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, jsonSchemaOf30(property)]));
    else out[key] = jsonSchemaOf30(value);
  }
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

function makeAjv() {
  const ajv = new Ajv({ strict: true, strictTypes: false, strictRequired: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  for (const keyword of ['discriminator', 'example', 'components', 'x-provenance', 'x-provenance-note', 'x-unique']) ajv.addKeyword({ keyword });
  ajv.addSchema({ $id: SPEC30_ID, components: { schemas: jsonSchemaOf30(doc30.components.schemas) } });
  return ajv;
}

const ajv30 = makeAjv();
const cache = new Map<string, ValidateFunction>();

/** The validator of the 3.0 rendition's schema at `location` (the same JSON pointer as in the 3.1 document). */
export function validator30At(location: string): ValidateFunction {
  let validate = cache.get(location);
  if (!validate) {
    const schema = getAtPointer(doc30, location);
    if (schema === undefined) throw new Error(`the 3.0 rendition has no schema at ${location}`);
    validate = ajv30.compile(jsonSchemaOf30(schema)) as ValidateFunction;
    cache.set(location, validate);
  }
  return validate;
}

export function errors30(validate: ValidateFunction): string {
  return ajv30.errorsText(validate.errors, { separator: '\n' });
}
