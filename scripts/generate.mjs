#!/usr/bin/env node
// Regenerates everything derived from openapi/spec.yaml: the bundled document, the types,
// the client's operation table, and anything else a generator in scripts/generators/ produces.
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeGeneratedFiles } from './lib/generators.mjs';
import { repoRoot } from './lib/bundle.mjs';
import { buildSpecModelIfMissing } from './lib/spec-model-built.mjs';

buildSpecModelIfMissing('generate');
const files = await computeGeneratedFiles();
let changed = 0;
for (const file of files) {
  const abs = path.join(repoRoot, file.path);
  const before = await readFile(abs, 'utf8').catch(() => null);
  if (before === file.content) continue;
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, file.content);
  changed += 1;
  console.log(`wrote ${file.path} (${file.generator})`);
}
console.log(`generate: ${files.length} files from openapi/spec.yaml, ${changed} changed`);
