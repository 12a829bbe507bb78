#!/usr/bin/env node
// Adds the lock-file entries of other platforms' optional binaries (rollup's and turbo's) that npm leaves
// out when the registry it can reach serves only this platform's builds (as on our build machines).
// Without them `npm ci` stops with "Missing: @rollup/rollup-darwin-arm64@ from lock file". Each entry is
// what npm writes against a full registry, minus integrity: version, optional, and the os/cpu/libc that
// make npm skip it on any other platform. Run after any `npm install` that changes the lock file.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './lib/bundle.mjs';

const OS = { win32: 'win32', windows: 'win32', darwin: 'darwin', linux: 'linux', android: 'android', freebsd: 'freebsd', openbsd: 'openbsd', openharmony: 'openharmony' };
const CPU = { x64: 'x64', 64: 'x64', arm64: 'arm64', arm: 'arm', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };

/** `@rollup/rollup-linux-arm64-musl` -> { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }; null if unknown. */
export function platformOf(name) {
  const [osToken, cpuToken, abi] = name.split('/').pop().replace(/^rollup-/, '').split('-');
  const os = OS[osToken];
  const cpu = CPU[cpuToken];
  if (!os || !cpu) return null;
  const libc = os === 'linux' ? LIBC[abi] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const lockPath = path.join(repoRoot, 'package-lock.json');
const lock = JSON.parse(await readFile(lockPath, 'utf8'));
const added = [];
for (const [at, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${at ? `${at}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
await writeFile(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added.length} other-platform optional entries${added.length ? `: ${added.join(', ')}` : ''}`);
