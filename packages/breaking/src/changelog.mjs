// The changelog of two versions of the contract: the comparer's changes (listChanges) grouped by operation,
// each operation's entries ordered by level (breaking first), one entry per line a partner reads; and the
// same as plain text and as Markdown (`npm run changelog`, the docs' "What changed" page).
import { CHANGE_LEVELS, listChanges } from './compare.mjs';

/**
 * @typedef {{ level: string, kind: string, line: string, path: string, correction?: boolean }} ChangelogEntry
 *   correction: a break that corrects how the older version described what the service always did
 * @typedef {{ label: string, method: string, path: string, operationId?: string, deprecated: boolean, sunset?: string, entries: ChangelogEntry[] }} ChangelogOperation
 * @typedef {{ from: string, to: string, counts: Record<string, number>, operations: ChangelogOperation[] }} Changelog
 */

/**
 * @param {{ path: string, kind: string, change: string, since: string }[]} [acknowledged] the gate's acknowledged
 *   corrections: a break listed there corrects how the older version was described, and says so
 * @returns {Changelog}
 */
export function buildChangelog(fromDoc, toDoc, acknowledged = []) {
  const groups = new Map();
  const fromVersion = String(fromDoc?.info?.version);
  const isCorrection = (change) =>
    acknowledged.some((entry) => entry.since === fromVersion && entry.path === change.path && entry.kind === change.kind && entry.change === change.message);
  for (const change of listChanges(fromDoc, toDoc)) {
    const key = change.operation.label;
    if (!groups.has(key)) groups.set(key, { ...change.operation, entries: [], seen: new Set() });
    const group = groups.get(key);
    // A component used twice in one operation (two responses, two union branches) changes once for the reader.
    const seenKey = `${change.level}\u0000${change.line}`;
    if (group.seen.has(seenKey)) continue;
    group.seen.add(seenKey);
    const correction = change.level === 'breaking' && isCorrection(change);
    group.entries.push({ level: change.level, kind: change.kind, line: change.line, path: change.path, ...(correction ? { correction } : {}) });
  }
  const operations = [...groups.values()].map(({ seen: _seen, ...group }) => ({ ...group, entries: byLevel(group.entries) }));
  const counts = Object.fromEntries(CHANGE_LEVELS.map((level) => [level, 0]));
  for (const operation of operations) for (const entry of operation.entries) counts[entry.level] += 1;
  return { from: String(fromDoc?.info?.version), to: String(toDoc?.info?.version), counts, operations };
}

/** Stable: breaking, then deprecation, addition, documentation; the comparer's order inside each level. */
function byLevel(entries) {
  return [...entries].sort((a, b) => CHANGE_LEVELS.indexOf(a.level) - CHANGE_LEVELS.indexOf(b.level));
}

/** "3 breaking, 1 deprecation, 5 additions, 2 documentation" */
export function countsLine(counts) {
  const names = { breaking: 'breaking', deprecation: 'deprecation', addition: 'addition', documentation: 'documentation' };
  return CHANGE_LEVELS.map((level) => {
    const n = counts[level];
    const plural = n === 1 || level === 'breaking' || level === 'documentation' ? '' : 's';
    return `${n} ${names[level]}${plural}`;
  }).join(', ');
}

/** A correction is breaking by the letter of the older contract, not for a caller of the service: say so. */
function correctionNote(entry, changelog) {
  return entry.correction ? ` (correction of ${changelog.from}: the service always answered so)` : '';
}

function operationTitle(operation) {
  const deprecated = operation.deprecated ? ` [deprecated${operation.sunset ? `, sunset ${operation.sunset}` : ''}]` : '';
  return `${operation.label}${deprecated}`;
}

/** @param {Changelog} changelog */
export function changelogText(changelog) {
  const lines = [`Changes from ${changelog.from} to ${changelog.to}: ${countsLine(changelog.counts)}`];
  if (changelog.operations.length === 0) lines.push('', 'No changes.');
  const width = Math.max(...CHANGE_LEVELS.map((level) => level.length)) + 2;
  for (const operation of changelog.operations) {
    lines.push('', operationTitle(operation));
    for (const entry of operation.entries) lines.push(`  ${`[${entry.level}]`.padEnd(width)} ${entry.line}${correctionNote(entry, changelog)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** @param {Changelog} changelog */
export function changelogMarkdown(changelog) {
  const lines = [`# What changed: ${changelog.from} to ${changelog.to}`, '', `${countsLine(changelog.counts)}.`];
  if (changelog.operations.length === 0) lines.push('', 'No changes.');
  for (const operation of changelog.operations) {
    const id = operation.operationId ? ` (\`${operation.operationId}\`)` : '';
    const deprecated = operation.deprecated ? ` **Deprecated**${operation.sunset ? `, sunset ${operation.sunset}` : ''}.` : '';
    lines.push('', `## \`${operation.method.toUpperCase()} ${operation.path}\`${id}${deprecated}`, '');
    for (const entry of operation.entries) lines.push(`- **${entry.level}**: ${entry.line}${correctionNote(entry, changelog)}`);
  }
  return `${lines.join('\n')}\n`;
}
