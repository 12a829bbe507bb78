// The generated code samples: each operation of the docs bundle has a TypeScript and a curl sample, the
// TypeScript samples on disk are exactly the ones shown, and each one type-checks against @vendor/api-client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { sampleHeader } from '../codegen/files.mjs';
import { docsOperations, readDocsBundle, repoRoot, samplesDir } from './support/docs-bundle.js';
import { typecheck } from './support/typecheck.js';

const doc = readDocsBundle();
const operations = docsOperations(doc);
const sampleOf = (op: (typeof operations)[number], label: string) => op.codeSamples.find((s) => s.label === label)?.source ?? '';

describe('generated samples', () => {
  test('every operation has exactly a TypeScript and a curl sample', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) expect(op.codeSamples.map((s) => s.label), op.operationId).toEqual(['TypeScript', 'curl']);
  });

  test('the sample files are the TypeScript samples shown in the docs, one per operation and no other', () => {
    const files = readdirSync(samplesDir).filter((f) => f.endsWith('.ts')).sort();
    expect(files).toEqual(operations.map((op) => `${op.operationId}.ts`).sort());
    for (const op of operations) {
      const text = readFileSync(path.join(samplesDir, `${op.operationId}.ts`), 'utf8');
      const [header] = text.split('\n\n', 1);
      expect(`${header}\n\n`).toBe(sampleHeader(op.operationId, /request example "([^"]+)"/.exec(header!)?.[1]));
      expect(text.slice(header!.length + 2), op.operationId).toBe(sampleOf(op, 'TypeScript'));
    }
  });

  test('curl samples go to the address space of their operation', () => {
    for (const op of operations) {
      const url = /--url '([^']+)'/.exec(sampleOf(op, 'curl'))?.[1];
      expect(url, op.operationId).toMatch(op.gateway ? /^https:\/\/gateway\.vendor\.example\// : /^https:\/\/api\.vendor\.example\/api\/(svc|ml)\/v1\//);
    }
  });

  test('the hand-authored spec carries no generated samples', () => {
    const spec = readFileSync(path.join(repoRoot, 'openapi/spec.yaml'), 'utf8');
    expect(spec).not.toMatch(/x-code-?samples/i);
  });

  test('apart from samples and introduction, the docs show exactly the bundled contract', () => {
    const bundle = JSON.parse(readFileSync(path.join(repoRoot, 'packages/types/src/generated/openapi.json'), 'utf8'));
    const stripped = structuredClone(doc);
    for (const item of Object.values<any>(stripped.paths)) for (const op of Object.values<any>(item)) if (op && typeof op === 'object') delete op['x-codeSamples'];
    expect(stripped.info.description.startsWith(bundle.info.description.trimEnd())).toBe(true);
    stripped.info.description = bundle.info.description;
    expect(stripped).toEqual(bundle);
  });
});

describe('TypeScript samples type-check against @vendor/api-client', () => {
  let diagnostics: Map<string, string[]>;
  const fileOf = (id: string) => path.join(samplesDir, `${id}.ts`);
  const brokenFile = path.join(samplesDir, '__broken__.ts');

  beforeAll(() => {
    const files: Record<string, string> = {};
    for (const op of operations) files[fileOf(op.operationId)] = readFileSync(fileOf(op.operationId), 'utf8');
    // Control: a sample with a misspelt parameter must not type-check, or the check proves nothing.
    const first = operations.find((op) => op.operationId === 'getTeam') ?? operations[0]!;
    files[brokenFile] = sampleOf(first, 'TypeScript').replace(/path: \{ (\w+):/, 'path: { $1_misspelt:');
    diagnostics = typecheck(files);
  });

  test('control: a sample with a misspelt path parameter fails to type-check', () => {
    expect(diagnostics.get(brokenFile)?.join('\n')).toMatch(/_misspelt/);
  });

  test.each(operations.map((op) => [op.operationId]))('%s', (operationId) => {
    expect(diagnostics.get(fileOf(operationId))).toEqual([]);
  });
});
