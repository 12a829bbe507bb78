// Acknowledged corrections: breaking changes the gate lets through without a version bump, because they
// correct how an already released version is described (the service always behaved that way).
//
// openapi/acknowledged-breaks.yaml holds a checked list. Each entry names exactly one break, as the gate
// prints it:
//   path    the exact JSONPath of the break (no wildcards, no prefixes)
//   kind    its kind (one of BREAK_KINDS)
//   change  its message, which tells apart several breaks at one path (e.g. two fields made optional)
//   since   the released version it corrects; it must be the newest baseline
//   reason  why this is a correction and not a change; required
// An entry that matches no current break is stale and fails the gate, so the list never outlives its breaks.
import { readFile } from 'node:fs/promises';
import YAML from 'yaml';
import { BREAK_KINDS } from './compare.mjs';
import { parseVersion } from './version.mjs';

const FIELDS = ['path', 'kind', 'change', 'since', 'reason'];
const PLACEHOLDER_REASON = /^(todo|tbd|fixme|xxx)\b/i;

/** Reads the list; a missing file is an empty list. Throws on YAML that is not `{acknowledged: [...]}`. */
export async function loadAcknowledged(file) {
  const text = await readFile(file, 'utf8').catch((error) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return [];
  // Many entries share one reason through a YAML anchor (`reason: &nulls "..."`, then `reason: *nulls`);
  // the yaml library's default limit of 100 aliases guards untrusted input, this file is ours.
  const parsed = YAML.parse(text, { maxAliasCount: 10_000 });
  const list = parsed?.acknowledged;
  if (!Array.isArray(list)) throw new Error(`${file}: expected a top-level "acknowledged:" list`);
  return list;
}

/** Rule violations of the entries themselves, one message per problem, naming the entry and the field. */
export function entryProblems(entries) {
  const problems = [];
  const seen = new Set();
  entries.forEach((entry, i) => {
    const name = `acknowledged[${i}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push(`${name}: must be a mapping with ${FIELDS.join(', ')}`);
      return;
    }
    for (const key of Object.keys(entry)) {
      if (!FIELDS.includes(key)) problems.push(`${name}: unknown field "${key}" (fields: ${FIELDS.join(', ')})`);
    }
    for (const key of FIELDS) {
      if (typeof entry[key] !== 'string' || entry[key].trim() === '') problems.push(`${name}.${key}: required, a non-empty string`);
    }
    if (typeof entry.path === 'string' && entry.path.trim() !== '') {
      const wildcard = entry.path.includes('*') || entry.path.includes('..');
      if (wildcard) problems.push(`${name}.path: must be the exact path of one break; wildcards (* and ..) are refused: ${entry.path}`);
      if (!entry.path.startsWith('$.')) problems.push(`${name}.path: must be a JSONPath starting with "$." as the gate prints it: ${entry.path}`);
    }
    if (typeof entry.kind === 'string' && entry.kind !== '' && !BREAK_KINDS.includes(entry.kind)) {
      problems.push(`${name}.kind: "${entry.kind}" is not a break kind (${BREAK_KINDS.join(', ')})`);
    }
    if (typeof entry.since === 'string' && entry.since !== '') {
      try {
        parseVersion(entry.since);
      } catch {
        problems.push(`${name}.since: "${entry.since}" is not a semantic version`);
      }
    }
    if (typeof entry.reason === 'string' && PLACEHOLDER_REASON.test(entry.reason.trim())) {
      problems.push(`${name}.reason: a placeholder ("${entry.reason.trim()}"); say why this corrects the description of ${entry.since ?? 'the release'}`);
    }
    const key = `${entry.path}\u0000${entry.kind}\u0000${entry.change}`;
    if (seen.has(key)) problems.push(`${name}: duplicate of an earlier entry (same path, kind and change)`);
    seen.add(key);
  });
  return problems;
}

const sameBreak = (entry, b) => entry.path === b.path && entry.kind === b.kind && entry.change === b.message;

/**
 * Splits breaks into acknowledged and not, and finds entries that acknowledge nothing.
 * @param {{kind: string, path: string, message: string}[]} breaks
 * @param {Record<string, string>[]} entries valid entries (see entryProblems)
 * @param {string} released the version of the baseline the breaks are measured against
 */
export function matchAcknowledged(breaks, entries, released) {
  const acknowledged = [];
  const unacknowledged = [];
  for (const b of breaks) {
    const entry = entries.find((e) => e.since === released && sameBreak(e, b));
    if (entry) acknowledged.push({ ...b, reason: entry.reason });
    else unacknowledged.push(b);
  }
  const stale = [];
  entries.forEach((entry, i) => {
    if (entry.since !== released) {
      stale.push(`acknowledged[${i}]: corrects ${entry.since}, but the released contract is ${released}; remove it (${entry.path})`);
    } else if (!breaks.some((b) => sameBreak(entry, b))) {
      stale.push(`acknowledged[${i}]: matches no current break (stale; remove it, or fix path/kind/change): [${entry.kind}] ${entry.path}`);
    }
  });
  return { acknowledged, unacknowledged, stale };
}

/** Ready-to-paste entries for breaks, with an empty reason the author must fill in. */
export function entriesToPaste(breaks, released) {
  const entries = breaks.map((b) => ({ path: b.path, kind: b.kind, change: b.message, since: released, reason: '' }));
  return YAML.stringify(entries, { lineWidth: 0 }).trimEnd();
}
