#!/usr/bin/env node
// Checks the four published packages as npm would ship them (build them first: `npx turbo run build --filter=@vendor/*`).
//
//   node scripts/check-packages.mjs      packs each package, then runs publint and `attw` on the tarball and checks
//                                        its file list; prints every problem, exits 1 if there is any.
//
// The same functions run inside `npm test` (tests/packaging/*.test.ts).
//   publint      on the packed files, strict (warnings count), suggestions included: zero messages.
//   attw         on the packed tarball (what `attw --pack` does), profile "strict" (node10, node16 CJS/ESM, bundler): zero problems.
//   file list    only what a user needs: package.json, README.md, LICENSE, CHANGELOG.md, the built entry points in
//                dist/ and what they import, the files `bin` names (committed, so npm links them before a build),
//                the bundled OpenAPI document (openapi.json, and its 3.0.3 rendition openapi-3.0.json/.yaml) of @vendor/api-types,
//                and the Grafana dashboard (grafana/*.json) of @vendor/api-mock.
//                No tests, fixtures, TypeScript sources, configs, source maps or files nothing refers to.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { packPackage, PUBLISHED } from '../lib/published-packages.mjs';

const run = promisify(execFile);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Which packages are published and how one is packed live in lib/published-packages.mjs: the bench packs them too.
export { PUBLISHED, packPackage };

export async function packAll(dest) {
  // One at a time: npm pack is quick, and parallel npm processes share one cache.
  const packed = [];
  for (const entry of PUBLISHED) packed.push(await packPackage(entry, dest));
  return packed;
}

/** publint on the packed tarball. @returns {Promise<string[]>} one line per message (errors, warnings and suggestions) */
export async function runPublint(packed) {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const tarball = await readFile(packed.tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    level: 'suggestion',
    strict: true,
  });
  return messages.map((m) => `${m.type}: ${formatMessage(m, pkg, { color: false }) ?? m.code}`);
}

/** attw on the packed tarball. @returns {Promise<{ problems: string[], table: string }>} */
export async function runAttw(packed) {
  const bin = path.join(repoRoot, 'node_modules/@arethetypeswrong/cli/dist/index.js');
  // A YAML export (@vendor/api-types/openapi-3.0.yaml) is a data file to read, not a module to import: nothing to type.
  const yamlExports = Object.keys(packed.pkg?.exports ?? {}).filter((entry) => /\.ya?ml$/.test(entry));
  const args = [bin, packed.tarball, '--no-definitely-typed', '--profile', 'strict', ...(yamlExports.length ? ['--exclude-entrypoints', ...yamlExports] : [])];
  // attw exits 1 when it finds problems; its JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, [...args, '--format', 'json'], { maxBuffer: 64 * 1024 * 1024 }).catch((e) => e);
  const report = JSON.parse(stdout);
  const problems = (report.analysis?.problems ?? []).map(
    (p) => `${p.kind} at ${p.entrypoint ?? ''}${p.resolutionKind ? ` (${p.resolutionKind})` : ''}`,
  );
  if (problems.length === 0) return { problems, table: '' };
  const table = await run(process.execPath, [...args, '--format', 'table-flipped', '--no-color', '--no-emoji'], {
    maxBuffer: 16 * 1024 * 1024,
  })
    .then((r) => r.stdout)
    .catch((e) => `${e.stdout ?? ''}${e.stderr ?? ''}`);
  return { problems, table };
}

/** The contract documents @vendor/api-types ships beside dist/: the 3.1 bundle and its 3.0.3 rendition. */
const API_TYPES_DOCUMENTS = ['openapi.json', 'openapi-3.0.json', 'openapi-3.0.yaml'];

