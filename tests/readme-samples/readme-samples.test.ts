// Every TypeScript sample of the published packages' READMEs compiles against the built packages
// (scripts/check-readme-samples.mjs), so that no sample can rot.
// In one file with the check of every sample: checkReadmeSamples() works in one folder, so its runs must not overlap.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { READMES, checkReadmeSamples, extractSamples, repoRoot } from '../../scripts/check-readme-samples.mjs';
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

// Create, then read it back: the client and mock READMEs each show it. The id comes back nullable (the
// contract's responses are liberal), so the sample narrows it. The test proves the narrowing is what makes it
// compile under `strict` (without it: a type error on the path parameter), and runs the mock README's sample.

const NARROWING = /^if \(created\.id == null\) throw .*$/m;

async function createThenRead(readme: string): Promise<string> {
  const samples = extractSamples(await readFile(path.join(repoRoot, readme), 'utf8'));
  const found = samples.filter((sample: { code: string }) => sample.code.includes('createOrUpdateMcpServer(') && sample.code.includes('getMcpServer('));
  expect(found, `${readme} has one create-then-read sample`).toHaveLength(1);
  expect(found[0].code, `${readme}: the sample narrows the id`).toMatch(NARROWING);
  return found[0].code;
}

describe.each(['packages/client/README.md', 'packages/mock/README.md'])('%s: create, then read it back', (readme) => {
  it('compiles under strict only because it narrows the nullable id', async () => {
    assertBuilt();
    const code = await createThenRead(readme);
    const dir = path.join(repoRoot, 'test-results', `create-then-read-${path.basename(path.dirname(readme))}`);
    await mkdir(dir, { recursive: true });
    try {
      const asWritten = path.join(dir, 'README.md');
      const withoutNarrowing = path.join(dir, 'WITHOUT.md');
      await writeFile(asWritten, `\`\`\`ts\n${code}\n\`\`\`\n`);
      await writeFile(withoutNarrowing, `\`\`\`ts\n${code.replace(NARROWING, '')}\n\`\`\`\n`);
      expect((await checkReadmeSamples([asWritten])).errors).toEqual([]);
      const { errors } = await checkReadmeSamples([withoutNarrowing]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/TS2322: Type 'string \| null \| undefined' is not assignable to type 'string'/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the mock README’s create-then-read sample', () => {
  it('runs against the in-process sandbox and reads back what it created', async () => {
    assertBuilt();
    const code = await createThenRead('packages/mock/README.md');
    const { code: js } = await transform(code, { loader: 'ts', format: 'esm' });
    // Inside the repository, so that @vendor/* resolve to the workspace packages as installed.
    const dir = path.join(repoRoot, 'test-results', 'create-then-read-run');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'sample.mjs');
    try {
      await writeFile(file, js);
      const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 120_000 });
      expect(stdout.trim()).toBe('filesystem-tools');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
