// The checked floor's one check (floor-server.mjs --check-body): JSON.parse, then the very validator the mock runs
// for that operation's request body: the precompiled ajv standalone function of packages/mock/src/generated/
// validators.ts, found under the mock's own key (validation/validator-keys.ts), both read through esbuild. So the
// floor does no more and no less per body than the mock must.
import { importTypeScript } from '../../lib/import-typescript.mjs';
import { repoRoot } from '../lib/paths.mjs';

const VALIDATORS_MODULE = 'packages/mock/src/generated/validators.ts';
const KEYS_MODULE = 'packages/mock/src/validation/validator-keys.ts';

/** A function of a body's text: whether it is JSON that keeps the schema of `operationId`'s request body. */
export async function compileBodyCheck(operationId) {
  const [{ loadValidators }, { bodyKey }] = await Promise.all([importTypeScript(repoRoot, VALIDATORS_MODULE), importTypeScript(repoRoot, KEYS_MODULE)]);
  const validate = loadValidators()[bodyKey({ operationId })];
  if (validate === undefined) throw new Error(`--check-body: ${operationId} has no JSON request body`);
  return (text) => {
    try {
      return validate(JSON.parse(text));
    } catch {
      return false;
    }
  };
}
