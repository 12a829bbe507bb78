// The root README's "Use the API from another language" shows the same recipes as the docs page that
// tests/recipes runs (apps/docs/pages/other-languages.md), block for block, so both work as written.
import { describe, expect, it } from 'vitest';
import { readPage, recipeBlocks } from '../recipes/lib/recipe-page';

describe('recipes for other languages', () => {
  const page = recipeBlocks(readPage());
  const readme = recipeBlocks(readPage('README.md'));

  it('the page has a Go and a Java recipe, each with files and commands', () => {
    for (const language of ['go', 'java']) {
      expect(page.filter((block) => block.language === language && block.kind === 'file').length, language).toBeGreaterThan(0);
      expect(page.filter((block) => block.language === language && block.kind === 'run').length, language).toBeGreaterThan(0);
    }
  });

  it("the README's recipe blocks are the page's, in the same order", () => {
    expect(readme).toEqual(page);
  });

  it('each recipe pins its generator and runtime versions', () => {
    const text = (language: string) => page.filter((block) => block.language === language).map((block) => block.content).join('\n');
    expect(text('go')).toContain('github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2');
    expect(text('go')).toContain('github.com/oapi-codegen/runtime@v1.9.0');
    expect(text('java')).toMatch(/<artifactId>openapi-generator-maven-plugin<\/artifactId>\s*<version>7\.25\.0<\/version>/);
  });
});
