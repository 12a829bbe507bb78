// `npm run verify -- --base-url URL [...]`: @vendor/api-mock's `verify` command checking against openapi/spec.yaml as
// authored, x-provenance markers included, so that its report says which of the spec's gap-filling facts the answers
// confirmed or contradicted. (The published bundle has the markers stripped.) The token comes from VENDOR_API_TOKEN,
// as for the command itself. Builds the mock first when dist/ is missing; the bundle goes to a temporary file,
// removed on exit.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSpec, repoRoot, toJsonText } from './lib/bundle.mjs';

const cli = path.join(repoRoot, 'packages/mock/dist/cli.js');

if (!existsSync(cli)) {
  console.log('Building @vendor/api-mock first...');
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@vendor/api-mock', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const userGaveSpec = process.argv.includes('--spec') || process.argv.some((arg) => arg.startsWith('--spec='));
if (!userGaveSpec) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-verify-spec-'));
  const specFile = path.join(dir, 'openapi.source.json');
  writeFileSync(specFile, toJsonText(await bundleSpec()));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  process.argv.push('--spec', specFile);
}

// The CLI reads process.argv: `verify` first, then the user's flags (after `npm run verify --`).
process.argv.splice(2, 0, 'verify');
await import(pathToFileURL(cli).href);
