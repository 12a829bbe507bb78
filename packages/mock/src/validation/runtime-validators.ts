// The validators the running mock uses, by key (validator-keys.ts). For the published bundle they come
// precompiled from generated/validators.ts; any other spec (startMock({ spec })) is compiled here with ajv,
// loaded only then.
import { fingerprint as generatedFingerprint, loadValidators } from '../generated/validators.js';
import type { MockOperation } from '../spec/operation-table.js';
import { addOurFormats, ajvOptions, documentFingerprint, validatorSchemas } from './validator-keys.js';
import type { OpenApiDocument } from '../types.js';

/** ajv's error object, as far as the mock reads it. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

export type ValidateFunction = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

export interface SchemaValidators {
  /** 'generated' when the spec is the bundle the validators were generated from, else 'compiled'. */
  source: 'generated' | 'compiled';
  /** The validator under `key`, or undefined when the spec has no such schema. */
  get(key: string): ValidateFunction | undefined;
}

export async function loadSchemaValidators(doc: OpenApiDocument, operations: MockOperation[]): Promise<SchemaValidators> {
  if ((await documentFingerprint(doc)) === generatedFingerprint) {
    const table = loadValidators() as Record<string, ValidateFunction>;
    return { source: 'generated', get: (key) => table[key] };
  }
  return compileValidators(doc, operations);
}

/** Compiles every validator of `doc` now (ajv), so a schema ajv cannot compile fails at start-up. */
export async function compileValidators(doc: OpenApiDocument, operations: MockOperation[]): Promise<SchemaValidators> {
  const [{ Ajv2020 }, formatsModule] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
  const addFormats = ((formatsModule as any).default ?? formatsModule) as (ajv: InstanceType<typeof Ajv2020>) => unknown;
  const schemas = validatorSchemas(doc, operations);
  const table: Record<string, ValidateFunction> = {};
  const sets = [
    { entries: schemas.coerced, coerceTypes: true },
    { entries: schemas.exact, coerceTypes: false },
  ];
  for (const { entries, coerceTypes } of sets) {
    const ajv = new Ajv2020(ajvOptions(coerceTypes));
    addOurFormats(ajv, addFormats);
    ajv.addSchema(schemas.document);
    for (const { key, schema } of entries) {
      try {
        table[key] = ajv.compile(schema) as ValidateFunction;
      } catch (cause) {
        throw new Error(`${key}: cannot compile its schema: ${(cause as Error).message}`, { cause });
      }
    }
  }
  return { source: 'compiled', get: (key) => table[key] };
}
