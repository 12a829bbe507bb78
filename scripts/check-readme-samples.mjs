#!/usr/bin/env node
// Type-checks every TypeScript code block (```ts / ```typescript) of the published packages' READMEs against the
// built packages, as a user's project would see them, so that no sample can rot. Run by `npm test`
// (tests/readme-samples); alone: `node scripts/check-readme-samples.mjs` prints every error, exits 1 if any.
//
// Each block is its own module. Names that a sample uses without defining them (`platform`, `id`, ...) are the
// ones a reader assumes from the text around it; they are declared once, in SAMPLE_GLOBALS, and a sample that
// defines one itself simply shadows it. A block that must not be checked (none today) is fenced as ```ts nocheck.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const READMES = ['packages/client/README.md', 'packages/types/README.md', 'packages/mock/README.md', 'packages/mcp/README.md'];

// Inside the repository (so that `@vendor/*` resolve to the workspace packages' built dist, as installed), but not
// under node_modules, where TypeScript treats files as libraries. Git-ignored, and removed after each check.
const workDir = path.join(repoRoot, 'test-results/readme-samples');

const SAMPLE_GLOBALS = `// A user's project that runs the vitest sample has vitest among its types (its tests import it).
/// <reference types="vitest" />
// Names the README samples use as the surrounding text defines them.
declare const platform: import('@vendor/api-client').PlatformClient;
declare const baseUrl: string;
declare const gatewayBaseUrl: string;
declare const token: string;
declare const headers: Record<string, string>;
declare const id: string;
declare const tenantName: string;
declare const sessionId: string;
declare const traceId: string;
declare const controller: AbortController;
`;

/** The TypeScript blocks of a markdown text: { line (1-based, of the first code line), code }. */
export function extractSamples(markdown) {
  const samples = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(ts|typescript)(\s+nocheck)?\s*$/.exec(lines[i]);
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    if (!fence[2]) samples.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return samples;
}

/** Type-checks the samples of `readmes`; resolves to one readable line per error ("README.md:LINE: message"). */
export async function checkReadmeSamples(readmes = READMES) {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  // ESM like a current Node project: top-level await, import attributes, import.meta.
  await writeFile(path.join(workDir, 'package.json'), '{ "private": true, "type": "module" }\n');
  await writeFile(path.join(workDir, 'globals.d.ts'), SAMPLE_GLOBALS);

  const files = [path.join(workDir, 'globals.d.ts')];
  const origin = new Map(); // sample file -> { readme, line }
  let count = 0;
  for (const readme of readmes) {
    const samples = extractSamples(await readFile(path.resolve(repoRoot, readme), 'utf8'));
    for (const sample of samples) {
      const file = path.join(workDir, `sample-${++count}.ts`);
      // `export {}` makes every block a module, even one without imports, so blocks never share names.
      await writeFile(file, `${sample.code}\nexport {};\n`);
      files.push(file);
      origin.set(file, { readme, line: sample.line });
    }
  }

  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    typeRoots: [path.join(repoRoot, 'node_modules/@types')],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    esModuleInterop: true,
  };
  const program = ts.createProgram(files, options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const errors = diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file?.fileName;
    const where = file && origin.get(path.resolve(file));
    if (!where || diagnostic.start === undefined) return `${file ?? '(no file)'}: TS${diagnostic.code}: ${message}`;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${where.readme}:${where.line + line}: TS${diagnostic.code}: ${message}`;
  });
  await rm(workDir, { recursive: true, force: true });
  return { samples: count, errors };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { samples, errors } = await checkReadmeSamples();
  for (const error of errors) console.error(error);
  console.log(`${samples} README samples, ${errors.length} type errors`);
  process.exitCode = errors.length > 0 ? 1 : 0;
}
