// The console's library, Scalar's API reference (@scalar/api-reference, MIT), as its one-file browser build.
// Installing the package would add about 300 MB of its development dependencies to `npm ci` for one file, so
// this step fetches the pinned release with npm's own client (`npm pack`) into a cache folder once, checks the
// tarball against the registry's integrity hash written here, and copies dist/browser/standalone.js into the site.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export const SCALAR = {
  name: '@scalar/api-reference',
  version: '1.76.0',
  /** `npm view @scalar/api-reference@1.76.0 dist.integrity` */
  integrity: 'sha512-pjqwnzmA9YK3ZX+IZSICMsywm4qI6HLSngR2py9H6TvFApHHuJjkTAd+gFJfnqJDzJuro8k7ji6JCtJ2U+Byng==',
  file: 'package/dist/browser/standalone.js',
};

const exists = (file) => stat(file).then(() => true, () => false);

/** The tarball's sha512 in npm's `integrity` form. */
async function integrityOf(file) {
  return `sha512-${createHash('sha512').update(await readFile(file)).digest('base64')}`;
}

/**
 * Copies the console library into `target`, fetching it into `cacheDir` first if needed.
 * @returns {Promise<string>} where the library came from (for the build's log)
 */
export async function copyConsoleLibrary(cacheDir, target) {
  const unpacked = path.join(cacheDir, `scalar-api-reference-${SCALAR.version}`);
  const library = path.join(unpacked, SCALAR.file);
  let source = 'cache';
  if (!(await exists(library))) {
    await mkdir(unpacked, { recursive: true });
    const tarball = path.join(cacheDir, `scalar-api-reference-${SCALAR.version}.tgz`);
    if (!(await exists(tarball))) {
      source = 'registry';
      execFileSync('npm', ['pack', `${SCALAR.name}@${SCALAR.version}`, '--pack-destination', cacheDir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    }
    const integrity = await integrityOf(tarball);
    if (integrity !== SCALAR.integrity) {
      throw new Error(`${tarball}: integrity ${integrity} is not the pinned ${SCALAR.integrity}; delete it and build again`);
    }
    execFileSync('tar', ['xzf', tarball, '-C', unpacked, SCALAR.file]);
  }
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(library, target);
  return source;
}
