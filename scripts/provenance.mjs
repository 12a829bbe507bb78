#!/usr/bin/env node
// Provenance report: which parts of the contract fill a gap of the API's own description, and how.
//
//   npm run provenance                  openapi/spec.yaml (bundled)
//   node scripts/provenance.mjs --spec F   another entry file (.yaml or .json)
//
// An element marked `x-provenance: service` states a fact read from the running service or its SDKs;
// `x-provenance: assumption` is a choice we made where nothing says otherwise, best with an
// `x-provenance-note` saying why. Unmarked elements follow the API's own description.
// Prints the count per kind and every assumption with its JSON pointer and note.
// Exit 0: every mark is valid. Exit 1: a mark with another value, an empty note, or a note without a
// mark. Exit 2: the document cannot be read, or @vendor/spec-model is not built (`npm run provenance` builds it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleSpec, repoRoot, specPath } from './lib/bundle.mjs';
import { buildSpecModelIfMissing } from './lib/spec-model-built.mjs';

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
// The markers are read by @vendor/spec-model (its dist/), like every reading of the contract. Run on a clone that
// has not built it, the script says what to run instead of failing on the import.
if (isMain) buildSpecModelIfMissing('provenance', 2);
const { PROVENANCE_KINDS, readProvenance } = await import('@vendor/spec-model');

/**
 * Every provenance mark in a document.
 * @returns {{ counts: Record<string, number>, marks: {pointer: string, kind: string, note?: string}[], problems: string[] }}
 */
export function collectProvenance(document) {
  const { markers, problems } = readProvenance(document);
  const counts = Object.fromEntries(PROVENANCE_KINDS.map((kind) => [kind, 0]));
  for (const { provenance } of markers) counts[provenance] += 1;
  const marks = markers.map(({ pointer, provenance, note }) => ({ pointer, kind: provenance, ...(note === undefined ? {} : { note }) }));
  return { counts, marks, problems: problems.map(({ pointer, message }) => `${pointer}: ${message}`) };
}

/** The report as lines of text. */
export function formatReport({ counts, marks, problems }) {
  const lines = [`provenance: ${PROVENANCE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ')} (unmarked elements follow the API description)`];
  const assumptions = marks.filter((mark) => mark.kind === 'assumption');
  if (assumptions.length > 0) lines.push('', `Assumptions (${assumptions.length}):`);
  for (const mark of assumptions) lines.push(`  ${mark.pointer}`, `      ${mark.note ?? '(no note)'}`);
  if (problems.length > 0) lines.push('', `Invalid marks (${problems.length}):`, ...problems.map((problem) => `  ${problem}`));
  return lines;
}

async function main() {
  const { values } = parseArgs({ options: { spec: { type: 'string', default: specPath } } });
  const file = path.resolve(values.spec);
  let document;
  try {
    document = await bundleSpec(file);
  } catch (error) {
    console.error(`provenance: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  const result = collectProvenance(document);
  console.log(`provenance: ${path.relative(repoRoot, file)}`);
  const out = result.problems.length > 0 ? console.error : console.log;
  out(formatReport(result).join('\n'));
  process.exit(result.problems.length > 0 ? 1 : 0);
}

if (isMain) await main();
