// The generators import @vendor/spec-model as built (packages/spec-model/dist), like any package. A clone that
// has not built it yet would fail deep inside a generator with ERR_MODULE_NOT_FOUND; this says what to run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './bundle.mjs';

const BUILT_ENTRY = 'packages/spec-model/dist/index.js';

/** Exits (with `exitCode`, 1 unless the script gives its own) with one line when the spec model is not built. */
export function exitUnlessSpecModelBuilt(scriptName, exitCode = 1) {
  if (existsSync(path.join(repoRoot, BUILT_ENTRY))) return;
  console.error(`${scriptName}: ${BUILT_ENTRY} is missing; build it with \`npx turbo run build --filter=@vendor/spec-model\` (\`npm run generate\` does).`);
  process.exit(exitCode);
}
