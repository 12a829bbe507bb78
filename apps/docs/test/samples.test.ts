// The generated code samples: each named request example of each operation has a TypeScript, a Python and a curl
// sample (the Python ones are type-checked and run against the mock by packages/python's tests), paginated operations show the client's iterator, the TypeScript samples on disk are exactly the
// ones shown, and each one type-checks against @vendor/api-client. Everything is read from the docs
// document, so the tests follow the spec.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createSpecModel } from '@vendor/spec-model';
import { beforeAll, describe, expect, test } from 'vitest';
import { sampleHeader } from '../codegen/files.mjs';
import { consoleLead } from '../codegen/introduction.mjs';
import { withoutCodeSpans } from '../codegen/servers.mjs';
import { docsOperations, readDocsBundle, repoRoot, samplesDir, type DocsOperation } from './support/docs-bundle.js';
import { typecheck } from './support/typecheck.js';

const doc = readDocsBundle();
const bundle = JSON.parse(readFileSync(path.join(repoRoot, 'packages/types/src/generated/openapi.json'), 'utf8'));
const operations = docsOperations(doc);

/** The labels an operation's samples must carry: plain for the first example, `...: <summary>` for the rest. */
function expectedLabels(op: DocsOperation) {
  const suffixes = op.requestExamples.length === 0 ? [''] : op.requestExamples.map((e, i) => (i === 0 ? '' : `: ${e.summary ?? e.name}`));
  return suffixes.flatMap((suffix) => [`TypeScript${suffix}`, `Python${suffix}`, `curl${suffix}`]);
}
const samplesOf = (op: DocsOperation, language: 'TypeScript' | 'curl') => op.codeSamples.filter((s) => s.label === language || s.label.startsWith(`${language}: `));
const curlBody = (source: string) => {
  const data = /--data '([\s\S]*)'\n$/.exec(source)?.[1];
  return data === undefined ? undefined : JSON.parse(data.replace(/'\\''/g, "'"));
};
const isPaginated = (op: DocsOperation) => op.queryParams.includes('page_token') || op.queryParams.includes('offset');

/** Every TypeScript sample file: name -> { operationId, exampleName, source after the header }. */
function sampleFiles() {
  const files = new Map<string, { operationId: string; exampleName: string | undefined; header: string; source: string }>();
  for (const name of readdirSync(samplesDir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(samplesDir, name), 'utf8');
    const [header] = text.split('\n\n', 1);
    const operationId = /\(operation (\w+)/.exec(header!)?.[1] ?? '';
    const exampleName = /request example "([^"]+)"/.exec(header!)?.[1];
    files.set(name, { operationId, exampleName, header: `${header}\n\n`, source: text.slice(header!.length + 2) });
  }
  return files;
}

describe('generated samples', () => {
  test('every named request example of every operation has a TypeScript, a Python and a curl sample', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) expect(op.codeSamples.map((s) => s.label), op.operationId).toEqual(expectedLabels(op));
  });

  test('each curl sample sends its own request example', () => {
    for (const op of operations) {
      const curl = samplesOf(op, 'curl');
      op.requestExamples.forEach((example, i) => expect(curlBody(curl[i]!.source), `${op.operationId} ${example.name}`).toEqual(example.value));
    }
  });

  test('paginated operations show the iterator, from the first page (no cursor in any sample)', () => {
    const paginated = operations.filter(isPaginated);
    expect(paginated.length).toBeGreaterThan(0);
    for (const op of paginated) {
      const [typescript] = samplesOf(op, 'TypeScript');
      expect(typescript!.source, op.operationId).toMatch(new RegExp(`for await \\(const \\w+ of platform\\.iterate\\w+\\(`));
      expect(typescript!.source, op.operationId).not.toMatch(/page_token|offset:/);
      expect(samplesOf(op, 'curl')[0]!.source, op.operationId).not.toMatch(/[?&](page_token|offset)=/);
    }
    for (const op of operations.filter((o) => !isPaginated(o))) {
      expect(samplesOf(op, 'TypeScript')[0]!.source, op.operationId).toContain(`await platform.${op.operationId}(`);
    }
  });

  test('the sample files are the TypeScript samples shown in the docs, one per sample and no other', () => {
    const files = sampleFiles();
    const shown = operations.flatMap((op) => samplesOf(op, 'TypeScript').map((s, i) => ({ op, source: s.source, exampleName: op.requestExamples[i]?.name })));
    expect(files.size).toBe(shown.length);
    for (const { op, source, exampleName } of shown) {
      const file = [...files.values()].find((f) => f.operationId === op.operationId && f.exampleName === exampleName);
      expect(file, `${op.operationId} ${exampleName ?? ''}`).toBeDefined();
      expect(file!.header).toBe(sampleHeader(op.operationId, exampleName));
      expect(file!.source, `${op.operationId} ${exampleName ?? ''}`).toBe(source);
    }
  });

  test('curl samples go to the address space of their operation', () => {
    for (const op of operations) {
      for (const curl of samplesOf(op, 'curl')) {
        const url = /--url '([^']+)'/.exec(curl.source)?.[1];
        expect(url, op.operationId).toMatch(op.gateway ? /^https:\/\/gateway\.vendor\.example\// : /^https:\/\/api\.vendor\.example\/api\/(svc|ml)\/v1\//);
      }
    }
  });

  test('the hand-authored spec carries no generated samples', () => {
    const spec = readFileSync(path.join(repoRoot, 'openapi/spec.yaml'), 'utf8');
    expect(spec).not.toMatch(/x-code-?samples/i);
  });
});

