// Every way partner-facing text tells someone to run the mock names the scoped package (`npx @vendor/api-mock ...`)
// or, inside the repository, `npm run mock -- ...`. With the unscoped name `vendor-api-mock`, npx outside a project
// that has the package installed asks the public registry, where anyone may have published that name.
import { describe, expect, test } from 'vitest';
import { docsFiles, locate, mockCliFiles, read, readmeFiles, type PartnerFile } from './files';

/**
 * The unscoped name as a word of its own: not `@vendor/api-mock`, and not part of a longer name such as the
 * tarball `vendor-api-mock-0.1.0.tgz` that `npm pack` makes of the scoped package.
 */
const UNSCOPED_NAME = /(?<![\w@/.-])vendor-api-mock(?![\w-])/g;

function unscopedMentions(files: PartnerFile[]): string[] {
  return files.flatMap((file) => [...file.text.matchAll(UNSCOPED_NAME)].map((match) => locate(file, match.index!)));
}

const partnerFiles = () => read([...readmeFiles(), ...docsFiles(), ...mockCliFiles()]);

describe('commands that run the mock', () => {
  test('the scan covers the READMEs, the docs and the CLI', () => {
    const scanned = partnerFiles().map((f) => f.file);
    // A scan that silently found nothing would pass on anything.
    for (const file of ['README.md', 'packages/mock/README.md', 'apps/docs/README.md', 'apps/docs/codegen/introduction.mjs', 'apps/docs/src/generated/openapi.docs.json', 'packages/mock/bin/api-mock.mjs', 'packages/mock/src/cli/mock-options.ts', 'packages/mock/src/sandbox/caller-auth.ts']) {
      expect(scanned).toContain(file);
    }
  });

  test('no README, docs file or CLI source names the unscoped vendor-api-mock', () => {
    expect(unscopedMentions(partnerFiles())).toEqual([]);
  });

  test('the mock README and the docs give the scoped command', () => {
    const byName = new Map(partnerFiles().map((f) => [f.file, f.text]));
    for (const file of ['packages/mock/README.md', 'apps/docs/codegen/introduction.mjs', 'apps/docs/src/generated/openapi.docs.json']) {
      expect(byName.get(file), file).toContain('npx @vendor/api-mock');
    }
  });

  test('control: the guard finds the unscoped name in a command, and only there', () => {
    const sample: PartnerFile = {
      file: 'sample.md',
      text: [
        'npx vendor-api-mock --sandbox',
        'more tokens: vendor-api-mock token --tenant NAME',
        'npx @vendor/api-mock --sandbox',
        'npm install /tmp/vendor-api-mock-*.tgz',
        "const ISSUER = 'vendor-api-mock-sandbox';",
      ].join('\n'),
    };
    expect(unscopedMentions([sample])).toEqual(['sample.md:1: npx vendor-api-mock --sandbox', 'sample.md:2: more tokens: vendor-api-mock token --tenant NAME']);
  });
});
