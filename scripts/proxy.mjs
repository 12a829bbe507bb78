// `npm run proxy -- --upstream URL [...]`: the validation proxy (@vendor/api-mock's `proxy` command) checking against
// openapi/spec.yaml as authored, x-provenance markers included, so that its report says which of the spec's
// gap-filling facts the traffic confirmed or contradicted. (The published bundle has the markers stripped.)
// Builds the mock first when dist/ is missing; the bundle goes to a temporary file, removed on exit.
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-proxy-spec-'));
  const specFile = path.join(dir, 'openapi.source.json');
  writeFileSync(specFile, toJsonText(await bundleSpec()));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  process.argv.push('--spec', specFile);
}

// The CLI reads process.argv: `proxy` first, then the user's flags (after `npm run proxy --`).
process.argv.splice(2, 0, 'proxy');
await import(pathToFileURL(cli).href);
