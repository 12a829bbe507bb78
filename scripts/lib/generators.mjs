// Loads every generator in scripts/generators/ (in file-name order) and computes its outputs.
// A generator is a module exporting `async function generate({ bundle, repoRoot })` that returns
// `[{ path, content }]` with paths relative to the repo root. Generators never write files themselves:
// generate.mjs writes the outputs, check-drift.mjs compares them with what is committed.
// Every output ships to partners, so generators see the published document (no authoring notes).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSpec, repoRoot } from './bundle.mjs';
import { publishedDocument } from './published.mjs';

export async function computeGeneratedFiles() {
  const dir = path.join(repoRoot, 'scripts/generators');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.mjs')).sort();
  const bundle = publishedDocument(await bundleSpec());
  const files = [];
  for (const name of names) {
    const mod = await import(pathToFileURL(path.join(dir, name)).href);
    const outputs = await mod.generate({ bundle, repoRoot });
    for (const out of outputs) files.push({ ...out, generator: name });
  }
  return files;
}