const FORBIDDEN = [
  [/(^|\/)(test|tests|__tests__|spec|__mocks__)\//, 'test folder'],
  [/(^|\/)(fixture|fixtures|__fixtures__)\//, 'fixture folder'],
  [/\.(test|spec)\.[cm]?[jt]sx?$/, 'test file'],
  [/(^|\/)tsconfig[^/]*\.json$/, 'tsconfig'],
  [/(^|\/)(vitest|tsup|vite|jest|eslint|rollup)\.config\.[cm]?[jt]s$/, 'tool config'],
  [/(^|\/)(test-results|coverage|\.turbo|node_modules)\//, 'tool output'],
  [/(?<!\.d)\.[cm]?tsx?$/, 'TypeScript source'],
  [/\.map$/, 'source map (the sources are not shipped)'],
  [/\.tgz$/, 'tarball'],
];

function entryTargets(pkg) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'string') out.add(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg.exports);
  for (const k of ['main', 'module', 'types', 'typings', 'browser']) walk(pkg[k]);
  walk(typeof pkg.bin === 'string' ? { bin: pkg.bin } : pkg.bin);
  return [...out].filter((t) => !t.includes('*')).map(packagePath);
}

/** The files package.json's `bin` names, as paths inside the package. */
function binTargets(pkg) {
  const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
  return new Set(bins.map(packagePath));
}

function packagePath(target) {
  return path.posix.normalize(target).replace(/^\.\//, '');
}

const DECL_FOR = { '.js': ['.d.ts'], '.cjs': ['.d.cts'], '.mjs': ['.d.mts'], '': ['.d.ts', '/index.d.ts'] };

/** Files of the tarball reachable from its entry points through relative imports (JS and declarations). */
export async function reachableFiles(packed, readPackedFile) {
  const files = new Set(packed.files);
  const seen = new Set();
  const queue = entryTargets(packed.pkg).filter((f) => files.has(f));
  const missing = entryTargets(packed.pkg).filter((f) => !files.has(f));
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file)) continue;
    const text = await readPackedFile(file);
    const specifiers = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g);
    for (const [, spec] of specifiers) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const ext = path.posix.extname(target);
      const stem = ext in DECL_FOR ? target.slice(0, target.length - ext.length) : target;
      const candidates = [target, `${target}.js`, `${target}/index.js`];
      if (file.includes('.d.')) candidates.push(...(DECL_FOR[ext] ?? ['.d.ts']).map((e) => stem + e));
      for (const c of candidates) if (files.has(c)) queue.push(c);
    }
  }
  return { reachable: seen, missing };
}

/**
 * File-list check. @returns {string[]} one line per problem
 * @param {{ name: string, files: string[], pkg: any }} packed
 * @param {(file: string) => Promise<string>} readPackedFile reads a file of the package as packed
 */
export async function checkFileList(packed, readPackedFile) {
  const problems = [];
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!packed.files.includes(required)) problems.push(`${required} is missing`);
  }
  const { reachable, missing } = await reachableFiles(packed, readPackedFile);
  const bins = binTargets(packed.pkg);
  for (const target of missing) problems.push(`${target} is named in package.json but not in the tarball`);
  for (const file of packed.files) {
    const forbidden = FORBIDDEN.find(([re]) => re.test(file));
    if (forbidden) {
      problems.push(`${file}: ${forbidden[1]}`);
      continue;
    }
    if (/^(package\.json|README\.md|LICENSE(\.md|\.txt)?|CHANGELOG\.md)$/.test(file)) continue;
    if (packed.name === '@vendor/api-types' && API_TYPES_DOCUMENTS.includes(path.posix.basename(file))) continue;
    // The Grafana dashboard a platform team imports (the mock's README, "Watching a hosted sandbox").
    if (packed.name === '@vendor/api-mock' && /^grafana\/[\w-]+\.json$/.test(file)) continue;
    if (bins.has(file)) continue;
    if (!file.startsWith('dist/')) problems.push(`${file}: not something a user needs (only dist/, the bin files, README.md, LICENSE, CHANGELOG.md ship)`);
    else if (!reachable.has(file)) problems.push(`${file}: nothing in package.json (exports, main, types, bin) leads to it`);
  }
  return problems;
}

/** Reads files of a package as packed, from its folder (npm pack copies them unchanged). */
export function packedFileReader(packed) {
  return (file) => readFile(path.join(repoRoot, packed.dir, file), 'utf8');
}

async function main() {
  const dest = await mkdtemp(path.join(os.tmpdir(), 'check-packages-'));
  let failed = false;
  try {
    for (const packed of await packAll(dest)) {
      const [publint, attw, files] = await Promise.all([
        runPublint(packed),
        runAttw(packed),
        checkFileList(packed, packedFileReader(packed)),
      ]);
      const count = publint.length + attw.problems.length + files.length;
      failed ||= count > 0;
      console.log(`\n${packed.name}: ${path.basename(packed.tarball)}, ${packed.files.length} files, ${packed.size} B packed, ${packed.unpackedSize} B unpacked`);
      for (const f of packed.files) console.log(`    ${f}`);
      console.log(`  publint: ${publint.length ? `\n    ${publint.join('\n    ')}` : 'all good'}`);
      console.log(`  attw: ${attw.problems.length ? `\n    ${attw.problems.join('\n    ')}` : 'no problems'}`);
      if (attw.problems.length) console.log(attw.table.replace(/^/gm, '    '));
      console.log(`  file list: ${files.length ? `\n    ${files.join('\n    ')}` : 'only what users need'}`);
    }
  } finally {
    await rm(dest, { recursive: true, force: true });
  }
  console.log(failed ? '\ncheck-packages: problems found' : '\ncheck-packages: all packages pass');
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
