// publint, attw and the file list of each published package, on the tarball `npm pack` makes.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkFileList, packAll, packedFileReader, PUBLISHED, runAttw, runPublint } from '../../scripts/check-packages.mjs';
import { assertBuilt } from './setup';

type Packed = Awaited<ReturnType<typeof packAll>>[number];
let dest = '';
const packed = new Map<string, Packed>();

beforeAll(async () => {
  assertBuilt();
  dest = await mkdtemp(path.join(os.tmpdir(), 'packaging-lint-'));
  for (const p of await packAll(dest)) packed.set(p.name, p);
}, 240_000);
afterAll(async () => {
  if (dest) await rm(dest, { recursive: true, force: true });
});

describe.concurrent.each(PUBLISHED.map((p) => p.name))('%s', (name) => {
  test('publint: no errors, warnings or suggestions', async () => {
    expect(await runPublint(packed.get(name)!)).toEqual([]);
  }, 180_000);

  test('attw (node10, node16 CJS and ESM, bundler): no problems', async () => {
    const { problems, table } = await runAttw(packed.get(name)!);
    expect(problems, table).toEqual([]);
  }, 180_000);

  test('the tarball holds only what users need', async () => {
    const p = packed.get(name)!;
    expect(await checkFileList(p, packedFileReader(p)), `files: ${p.files.join(', ')}`).toEqual([]);
  }, 30_000);
});

test('the file-list check rejects tests, fixtures, sources, configs and unreferenced files', async () => {
  // The bin is a committed file outside dist/ that imports the built CLI, as @vendor/api-mock's does.
  const fake = {
    name: '@vendor/api-client',
    pkg: { exports: { '.': { import: './dist/index.js', require: './dist/index.cjs' } }, bin: { x: './bin/x.mjs' } },
    files: [
      'LICENSE', 'README.md', 'package.json', 'bin/x.mjs', 'bin/old.mjs', 'dist/index.js', 'dist/index.cjs', 'dist/chunk-1.js',
      'dist/cli.js', 'dist/cli.cjs', 'dist/index.js.map', 'src/index.ts', 'test/client.test.ts', 'test/fixtures/team.json',
      'tsconfig.json', 'vitest.config.mts', 'openapi.json',
    ],
  };
  const contents: Record<string, string> = {
    'bin/x.mjs': "await import('../dist/cli.js');",
    'dist/index.js': 'import { a } from "./chunk-1.js"; export { a };',
    'dist/index.cjs': 'module.exports = {};',
    'dist/cli.js': 'import "./chunk-1.js";',
    'dist/chunk-1.js': 'export const a = 1;',
  };
  const problems = await checkFileList(fake, async (f) => contents[f] ?? '');
  expect(problems).toEqual([
    'bin/old.mjs: not something a user needs (only dist/, the bin files, README.md, LICENSE, CHANGELOG.md ship)',
    'dist/cli.cjs: nothing in package.json (exports, main, types, bin) leads to it',
    'dist/index.js.map: source map (the sources are not shipped)',
    'src/index.ts: TypeScript source',
    'test/client.test.ts: test folder',
    'test/fixtures/team.json: test folder',
    'tsconfig.json: tsconfig',
    'vitest.config.mts: tool config',
    'openapi.json: not something a user needs (only dist/, the bin files, README.md, LICENSE, CHANGELOG.md ship)',
  ]);
});
