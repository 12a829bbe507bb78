// The generators and checks import @vendor/spec-model as built (packages/spec-model/dist), like any package.
// On a fresh clone (after `npm ci`, before any build) it is not there yet; rather than fail deep inside a
// generator with ERR_MODULE_NOT_FOUND, a script builds it first, so the README's commands work as written.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './bundle.mjs';

const BUILT_ENTRY = 'packages/spec-model/dist/index.js';
const BUILD_COMMAND = ['turbo', 'run', 'build', '--filter=@vendor/spec-model', '--output-logs=errors-only'];

/** Builds the spec model when its dist is missing; exits (with `exitCode`) with one line when that fails. */
export function buildSpecModelIfMissing(scriptName, exitCode = 1) {
  if (existsSync(path.join(repoRoot, BUILT_ENTRY))) return;
  console.error(`${scriptName}: ${BUILT_ENTRY} is missing; building it first (npx ${BUILD_COMMAND.join(' ')})`);
  // The build's output goes to stderr: a script's stdout may be its result (examples:import prints YAML there).
  const build = spawnSync('npx', BUILD_COMMAND, { cwd: repoRoot, stdio: ['inherit', process.stderr.fd, 'inherit'] });
  const built = build.status === 0 && existsSync(path.join(repoRoot, BUILT_ENTRY));
  if (built) return;
  console.error(`${scriptName}: could not build @vendor/spec-model; run \`npx ${BUILD_COMMAND.join(' ')}\` to see why.`);
  process.exit(exitCode);
}
