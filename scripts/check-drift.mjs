#!/usr/bin/env node
// Fails when committed generated files differ from what openapi/spec.yaml generates now.
// Fix: `npm run generate` and commit the result. Never edit generated files by hand.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeGeneratedFiles } from './lib/generators.mjs';
import { repoRoot } from './lib/bundle.mjs';
import { buildSpecModelIfMissing } from './lib/spec-model-built.mjs';

buildSpecModelIfMissing('check:drift');
const files = await computeGeneratedFiles();
const drifted = [];
for (const file of files) {
  const committed = await readFile(path.join(repoRoot, file.path), 'utf8').catch(() => null);
  if (committed === null) drifted.push(`${file.path}: missing (generator ${file.generator})`);
  else if (committed !== file.content) {
    const a = committed.split('\n');
    const b = file.content.split('\n');
    let line = 0;
    while (line < Math.max(a.length, b.length) && a[line] === b[line]) line += 1;
    drifted.push(`${file.path}: differs from line ${line + 1} (generator ${file.generator})`);
  }
}
if (drifted.length > 0) {
  console.error(`Generated output drifted from openapi/spec.yaml:\n  ${drifted.join('\n  ')}`);
  console.error('Run `npm run generate` and commit the result.');
  process.exit(1);
}
console.log(`check:drift: ${files.length} generated files match openapi/spec.yaml`);
