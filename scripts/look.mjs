#!/usr/bin/env node
// `npm run look [folder]`: the rooms of the house and how they import each other, in place of `farm-studio look`.
//
//   npm run look                       the root: the rooms of lib/root-rooms.mjs, ranked as declared there
//   npm run look -- packages/mock/src  a folder: each folder (and file) under it is a room, ranked by its imports
//
// LOOK_ROOT=<checkout> reads another checkout of the repository with the same rooms (a before-and-after picture).
// Prints each room with its rank and number of files, the arrows between rooms with the imports behind them, the
// arrows running back up (from a room to one ranked above it), and the circles. Exit 0 either way: it shows, the
// guards (tests/architecture/root-imports.test.ts, each package's layer test) decide.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { arrowList, arrowsBackUp, circles, inferredRanks, readImportGraph, readWorkspaces, roomGraph, roomOf } from '../lib/import-graph.mjs';
import { ROOT_FOLDERS, ROOT_ROOMS } from '../lib/root-rooms.mjs';

const USAGE = 'usage: npm run look [-- <folder>]   (a folder of this repository, such as packages/mock/src)';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = path.resolve(process.env.LOOK_ROOT ?? repoRoot);
const [folder, ...extra] = process.argv.slice(2);

if (extra.length > 0 || folder === '--help' || folder === '-h') {
  console.error(USAGE);
  process.exit(folder === '--help' || folder === '-h' ? 0 : 2);
}

const view = folder === undefined ? rootView() : folderView(folder.replace(/\/+$/, ''));
if (view === undefined) {
  console.error(`look: ${folder} is not a folder of ${base}\n${USAGE}`);
  process.exit(2);
}
print(view);

/** The root as declared: its folders, rooms and ranks. */
function rootView() {
  const graph = readImportGraph(base, ROOT_FOLDERS, readWorkspaces(base));
  const roomOfFile = (file) => roomOf(file, ROOT_ROOMS)?.room;
  const rankOfRoom = (room) => roomOf(room.endsWith('/') ? room : `${room}/`, ROOT_ROOMS)?.rank ?? roomOf(room, ROOT_ROOMS)?.rank;
  const unranked = [...graph.keys()].filter((file) => roomOfFile(file) === undefined);
  return { title: 'the root (ranks declared in lib/root-rooms.mjs)', graph, roomOfFile, rankOfRoom, unranked };
}

/** A folder: each entry under it is a room, ranked by what it imports. */
function folderView(relative) {
  const graph = readImportGraph(base, [relative], {});
  if (graph.size === 0) return undefined;
  const roomOfFile = (file) => {
    const inside = file.startsWith(`${relative}/`);
    if (!inside) return undefined;
    const [first, ...rest] = file.slice(relative.length + 1).split('/');
    return rest.length === 0 ? first : `${first}/`;
  };
  const { files, arrows } = roomGraph(graph, roomOfFile);
  const ranks = inferredRanks(arrows, [...files.keys()]);
  return { title: `${relative} (ranks read from the imports)`, graph, roomOfFile, rankOfRoom: (room) => ranks.get(room), unranked: [] };
}

function print({ title, graph, roomOfFile, rankOfRoom, unranked }) {
  const { files, arrows } = roomGraph(graph, roomOfFile);
  const imported = arrowList(arrows).map(({ to }) => to);
  const rooms = [...new Set([...files.keys(), ...imported])].sort((a, b) => rankOfRoom(a) - rankOfRoom(b) || a.localeCompare(b));
  const rankText = (room) => {
    const rank = rankOfRoom(room);
    return Number.isInteger(rank) ? String(rank) : rank.toFixed(2);
  };
  const lines = [`look: ${title}`, '', `rooms (${rooms.length}, lowest first; rank, files read):`];
  for (const room of rooms) lines.push(`  ${rankText(room).padStart(5)}  ${String(files.get(room) ?? 0).padStart(4)}  ${room}`);
  const all = arrowList(arrows);
  lines.push('', `arrows (${all.length}; imports behind each):`);
  for (const { from, to, count } of all) lines.push(`  ${from} -> ${to}  ${count}`);
  const backUp = arrowsBackUp(arrows, rankOfRoom);
  lines.push('', `arrows back up: ${backUp.length}`);
  for (const { from, to, count } of backUp) lines.push(`  ${from} (${rankText(from)}) -> ${to} (${rankText(to)})  ${count}`);
  const found = circles(arrows);
  lines.push('', `circles: ${found.length}`);
  for (const circle of found) lines.push(`  ${circle.join(' <-> ')}`);
  if (unranked.length > 0) {
    lines.push('', `files in no room: ${unranked.length}`);
    for (const file of unranked) lines.push(`  ${file}`);
  }
  console.log(lines.join('\n'));
}
