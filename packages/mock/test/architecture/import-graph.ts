// The import graph of packages/mock/src, read from the sources, and the layer rules the package keeps
// (docs/ARCHITECTURE.md, "The mock's layers"): a module imports only from its own layer or the layers below it,
// and no modules import each other, directly or round a longer loop.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Lowest first. A path is ranked by the longest prefix that names it. */
export const LAYERS: ReadonlyArray<{ rank: number; prefixes: readonly string[]; why: string }> = [
  { rank: 0, prefixes: ['types.ts', 'random/', 'generated/'], why: 'vocabulary and generated tables: import nothing of the package' },
  { rank: 1, prefixes: ['spec/'], why: 'the contract as the mock reads it (from the spec model)' },
  { rank: 2, prefixes: ['core/'], why: 'the ground every stage may use: request, reply, context, writer, headers' },
  { rank: 3, prefixes: ['pipeline/seams.ts'], why: 'the seam types the stages plug into' },
  { rank: 4, prefixes: ['validation/'], why: 'request rules' },
  { rank: 5, prefixes: ['contract/'], why: 'the contract loaded once per start (document, model, operation table, validators) and handed down' },
  { rank: 6, prefixes: ['answers/', 'faults/', 'journal/'], why: 'the mock\'s stages' },
  { rank: 7, prefixes: ['conformance/'], why: 'checking an exchange against the contract, and provenance: shared by the proxy and verify, owned by neither' },
  { rank: 8, prefixes: ['sandbox/', 'proxy/', 'verify/'], why: 'the other modes\' stages: the store, forwarding, and verify (both proxy and verify check through conformance/)' },
  { rank: 8, prefixes: ['observe/'], why: 'the observers of the flow (metrics, JSON log, traces, health): beside the modes, fed the store\'s pool and queries' },
  { rank: 9, prefixes: ['pipeline/'], why: 'the one flow' },
  { rank: 10, prefixes: ['engine/'], why: 'the mock and sandbox assembled on the flow' },
  { rank: 11, prefixes: ['server/', 'fetch/'], why: 'the transports' },
  { rank: 12, prefixes: ['cli/'], why: 'the commands' },
  { rank: 13, prefixes: ['index.ts', 'fetch.ts', 'cli.ts'], why: 'the entry points' },
];

export type ImportGraph = Map<string, Set<string>>;

/** Every .ts file under `root` (paths relative to it, with /) and the files of the package it imports. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    graph.set(file, new Set(relativeImports(text).map((specifier) => resolveSpecifier(file, specifier))));
  }
  return graph;
}

/** The relative specifiers of a module's static imports, re-exports and dynamic imports. */
export function relativeImports(text: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

function resolveSpecifier(file: string, specifier: string): string {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return joined.replace(/\.js$/, '.ts');
}

function sourceFiles(root: string, folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder))) {
    const relative = folder === '' ? entry : `${folder}/${entry}`;
    const isFolder = statSync(path.join(root, relative)).isDirectory();
    if (isFolder) files.push(...sourceFiles(root, relative));
    else if (relative.endsWith('.ts')) files.push(relative);
  }
  return files;
}

export function rankOf(file: string): number | undefined {
  let best: { rank: number; length: number } | undefined;
  for (const layer of LAYERS) {
    for (const prefix of layer.prefixes) {
      const names = file === prefix || file.startsWith(prefix);
      const isLonger = best === undefined || prefix.length > best.length;
      if (names && isLonger) best = { rank: layer.rank, length: prefix.length };
    }
  }
  return best?.rank;
}

/** Each import of a module from a higher layer, as `from -> to`. */
export function upwardImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const isUpward = (rankOf(to) ?? 0) > (rankOf(from) ?? 0);
      if (isUpward) found.push(`${from} (layer ${rankOf(from)}) -> ${to} (layer ${rankOf(to)})`);
    }
  }
  return found;
}

/** The modules of each import loop (strongly connected components of more than one module, or a module importing itself). */
export function importLoops(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;
  const visit = (module: string) => {
    index.set(module, counter);
    low.set(module, counter);
    counter += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    const importsItself = graph.get(module)?.has(module) === true;
    if (component.length > 1 || importsItself) loops.push(component.sort());
  };
  for (const module of graph.keys()) {
    if (!index.has(module)) visit(module);
  }
  return loops;
}

/** Each import from a module under `from` into one under `into` (folders relative to the root, ending in /). */
export function importsBetween(graph: ImportGraph, from: string, into: string): string[] {
  const found: string[] = [];
  for (const [module, targets] of graph) {
    if (!module.startsWith(from)) continue;
    for (const target of targets) {
      if (target.startsWith(into)) found.push(`${module} -> ${target}`);
    }
  }
  return found;
}
