// Every TypeScript sample of the published packages' READMEs compiles against the built packages
// (scripts/check-readme-samples.mjs), so that no sample can rot.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { READMES, checkReadmeSamples, extractSamples } from '../../scripts/check-readme-samples.mjs';
import { assertBuilt } from '../packaging/setup';

describe('README samples', () => {
  it('every ts block of the client, types, mock and MCP READMEs type-checks', async () => {
    assertBuilt();
    const { samples, errors } = await checkReadmeSamples();
    expect(errors).toEqual([]);
    // Each README has samples (a checker that found none would pass on anything).
    expect(samples).toBeGreaterThanOrEqual(READMES.length);
  }, 120_000);

  it('a sample that does not compile is reported with its README line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'readme-samples-'));
    const readme = path.join(dir, 'README.md');
    await writeFile(
      readme,
      ['# x', '', '```ts', "import { createPlatformClient } from '@vendor/api-client';", '', "createPlatformClient({ baseUrl: 1, token: 't' });", '```', ''].join('\n'),
    );
    try {
      const { samples, errors } = await checkReadmeSamples([readme]);
      expect(samples).toBe(1);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/README\.md:6: TS2322: Type 'number' is not assignable to type 'string'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('extracts ts and typescript blocks with their first line, and skips `ts nocheck` and other languages', () => {
    const markdown = ['a', '```ts', 'const a = 1;', '```', '```sh', 'npm i', '```', '```typescript', 'const b = 2;', '```', '```ts nocheck', 'x', '```'].join('\n');
    expect(extractSamples(markdown)).toEqual([
      { line: 3, code: 'const a = 1;' },
      { line: 9, code: 'const b = 2;' },
    ]);
  });
});
