// Imports point down: no module of the mock imports from a layer above its own, none is left out of the layer
// table, and no modules import each other. Each rule is also shown to catch a made-up graph that breaks it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importLoops, importsBetween, rankOf, readImportGraph, relativeImports, upwardImports, type ImportGraph } from './import-graph.js';

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const graph = readImportGraph(srcRoot);

describe('the layers of packages/mock/src', () => {
  it('reads the whole package', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('pipeline/pipeline.ts')).toContain('pipeline/seams.ts');
  });

  it('ranks every source file', () => {
    const unranked = [...graph.keys()].filter((file) => rankOf(file) === undefined);
    expect(unranked).toEqual([]);
  });

  it('has no import from a layer above', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no modules that import each other', () => {
    expect(importLoops(graph)).toEqual([]);
  });

  // Checking is shared (conformance/), so neither mode reaches into the other's insides.
  it('keeps the proxy and verify apart: neither imports the other', () => {
    expect(graph.has('conformance/checking/check-exchange.ts')).toBe(true);
    expect(importsBetween(graph, 'proxy/', 'verify/')).toEqual([]);
    expect(importsBetween(graph, 'verify/', 'proxy/')).toEqual([]);
  });

  // The build-time generator (scripts/generators/50-mock-validators.mjs) takes its table from contract/ too.
  it('loads the contract in one place: only contract/ reads the spec file and builds the model and the operation table', () => {
    const callers = (call: string) => [...graph.keys()].filter((file) => readFileSync(path.join(srcRoot, file), 'utf8').includes(call)).sort();
    expect(callers('loadSpec(')).toEqual(['contract/load-contract.ts', 'spec/load-spec.ts']);
    expect(callers('readOperations(')).toEqual(['contract/contract.ts', 'spec/operation-table.ts']);
    expect(callers('createSpecModel(')).toEqual(['contract/contract.ts']);
    expect(callers('loadSchemaValidators(')).toEqual(['contract/load-contract.ts', 'validation/runtime-validators.ts']);
  });
});

describe('the rules catch what they are for', () => {
  const madeUp = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

  it('reads static, re-exported and dynamic imports, and only relative ones', () => {
    const text = [
      "import { a } from './a.js';",
      "export type { B } from '../b/b.js';",
      "import type {",
      "  C,",
      "} from './c.js';",
      "const d = await import('./d.js');",
      "import './side-effect.js';",
      "import { e } from '@vendor/spec-model';",
    ].join('\n');
    expect(relativeImports(text)).toEqual(['./a.js', '../b/b.js', './c.js', './d.js', './side-effect.js']);
  });

  it('ranks a file by its longest prefix', () => {
    expect(rankOf('pipeline/seams.ts')).toBe(3);
    expect(rankOf('pipeline/pipeline.ts')).toBe(9);
    expect(rankOf('conformance/checking/check-exchange.ts')).toBeLessThan(rankOf('proxy/proxy-stages.ts')!);
    expect(rankOf('conformance/checking/check-exchange.ts')).toBeLessThan(rankOf('verify/verify.ts')!);
    expect(rankOf('contract/load-contract.ts')).toBeLessThan(rankOf('engine/create-engine.ts')!);
    expect(rankOf('core/exchange.ts')).toBe(2);
  });

  it('finds an import from a stage above', () => {
    const upward = upwardImports(madeUp({ 'core/exchange.ts': ['sandbox/tokens.ts'], 'sandbox/tokens.ts': [] }));
    expect(upward).toEqual(['core/exchange.ts (layer 2) -> sandbox/tokens.ts (layer 8)']);
  });

  it('finds an import from one mode into the other', () => {
    const graph = madeUp({ 'verify/verify.ts': ['proxy/checking/check-exchange.ts', 'conformance/checking/check-exchange.ts'], 'proxy/proxy-stages.ts': [] });
    expect(importsBetween(graph, 'verify/', 'proxy/')).toEqual(['verify/verify.ts -> proxy/checking/check-exchange.ts']);
  });

  it('finds two modules that import each other, and a longer loop', () => {
    const loops = importLoops(
      madeUp({
        'proxy/a.ts': ['proxy/b.ts'],
        'proxy/b.ts': ['proxy/a.ts'],
        'journal/x.ts': ['journal/y.ts'],
        'journal/y.ts': ['journal/z.ts'],
        'journal/z.ts': ['journal/x.ts'],
        'core/ok.ts': [],
      }),
    );
    expect(loops).toEqual([['proxy/a.ts', 'proxy/b.ts'], ['journal/x.ts', 'journal/y.ts', 'journal/z.ts']]);
  });
});
