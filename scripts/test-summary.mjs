#!/usr/bin/env node
// Adds up the vitest JSON reports of every workspace (test-results/vitest.json) and prints one
// closing line, "Tests: N passed, N failed", so CI can read the outcome of the whole monorepo.
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
console.log(rows.join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0 || passed === 0) process.exit(1);
