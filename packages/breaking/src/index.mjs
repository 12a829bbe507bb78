// The breaking-change comparer, the gate and the changelog over the bundled contract. The commands
// (scripts/check-breaking.mjs, scripts/changelog.mjs), the docs' "What changed" page and the docs generator
// take them from here; the modules behind them are this package's own.
export { BREAK_KINDS, CHANGE_KINDS, CHANGE_LEVELS, compareSpecs, formatPath, listChanges } from './compare.mjs';
export { evaluate, latestBaseline } from './gate.mjs';
export { entriesToPaste, entryProblems, loadAcknowledged, matchAcknowledged } from './acknowledged.mjs';
export { allowsBreakingChanges, compareVersions, nextBreakingVersion, parseVersion, requiredBump } from './version.mjs';
/** @typedef {import('./changelog.mjs').Changelog} Changelog */
export { buildChangelog, changelogMarkdown, changelogText, countsLine } from './changelog.mjs';
export { resolveRef } from './resolve-ref.mjs';
