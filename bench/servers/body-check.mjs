// The checked floor's one check (floor-server.mjs --check-body): JSON.parse, then the operation's request body
// validator built as the mock builds its own: the same schema (packages/mock/src/validation/validator-keys.ts, read
// through esbuild as the validators' generator reads it) and the same ajv options. So the floor does no more and no
// less per body than the mock must.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { importTypeScript } from '../../lib/import-typescript.mjs';
import { loadBundle } from '../lib/spec.mjs';
import { repoRoot } from '../lib/paths.mjs';

const addFormats = addFormatsModule.default ?? addFormatsModule;
const SCHEMAS_MODULE = 'packages/mock/src/validation/validator-keys.ts';

/** A function of a body's text: whether it is JSON that keeps the schema of `operationId`'s request body. */
export async function compileBodyCheck(operationId) {
  const { validatorSchemas, ajvOptions, bodyKey } = await importTypeScript(repoRoot, SCHEMAS_MODULE);
  const schemas = validatorSchemas(loadBundle());
  const key = bodyKey({ operationId });
  const entry = schemas.exact.find((candidate) => candidate.key === key);
  if (entry === undefined) throw new Error(`--check-body: ${operationId} has no JSON request body`);
  const ajv = new Ajv2020(ajvOptions(false));
  addFormats(ajv);
  ajv.addSchema(schemas.document);
  const validate = ajv.compile(entry.schema);
  return (text) => {
    try {
      return validate(JSON.parse(text));
    } catch {
      return false;
    }
  };
}
