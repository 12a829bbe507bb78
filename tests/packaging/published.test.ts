// What partners download carries no authoring notes: the types package's bundle, every generated docs
// file (the page's document, the downloads, the Postman collection) and the built docs site, compressed
// copies included. The source spec keeps its `x-provenance` marks, and `npm run provenance` reads them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { bundleSpec, repoRoot } from '../../scripts/lib/bundle.mjs';
import { publishedDocument } from '../../scripts/lib/published.mjs';
import { collectProvenance } from '../../scripts/provenance.mjs';

const NOTE = /x-provenance/;

/** Every file below `dir`, as paths relative to the repository. */
function filesBelow(dir: string): string[] {
  const absolute = path.join(repoRoot, dir);
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

/** A file's text as a browser or npm would read it: compressed copies are unpacked first. */
function textOf(file: string): string {
  const bytes = readFileSync(path.join(repoRoot, file));
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function shippedFiles(): string[] {
  const docsSite = 'apps/docs/dist';
  if (!existsSync(path.join(repoRoot, docsSite))) {
    throw new Error('apps/docs/dist is missing: build the docs first (`npx turbo run build --filter=@vendor/api-docs`).');
  }
  return ['packages/types/src/generated/openapi.json', 'packages/mcp/src/generated/tools.ts', ...filesBelow('apps/docs/src/generated'), ...filesBelow(docsSite)];
}

describe('published documents carry no authoring notes', () => {
  test('the source spec keeps its provenance marks, so the check below is not vacuous', async () => {
    const { marks } = collectProvenance(await bundleSpec());
    expect(marks.length).toBeGreaterThan(50);
  });

  test('publishedDocument drops the notes at any depth, keeps everything else and leaves its input alone', () => {
    const source = {
      info: { title: 'T', 'x-provenance': 'service' },
      paths: { '/a': { get: { parameters: [{ name: 'p', 'x-provenance': 'assumption', 'x-provenance-note': 'Why.' }], 'x-idempotent': true } } },
    };
    const published = publishedDocument(source);
    expect(published).toEqual({ info: { title: 'T' }, paths: { '/a': { get: { parameters: [{ name: 'p' }], 'x-idempotent': true } } } });
    expect(source.info['x-provenance']).toBe('service');
  });

  test.each(shippedFiles())('%s has no x-provenance key', (file) => {
    const text = textOf(file);
    expect(text.length).toBeGreaterThan(0);
    expect(NOTE.exec(text)?.[0], `${file} ships an authoring note`).toBeUndefined();
  });
});
