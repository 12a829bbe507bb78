// The import graph of a folder tree, read from the sources, and what it says about rooms (folders that are ranked):
// how many files each holds, the arrows between them with counts, the arrows running back up, and the circles.
// One reader for the root's guard (tests/architecture/root-imports.test.ts) and `npm run look`, so the test and
// the picture cannot disagree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE_EXTENSIONS = ['.mjs', '.js', '.ts', '.mts', '.cjs', '.cts', '.tsx'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'tmp', 'coverage', 'screenshots']);

/** @typedef {Map<string, Set<string>>} ImportGraph file -> the files (or `<package dir>/`) it imports, paths relative to the base */

/**
 * Every source file under `folders` (relative to `base`), and what each imports: relative imports that name a
 * file, and workspace packages by name (`@vendor/spec-model` -> `packages/spec-model/`).
 * @param {string} base
 * @param {string[]} folders
 * @param {Record<string, string>} [workspaces] package name -> its folder relative to `base`
 * @returns {ImportGraph}
 */
export function readImportGraph(base, folders, workspaces = {}) {
  /** @type {ImportGraph} */
  const graph = new Map();
  for (const folder of folders) {
    for (const file of sourceFiles(base, folder)) {
      const text = readFileSync(path.join(base, file), 'utf8');
      const targets = new Set();
      for (const specifier of importSpecifiers(text)) {
        const target = resolveSpecifier(base, file, specifier, workspaces);
        if (target !== undefined) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The workspace packages under `base` (packages/*, apps/*): name -> folder with a trailing slash. */
export function readWorkspaces(base) {
  /** @type {Record<string, string>} */
  const workspaces = {};
  for (const parent of ['packages', 'apps']) {
    if (!existsSync(path.join(base, parent))) continue;
    for (const entry of readdirSync(path.join(base, parent))) {
      const manifest = path.join(base, parent, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof name === 'string') workspaces[name] = `${parent}/${entry}/`;
    }
  }
  return workspaces;
}

/** The specifiers of a module's static imports, re-exports and dynamic imports with a literal specifier. */
export function importSpecifiers(text) {
  const specifiers = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+|^\s*export\s+\*\s+from\s+)['"]([^'"\n]+)['"]/gm;
  for (const match of text.matchAll(pattern)) specifiers.push(match[1]);
  return specifiers;
}

/**
 * A relative specifier as the file it names (a TypeScript source imported as `.js` too), or undefined when no file
 * answers (import text inside a template a generator writes); a workspace package as its folder; others undefined.
 */
function resolveSpecifier(base, file, specifier, workspaces) {
  const isRelative = specifier.startsWith('./') || specifier.startsWith('../');
  if (!isRelative) {
    const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    return workspaces[packageName];
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const candidates = [
    joined,
    joined.replace(/\.js$/, '.ts'),
    joined.replace(/\.mjs$/, '.mts'),
    joined.replace(/\.js$/, '.tsx'),
    ...SOURCE_EXTENSIONS.map((extension) => `${joined}${extension}`),
    ...SOURCE_EXTENSIONS.map((extension) => `${joined}/index${extension}`),
  ];
  return candidates.find((candidate) => isFile(path.join(base, candidate)));
}

function isFile(file) {
  return existsSync(file) && statSync(file).isFile();
}

function sourceFiles(base, folder) {
  const absolute = path.join(base, folder);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return SOURCE_EXTENSIONS.some((extension) => folder.endsWith(extension)) ? [folder] : [];
  const files = [];
  for (const entry of readdirSync(absolute).sort()) {
    if (SKIPPED_FOLDERS.has(entry)) continue;
    files.push(...sourceFiles(base, path.posix.join(folder, entry)));
  }
  return files;
}

/**
 * @typedef {{ room: string, rank: number, prefixes: string[], why: string }} RoomRule A room of a declared table:
 * a `room` ending in `/*` is one room per folder under its prefix (`packages/*` -> `packages/mock`).
 */

/** The room of a path by the longest prefix of the table that names it, with its rank; undefined when none does. */
export function roomOf(file, table) {
  let best;
  for (const rule of table) {
    for (const prefix of rule.prefixes) {
      const names = file === prefix || file.startsWith(prefix);
      const isLonger = best === undefined || prefix.length > best.length;
      if (names && isLonger) best = { rule, prefix, length: prefix.length };
    }
  }
  if (best === undefined) return undefined;
  const isPerFolder = best.rule.room.endsWith('/*');
  const room = isPerFolder ? `${best.prefix}${file.slice(best.prefix.length).split('/')[0]}` : best.rule.room;
  return { room, rank: best.rule.rank };
}

/**
 * The graph between rooms: files per room, and each arrow with the number of imports behind it. Imports inside a
 * room are not arrows.
 * @param {ImportGraph} graph
 * @param {(file: string) => string | undefined} roomOfFile
 */
export function roomGraph(graph, roomOfFile) {
  /** @type {Map<string, number>} */
  const files = new Map();
  /** @type {Map<string, Map<string, number>>} */
  const arrows = new Map();
  for (const [file, targets] of graph) {
    const from = roomOfFile(file);
    if (from === undefined) continue;
    files.set(from, (files.get(from) ?? 0) + 1);
    for (const target of targets) {
      const to = roomOfFile(target);
      const isArrow = to !== undefined && to !== from;
      if (!isArrow) continue;
      const out = arrows.get(from) ?? new Map();
      out.set(to, (out.get(to) ?? 0) + 1);
      arrows.set(from, out);
    }
  }
  return { files, arrows };
}

/** Each arrow as `{ from, to, count }`, sorted. */
export function arrowList(arrows) {
  const list = [];
  for (const [from, targets] of arrows) {
    for (const [to, count] of targets) list.push({ from, to, count });
  }
  return list.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The arrows from a room to a room ranked above it. */
export function arrowsBackUp(arrows, rankOfRoom) {
  return arrowList(arrows).filter(({ from, to }) => rankOfRoom(to) > rankOfRoom(from));
}

/** The circles: rooms that reach each other through arrows (strongly connected, more than one room), sorted. */
export function circles(arrows) {
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const [from, targets] of arrows) graph.set(from, new Set(targets.keys()));
  const found = stronglyConnected(graph).filter((component) => component.length > 1);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Tarjan's strongly connected components of a graph of names, each sorted; a node importing itself alone too. */
export function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const nodes = new Set(graph.keys());
  for (const targets of graph.values()) for (const target of targets) nodes.add(target);
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component.sort());
  };
  for (const node of [...nodes].sort()) {
    if (!index.has(node)) visit(node);
  }
  return components;
}

/**
 * Ranks for rooms nobody declared, read from the arrows: a room sits above every room it imports. Inside a circle,
 * where no order holds, the room with more imports out than in sits higher, so the weaker arrows are the ones
 * that run back up.
 * @returns {Map<string, number>}
 */
export function inferredRanks(arrows, rooms) {
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  for (const room of rooms) graph.set(room, new Set());
  for (const [from, targets] of arrows) graph.set(from, new Set(targets.keys()));
  const components = stronglyConnected(graph);
  const componentOf = new Map();
  components.forEach((component, i) => component.forEach((room) => componentOf.set(room, i)));
  // Tarjan yields a component after every component it reaches, so one pass in order gives each its level.
  const level = new Map();
  components.forEach((component, i) => {
    let highest = -1;
    for (const room of component) {
      for (const target of graph.get(room) ?? []) {
        const other = componentOf.get(target);
        if (other !== i) highest = Math.max(highest, level.get(other));
      }
    }
    level.set(i, highest + 1);
  });
  const ranks = new Map();
  components.forEach((component, i) => {
    const netOut = (room) => {
      let net = 0;
      for (const other of component) {
        net += arrows.get(room)?.get(other) ?? 0;
        net -= arrows.get(other)?.get(room) ?? 0;
      }
      return net;
    };
    const ordered = [...component].sort((a, b) => netOut(a) - netOut(b) || a.localeCompare(b));
    ordered.forEach((room, position) => ranks.set(room, level.get(i) + position / component.length));
  });
  return ranks;
}
