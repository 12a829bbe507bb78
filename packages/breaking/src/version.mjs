// Version rules of the breaking-change gate (semver on info.version).
//   below 1.0.0       a breaking change needs a minor bump at least: 0.1.x -> 0.2.0
//   1.0.0 and above   a breaking change needs a major bump:          1.4.2 -> 2.0.0

/** @returns {{major: number, minor: number, patch: number, prerelease: string}} */
export function parseVersion(text) {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(String(text ?? '').trim());
  if (!m) throw new Error(`info.version ${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH)`);
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ?? '' };
}

/** Orders two versions (prereleases before their release; prerelease tags compared as text). */
export function compareVersions(a, b) {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (const k of ['major', 'minor', 'patch']) if (x[k] !== y[k]) return x[k] < y[k] ? -1 : 1;
  if (x.prerelease === y.prerelease) return 0;
  if (!x.prerelease) return 1;
  if (!y.prerelease) return -1;
  return x.prerelease < y.prerelease ? -1 : 1;
}

/** The bump a breaking change needs from the released version: 'minor' below 1.0, 'major' from 1.0 on. */
export function requiredBump(released) {
  return parseVersion(released).major === 0 ? 'minor' : 'major';
}

/** The smallest version that may carry a breaking change after `released`. */
export function nextBreakingVersion(released) {
  const v = parseVersion(released);
  return v.major === 0 ? `0.${v.minor + 1}.0` : `${v.major + 1}.0.0`;
}

/** Whether `current` is bumped enough over `released` to carry breaking changes (a prerelease of it counts). */
export function allowsBreakingChanges(released, current) {
  const r = parseVersion(released);
  const c = parseVersion(current);
  if (r.major === 0) return c.major > 0 || c.minor > r.minor;
  return c.major > r.major;
}
