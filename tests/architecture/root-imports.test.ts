// The root imports one way (docs/ARCHITECTURE.md, "The root's rooms"): every file of the root's folders sits in a
// room of lib/root-rooms.mjs, no room imports a room ranked above it, and no rooms reach each other round a circle.
// `npm run look` prints the same graph (lib/import-graph.mjs reads it for both). Each rule is also shown to catch a
// made-up graph that breaks it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrowsBackUp, circles, importSpecifiers, inferredRanks, readImportGraph, readWorkspaces, roomGraph, roomOf } from '../../lib/import-graph.mjs';
import { ROOT_FOLDERS, ROOT_ROOMS } from '../../lib/root-rooms.mjs';

type Graph = Map<string, Set<string>>;
type Arrow = { from: string; to: string; count: number };
type Rule = { room: string; rank: number; prefixes: string[]; why: string };

const repoRoot = path.resolve(__dirname, '../..');
const rules = ROOT_ROOMS as Rule[];
const graph: Graph = readImportGraph(repoRoot, ROOT_FOLDERS, readWorkspaces(repoRoot));
const roomOfFile = (file: string): string | undefined => roomOf(file, rules)?.room;
const rankOfRoom = (room: string): number => roomOf(`${room}/`, rules)?.rank ?? roomOf(room, rules)?.rank;
const describeArrow = ({ from, to, count }: Arrow) => `${from} (${rankOfRoom(from)}) -> ${to} (${rankOfRoom(to)}): ${count} import(s)`;

describe("the root's rooms", () => {
  it('reads the root: the docs codegen, the generators, the bench and the commands', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('scripts/generators/40-docs.mjs')).toContain('apps/docs/codegen/files.mjs');
    expect(graph.get('scripts/changelog.mjs')).toContain('packages/breaking/');
  });

  it('gives each room a rank and a reason', () => {
    for (const rule of rules) {
      expect(Number.isInteger(rule.rank), rule.room).toBe(true);
      expect(rule.why.length, rule.room).toBeGreaterThan(20);
    }
  });

  it('puts every file in a room', () => {
    const unranked = [...graph.keys()].filter((file) => roomOfFile(file) === undefined);
    expect(unranked).toEqual([]);
  });

  it('has no import from a room to a room ranked above it', () => {
    const { arrows } = roomGraph(graph, roomOfFile);
    expect(arrowsBackUp(arrows, rankOfRoom).map(describeArrow)).toEqual([]);
  });

  it('has no circle between rooms', () => {
    const { arrows } = roomGraph(graph, roomOfFile);
    expect(circles(arrows)).toEqual([]);
  });
});

describe('the rules catch what they are for', () => {
  const madeUp = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
  const table: Rule[] = [
    { room: 'packages/*', rank: 0, prefixes: ['packages/'], why: 'the bottom' },
    { room: 'lib', rank: 1, prefixes: ['lib/'], why: 'shared helpers' },
    { room: 'docs', rank: 2, prefixes: ['docs/'], why: 'pages' },
    { room: 'scripts/lib', rank: 3, prefixes: ['scripts/lib/'], why: 'the commands\' helpers' },
    { room: 'scripts', rank: 4, prefixes: ['scripts/'], why: 'the commands' },
  ];
  const arrowsOf = (edges: Record<string, string[]>) => roomGraph(madeUp(edges), (file: string) => roomOf(file, table)?.room).arrows;
  const rankIn = (room: string) => roomOf(`${room}/`, table)?.rank;

  it('reads static, re-exported and dynamic imports, and side-effect imports', () => {
    const text = [
      "import { a } from './a.mjs';",
      "export { b } from '../b/b.mjs';",
      'import {',
      '  c,',
      "} from '@vendor/breaking';",
      "const d = await import('./d.mjs');",
      "import './side-effect.mjs';",
      "export * from './all.mjs';",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.mjs', '../b/b.mjs', '@vendor/breaking', './d.mjs', './side-effect.mjs', './all.mjs']);
  });

  it('names a room by its longest prefix, and a room per package', () => {
    expect(roomOf('scripts/lib/bundle.mjs', table)).toEqual({ room: 'scripts/lib', rank: 3 });
    expect(roomOf('scripts/generate.mjs', table)).toEqual({ room: 'scripts', rank: 4 });
    expect(roomOf('packages/spec-model/', table)).toEqual({ room: 'packages/spec-model', rank: 0 });
    expect(roomOf('elsewhere/x.mjs', table)).toBeUndefined();
  });

  it('counts the imports behind each arrow and leaves imports inside a room out', () => {
    const { files, arrows } = roomGraph(
      madeUp({ 'docs/a.mjs': ['lib/x.mjs', 'docs/b.mjs'], 'docs/b.mjs': ['lib/x.mjs', 'packages/spec-model/'], 'lib/x.mjs': [] }),
      (file: string) => roomOf(file, table)?.room,
    );
    expect(files).toEqual(new Map([['docs', 2], ['lib', 1]]));
    expect(arrows).toEqual(new Map([['docs', new Map([['lib', 2], ['packages/spec-model', 1]])]]));
  });

  it('finds an import from a lower room into a higher one (the docs into scripts)', () => {
    const arrows = arrowsOf({ 'docs/page.mjs': ['scripts/lib/names.mjs', 'lib/x.mjs'], 'scripts/lib/names.mjs': [], 'lib/x.mjs': [] });
    expect(arrowsBackUp(arrows, rankIn)).toEqual([{ from: 'docs', to: 'scripts/lib', count: 1 }]);
  });

  it('finds two rooms that import each other, and a longer circle', () => {
    const arrows = arrowsOf({
      'docs/a.mjs': ['lib/b.mjs'],
      'lib/b.mjs': ['docs/a.mjs'],
      'scripts/x.mjs': ['scripts/lib/y.mjs'],
      'scripts/lib/y.mjs': ['packages/mock/z.ts'],
      'packages/mock/z.ts': ['scripts/x.mjs'],
    });
    expect(circles(arrows)).toEqual([['docs', 'lib'], ['packages/mock', 'scripts', 'scripts/lib']]);
  });

  it('ranks undeclared rooms by their imports; in a circle the weaker arrow is the one back up', () => {
    const arrows = arrowsOf({
      'scripts/a.mjs': ['lib/b.mjs', 'lib/c.mjs', 'docs/d.mjs'],
      'lib/b.mjs': ['packages/spec-model/'],
      'lib/c.mjs': ['scripts/a.mjs'],
      'docs/d.mjs': [],
    });
    const ranks: Map<string, number> = inferredRanks(arrows, ['scripts', 'lib', 'docs', 'packages/spec-model']);
    expect(ranks.get('packages/spec-model')).toBe(0);
    expect(ranks.get('docs')).toBe(0);
    expect(ranks.get('lib')).toBeLessThan(ranks.get('scripts')!);
    expect(arrowsBackUp(arrows, (room: string) => ranks.get(room))).toEqual([{ from: 'lib', to: 'scripts', count: 1 }]);
  });
});
