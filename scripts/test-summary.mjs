#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace (test-results/vitest.json; the root's recipes also test-results/recipes.json), and the Python SDK's pytest counts
// (packages/python/test-results/pytest.json, every CPython it ran on), and prints one closing line,
// "Tests: N passed, N failed", so CI can read the outcome of the whole monorepo.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './lib/bundle.mjs';

const dirs = ['.'];
for (const group of ['packages', 'apps']) {
  for (const name of await readdir(path.join(repoRoot, group)).catch(() => [])) dirs.push(`${group}/${name}`);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const dir of dirs) {
  const file = path.join(repoRoot, dir, 'test-results/vitest.json');
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) continue;
  const report = JSON.parse(text);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  rows.push(`  ${dir.padEnd(18)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
// The recipes for other languages (`npm run test:recipes`): the root's second vitest report.
const recipesText = await readFile(path.join(repoRoot, 'test-results/recipes.json'), 'utf8').catch(() => null);
if (recipesText !== null) {
  const report = JSON.parse(recipesText);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  rows.push(`  ${'recipes'.padEnd(18)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
// The Python SDK's runs (packages/python/tools/test.mjs): one row per CPython.
const pytestFile = path.join(repoRoot, 'packages/python/test-results/pytest.json');
const pytestText = await readFile(pytestFile, 'utf8').catch(() => null);
if (pytestText !== null) {
  const report = JSON.parse(pytestText);
  passed += report.passed;
  failed += report.failed;
  skipped += report.skipped;
  for (const run of report.runs) rows.push(`  ${`python ${run.python}`.padEnd(18)} ${run.passed} passed, ${run.failed} failed`);
}
console.log(rows.join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);