/**
 * Undoes what the docs add for presentation only (samples, badges, the server line, server descriptions without
 * code spans, union titles and the "Selected by" note that replaces a discriminator), taking the originals from
 * the bundle.
 */
function withoutPresentation(docs: any, contract: any): any {
  const out = structuredClone(docs);
  // A server description is restored only if the docs changed nothing but its backticks.
  const restoreServers = (servers: any[] | undefined, originals: any[] | undefined) => {
    servers?.forEach((server, i) => {
      const original = originals?.[i]?.description;
      if (typeof original === 'string' && server.description === withoutCodeSpans(original)) server.description = original;
    });
  };
  restoreServers(out.servers, contract.servers);
  for (const [p, item] of Object.entries<any>(out.paths)) restoreServers(item.servers, contract.paths[p].servers);
  const originals = createSpecModel(contract);
  // The model's operations are the document's own objects: changing them changes `out`.
  for (const { operationId, definition: op } of createSpecModel(out).operations) {
    const original = originals.operation(operationId).definition;
    delete op['x-codeSamples'];
    delete op['x-badges'];
    restoreServers(op.servers, original.servers);
    op.description = op.description.replace(/^\*\*Server:\*\* [^\n]*(\n\n)?/, '');
    if (op.description === '' && original.description === undefined) delete op.description;
  }
  const restore = (node: any, original: any) => {
    if (Array.isArray(node)) return node.forEach((n, i) => restore(n, original?.[i]));
    if (!node || typeof node !== 'object' || !original || typeof original !== 'object') return;
    for (const keyword of ['oneOf', 'anyOf']) {
      if (!Array.isArray(node[keyword])) continue;
      node[keyword].forEach((variant: any, i: number) => {
        if (original[keyword]?.[i]?.title === undefined) delete variant.title;
      });
      if (original.discriminator && !node.discriminator) {
        node.discriminator = original.discriminator;
        const before = node.description.replace(/Selected by `[^`]+`: [^\n]*$/, '');
        if (before.trim() === '' && original.description === undefined) delete node.description;
        else if (before.trimEnd() === original.description?.trimEnd()) node.description = original.description;
      }
    }
    for (const key of Object.keys(node)) restore(node[key], original[key]);
  };
  restore(out, contract);
  return out;
}

describe('the docs show the contract unchanged', () => {
  test('apart from samples, introduction, server lines and descriptions, badges and union names, the docs are the bundled contract', () => {
    const stripped = withoutPresentation(doc, bundle);
    // The console's line leads, then the contract's own description, then the generated sections.
    expect(stripped.info.description.startsWith(`${consoleLead()}\n\n${bundle.info.description.trimEnd()}`)).toBe(true);
    stripped.info.description = bundle.info.description;
    expect(stripped).toEqual(bundle);
  });

  test('control: a changed enum value is not hidden by the comparison', () => {
    const changed = structuredClone(doc);
    const schemas = Object.values<any>(changed.components.schemas);
    const withEnum = schemas.find((s) => Array.isArray(s.enum)) ?? schemas.flatMap((s) => Object.values<any>(s.properties ?? {})).find((s) => Array.isArray(s.enum));
    withEnum.enum = [...withEnum.enum, 'not-in-the-contract'];
    const stripped = withoutPresentation(changed, bundle);
    stripped.info.description = bundle.info.description;
    expect(stripped).not.toEqual(bundle);
  });
});

describe('TypeScript samples type-check against @vendor/api-client', () => {
  let diagnostics: Map<string, string[]>;
  const files = sampleFiles();
  const brokenFile = path.join(samplesDir, '__broken__.ts');

  beforeAll(() => {
    const sources: Record<string, string> = {};
    for (const name of files.keys()) sources[path.join(samplesDir, name)] = readFileSync(path.join(samplesDir, name), 'utf8');
    // Control: a sample with a misspelt parameter must not type-check, or the check proves nothing.
    const first = operations.find((op) => op.operationId === 'getTeam') ?? operations[0]!;
    sources[brokenFile] = samplesOf(first, 'TypeScript')[0]!.source.replace(/path: \{ (\w+):/, 'path: { $1_misspelt:');
    diagnostics = typecheck(sources);
  });

  test('control: a sample with a misspelt path parameter fails to type-check', () => {
    expect(diagnostics.get(brokenFile)?.join('\n')).toMatch(/_misspelt/);
  });

  test.each([...files.keys()].map((name) => [name]))('%s', (name) => {
    expect(diagnostics.get(path.join(samplesDir, name))).toEqual([]);
  });
});
