// The packages we publish, in dependency order, and `npm pack` of one of them: what scripts/check-packages.mjs
// checks, the packaging tests read, and the bench (bench/mcp-server.mjs) installs as a user would.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The published packages, in dependency order. */
export const PUBLISHED = [
  { name: '@vendor/api-types', dir: 'packages/types' },
  { name: '@vendor/api-client', dir: 'packages/client' },
  { name: '@vendor/api-mock', dir: 'packages/mock' },
  { name: '@vendor/api-mcp', dir: 'packages/mcp' },
];

/**
 * `npm pack` one package into dest.
 * @returns {Promise<{ name: string, dir: string, tarball: string, size: number, unpackedSize: number, files: string[], pkg: any }>}
 */
export async function packPackage(entry, dest) {
  const cwd = path.join(repoRoot, entry.dir);
  const pkg = JSON.parse(await readFile(path.join(cwd, 'package.json'), 'utf8'));
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
    cwd,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
  return {
    ...entry,
    pkg,
    tarball: path.join(dest, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    files: info.files.map((f) => f.path).sort(),
  };
}
