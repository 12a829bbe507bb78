// The hosted docs as partners see them (apps/docs/dist/index.html, built by `npm run build`): neither
// the rendered page text nor the API definition embedded in it contains a banned phrase.
// Needs the docs built first: turbo's //#test:contract depends on @vendor/api-docs#build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { embeddedDefinition, formatHit, phrasesIn, proseHits, visibleText } from './lib/prose';

const repoRoot = path.resolve(__dirname, '../..');
const builtDocs = path.join(repoRoot, 'apps/docs/dist/index.html');

function readBuiltDocs(): string {
  if (!existsSync(builtDocs)) {
    throw new Error(
      `${path.relative(repoRoot, builtDocs)} is missing: build the docs first (\`npx turbo run build --filter=@vendor/api-docs\`; ` +
        '`npm test` does it through the //#test:contract dependency on @vendor/api-docs#build).',
    );
  }
  return readFileSync(builtDocs, 'utf8');
}

describe('built docs (apps/docs/dist/index.html)', () => {
  test('the embedded API definition has no banned phrase in its descriptions, examples, samples or notes', () => {
    const definition = embeddedDefinition(readBuiltDocs());
    expect(Object.keys(definition.paths ?? {}).length).toBeGreaterThan(0);
    const hits = proseHits(definition).map(formatHit);
    expect(hits, `${hits.length} banned phrase(s) in the docs definition:\n${hits.join('\n')}`).toEqual([]);
  });

  test('the rendered page text has no banned phrase', () => {
    const text = visibleText(readBuiltDocs());
    expect(text.length).toBeGreaterThan(1000); // the server-rendered reference, not an empty shell
    const hits = phrasesIn(text).map((hit) => `"${hit.phrase}" ${hit.rule}: …${hit.context}…`);
    expect(hits, `${hits.length} banned phrase(s) in the rendered page:\n${hits.join('\n')}`).toEqual([]);
  });
});

describe('the page readers', () => {
  const page = `<html><body><h1>Pets</h1><p>A &quot;seed&quot; word</p><script>var x = "seed";</script>
    <script type="module">const __redoc_definition = {"info":{"description":"a \\"}\\" brace and the seed"}};hydrate();</script></body></html>`;

  test('reads the embedded definition through braces inside strings', () => {
    expect(embeddedDefinition(page)).toEqual({ info: { description: 'a "}" brace and the seed' } });
  });

  test('visible text drops scripts and tags, decodes entities', () => {
    expect(visibleText(page).trim()).toBe('Pets A "seed" word');
  });
});
