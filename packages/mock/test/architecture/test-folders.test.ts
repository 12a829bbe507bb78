// Tests findable by name: test/ mirrors src/, so every test file sits in a folder that src/ has (the test of
// src/verify/running/pacer.ts is test/verify/running/pacer.test.ts), and every folder of src/ has its test folder.
// Helpers may sit beside the tests that use them.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const testRoot = path.join(packageRoot, 'test');
const srcRoot = path.join(packageRoot, 'src');

/** Top-level folders of test/ that mirror no source folder, each with the reason. */
const CROSS_CUTTING: Record<string, string> = {
  architecture: 'rules over the whole package (its import graph, this file)',
  attacks: 'hostile tenants against the sandbox, the journal and the limits together',
  hosted: 'the sandbox hosted as the README runs it: Postgres, processes, haproxy',
  helpers: 'shared test code, no tests',
  fixtures: 'shared test data, no tests',
};

/**
 * Folders of src/ whose tests still sit one folder up, each with the reason; the list only shrinks. The sandbox's
 * are being changed by this round's sandbox work, so they move when that work has merged.
 */
const NOT_YET_MIRRORED: Record<string, string> = {
  generated: 'generated code: its validators are tested through validation/generated-validators.test.ts',
  random: 'tested through the chaos and seed tests in faults/ and sandbox/',
  'sandbox/handlers': 'tests in test/sandbox/ (handler-table, frozen-json): to move after this round\'s sandbox merges',
  'sandbox/seed': 'tests in test/sandbox/ (seed, copy-on-write): to move after this round\'s sandbox merges',
};

/** Every folder under src/ (`verify/running`), parents before children. */
function srcFolders(folder = ''): string[] {
  const folders: string[] = [];
  for (const entry of readdirSync(path.join(srcRoot, folder))) {
    const relative = folder === '' ? entry : `${folder}/${entry}`;
    if (!statSync(path.join(srcRoot, relative)).isDirectory()) continue;
    folders.push(relative, ...srcFolders(relative));
  }
  return folders;
}

/** The src/ folders without a test folder of the same path, leaving out those `exempt` names. */
function unmirrored(folders: readonly string[], testHasFolder: (folder: string) => boolean, exempt: Record<string, string>): string[] {
  return folders.filter((folder) => !(folder in exempt) && !testHasFolder(folder));
}

const testHasFolder = (folder: string) => existsSync(path.join(testRoot, folder)) && statSync(path.join(testRoot, folder)).isDirectory();

function testFiles(folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(testRoot, folder))) {
    const relative = folder === '' ? entry : `${folder}/${entry}`;
    if (statSync(path.join(testRoot, relative)).isDirectory()) files.push(...testFiles(relative));
    else if (/\.test(-d)?\.ts$/.test(entry)) files.push(relative);
  }
  return files;
}

/** Where a test file sits that src/ has no folder for (`undefined` when it mirrors one, or is cross-cutting). */
function misplaced(file: string, srcHasFolder: (folder: string) => boolean): string | undefined {
  const folder = path.posix.dirname(file);
  const isCrossCutting = folder.split('/')[0]! in CROSS_CUTTING;
  if (folder === '.' || isCrossCutting) return undefined;
  return srcHasFolder(folder) ? undefined : file;
}

const srcHasFolder = (folder: string) => existsSync(path.join(srcRoot, folder)) && statSync(path.join(srcRoot, folder)).isDirectory();

describe('test/ mirrors src/', () => {
  it('finds the tests of nested source folders', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('verify/running/pacer.test.ts');
    expect(files).toContain('conformance/provenance/provenance-check.test.ts');
  });

  it('puts every test file in a folder src/ has, except the cross-cutting ones', () => {
    expect(testFiles().filter((file) => misplaced(file, srcHasFolder) !== undefined)).toEqual([]);
  });

  it('names only cross-cutting folders that exist, and that src/ does not have', () => {
    for (const folder of Object.keys(CROSS_CUTTING)) {
      expect(existsSync(path.join(testRoot, folder)), folder).toBe(true);
      expect(srcHasFolder(folder), folder).toBe(false);
    }
  });

  it('gives every folder of src/ its test folder (src/proxy/forwarding has test/proxy/forwarding)', () => {
    const folders = srcFolders();
    expect(folders).toContain('proxy/forwarding');
    expect(folders).toContain('verify/shrinking');
    expect(unmirrored(folders, testHasFolder, NOT_YET_MIRRORED)).toEqual([]);
  });

  it('exempts only src/ folders that exist and still have no test folder', () => {
    for (const folder of Object.keys(NOT_YET_MIRRORED)) {
      expect(srcHasFolder(folder), folder).toBe(true);
      expect(testHasFolder(folder), `${folder} has its test folder now: take it off NOT_YET_MIRRORED`).toBe(false);
    }
  });

  it('catches a src/ folder without a test folder', () => {
    expect(unmirrored(['proxy', 'proxy/forwarding', 'verify/nowhere'], testHasFolder, {})).toEqual(['verify/nowhere']);
    expect(unmirrored(['verify/nowhere'], testHasFolder, { 'verify/nowhere': 'why' })).toEqual([]);
  });

  it('catches a test in a folder src/ does not have', () => {
    expect(misplaced('verify/check-case.test.ts', () => true)).toBeUndefined();
    expect(misplaced('proxy/nowhere/x.test.ts', srcHasFolder)).toBe('proxy/nowhere/x.test.ts');
    expect(misplaced('attacks/x.test.ts', srcHasFolder)).toBeUndefined();
    expect(misplaced('dist.test.ts', srcHasFolder)).toBeUndefined();
  });
});
