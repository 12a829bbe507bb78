// `npm run mock [-- --port 4010 --host 127.0.0.1]`: runs the partner mock (@vendor/api-mock's CLI)
// in this process, building the mock (and the types bundle it serves) first when dist/ is missing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repoRoot, 'packages/mock/dist/cli.js');

if (!existsSync(cli)) {
  console.log('Building @vendor/api-mock first...');
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@vendor/api-mock', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The CLI reads process.argv (after `npm run mock --`), prints the URLs, logs requests and stops on SIGINT/SIGTERM.
await import(pathToFileURL(cli).href);
