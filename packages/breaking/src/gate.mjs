// The breaking-change gate: the current spec against the newest released contract in openapi/baseline/.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { entriesToPaste, entryProblems, matchAcknowledged } from './acknowledged.mjs';
import { listChanges } from './compare.mjs';
import { allowsBreakingChanges, compareVersions, nextBreakingVersion, parseVersion, requiredBump } from './version.mjs';

/** The newest baseline <version>.json in dir: { version, file, doc }. */
export async function latestBaseline(dir) {
  const names = (await readdir(dir)).filter((name) => /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\.json$/.test(name));
  if (names.length === 0) throw new Error(`No released contract (<version>.json) in ${dir}`);
  names.sort((a, b) => compareVersions(a.slice(0, -5), b.slice(0, -5)));
  const name = names[names.length - 1];
  const file = path.join(dir, name);
  const doc = JSON.parse(await readFile(file, 'utf8'));
  const version = name.slice(0, -5);
  if (doc?.info?.version !== version) {
    throw new Error(`${file}: info.version is ${JSON.stringify(doc?.info?.version)}, the file name says ${version}`);
  }
  return { version, file, doc };
}

/**
 * Compares two bundled documents under the version rules. Breaks listed in `acknowledged` (see
 * acknowledged.mjs) pass without a bump; every other break needs one. Invalid or stale entries fail.
 * @returns {{ ok: boolean, breaks: ReturnType<typeof import('./compare.mjs').compareSpecs>, acknowledged: object[], released: string, current: string, report: string[] }}
 */
export function evaluate(baselineDoc, currentDoc, acknowledgedEntries = []) {
  const released = baselineDoc.info.version;
  const current = currentDoc?.info?.version;
  const report = [];
  parseVersion(current);
  if (compareVersions(current, released) < 0) {
    report.push(`info.version ${current} is lower than the released ${released}.`);
    return { ok: false, breaks: [], acknowledged: [], released, current, report };
  }
  const problems = entryProblems(acknowledgedEntries);
  if (problems.length > 0) {
    report.push(`The list of acknowledged corrections is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
    for (const problem of problems) report.push(`  ${problem}`);
    return { ok: false, breaks: [], acknowledged: [], released, current, report };
  }
  const changes = listChanges(baselineDoc, currentDoc);
  const all = changes.filter((change) => change.level === 'breaking').map(({ kind, path, message, via }) => ({ kind, path, message, ...(via ? { via } : {}) }));
  const { acknowledged, unacknowledged: breaks, stale } = matchAcknowledged(all, acknowledgedEntries, released);
  // Partners get a deprecation before an operation goes: a removal without one fails whatever the version.
  const removedWithoutDeprecation = changes.filter((change) => change.kind === 'removed-operation' && !change.operation.deprecated);
  const unacknowledgedRemovals = removedWithoutDeprecation.filter((change) => breaks.some((b) => b.path === change.path && b.kind === change.kind));
  if (acknowledged.length > 0) {
    report.push(`${acknowledged.length} acknowledged correction${acknowledged.length === 1 ? '' : 's'} of ${released} (no bump needed):`);
    for (const b of acknowledged) report.push(`  [${b.kind}] ${b.path}\n      ${b.message}\n      reason: ${b.reason}`);
  }
  if (stale.length > 0) {
    report.push(`${stale.length} acknowledged correction${stale.length === 1 ? '' : 's'} no longer apply:`);
    for (const line of stale) report.push(`  ${line}`);
  }
  if (breaks.length === 0) {
    if (stale.length === 0) report.push(`No unacknowledged breaking changes against the released contract ${released} (info.version ${current}).`);
    return { ok: stale.length === 0, breaks, acknowledged, released, current, report };
  }
  const allowed = allowsBreakingChanges(released, current);
  report.push(
    `${breaks.length} breaking change${breaks.length === 1 ? '' : 's'} against the released contract ${released}` +
      ` (info.version ${current}):`,
  );
  for (const b of breaks) report.push(`  [${b.kind}] ${b.path}\n      ${b.message}${b.via ? ` (in ${b.via})` : ''}`);
  if (unacknowledgedRemovals.length > 0) {
    report.push(
      `Not allowed in any version: ${unacknowledgedRemovals.length} operation${unacknowledgedRemovals.length === 1 ? ' was' : 's were'} removed without being ` +
        `deprecated in ${released} first (${unacknowledgedRemovals.map((change) => change.operation.label).join(', ')}). Restore ` +
        'it, mark it `deprecated: true` with an `x-sunset: YYYY-MM-DD` date and release that, then remove it in a later breaking release.',
    );
    return { ok: false, breaks, acknowledged, released, current, report };
  }
  if (allowed) {
    report.push(`Allowed: info.version ${current} is a ${requiredBump(released)} bump over ${released}.`);
  } else {
    report.push(
      `Not allowed: a breaking change needs a ${requiredBump(released)} bump of info.version ` +
        `(${released} -> ${nextBreakingVersion(released)} or later). Either undo the change(s) above, or bump ` +
        `info.version in openapi/spec.yaml, run \`npm run generate\` and add a changeset with a ` +
        `${requiredBump(released)} bump for @vendor/api-types, @vendor/api-client and @vendor/api-mock.`,
      `Or, if a change corrects how ${released} describes what the service always did, add its entry to the ` +
        `acknowledged corrections (openapi/acknowledged-breaks.yaml) with the reason:`,
      entriesToPaste(breaks, released),
    );
  }
  return { ok: allowed && stale.length === 0, breaks, acknowledged, released, current, report };
}
