// Runs one command of @vendor/api-mock's CLI (`proxy`, `verify`) against openapi/spec.yaml as authored, x-provenance
// markers included, so that its report says which of the spec's gap-filling facts were confirmed or contradicted.
// (The published bundle has the markers stripped.) Builds the mock first when dist/ is missing; the bundle goes to a
// temporary file, removed on exit. The user's own --spec wins.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toJsonText } from '../../lib/json-text.mjs';
import { bundleSpec, repoRoot } from './bundle.mjs';

const cli = path.join(repoRoot, 'packages/mock/dist/cli.js');

/** `command` then the user's flags (after `npm run <script> --`), as the CLI reads process.argv. */
export async function runMockCommandWithAuthoredSpec(command) {
  buildMockWhenMissing();
  const userGaveSpec = process.argv.includes('--spec') || process.argv.some((arg) => arg.startsWith('--spec='));
  if (!userGaveSpec) process.argv.push('--spec', await writeAuthoredBundle(command));
  process.argv.splice(2, 0, command);
  await import(pathToFileURL(cli).href);
}

function buildMockWhenMissing() {
  if (existsSync(cli)) return;
  console.log('Building @vendor/api-mock first...');
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@vendor/api-mock', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function writeAuthoredBundle(command) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `api-${command}-spec-`));
  const specFile = path.join(dir, 'openapi.source.json');
  writeFileSync(specFile, toJsonText(await bundleSpec()));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return specFile;
}
