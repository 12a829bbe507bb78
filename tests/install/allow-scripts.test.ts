// `npm ci` stays quiet: npm 11 warns about every dependency whose install script has no decision in the
// root package.json's `allowScripts`. A new dependency with an install script fails here instead: review
// what the script does, then `npm install-scripts approve <name>` (or `deny`), which writes the entry.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

interface LockEntry {
  name?: string;
  version?: string;
  resolved?: string;
  link?: boolean;
  hasInstallScript?: boolean;
}

/** Every installed dependency (not a workspace of ours) that has an install script. */
function dependenciesWithInstallScripts(lock: { packages: Record<string, LockEntry> }) {
  const found = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const isDependency = location.includes('node_modules/') && !entry.link;
    if (!isDependency || !entry.hasInstallScript) continue;
    const name = entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.push({ name, version: entry.version, location, pinnable: entry.resolved !== undefined });
  }
  return found;
}

/**
 * The decision allowScripts records for a package, as npm reads it: a key is the name alone (or name@*),
 * or name@ exact versions joined by "||". npm matches a version only when the lock has the package's
 * "resolved" URL, which ours leaves out: for us only name-only entries count.
 */
function decisionFor(allowScripts: Record<string, boolean>, name: string, version: string | undefined, pinnable: boolean) {
  for (const [key, allowed] of Object.entries(allowScripts)) {
    const at = key.lastIndexOf('@'); // after the scope's "@" of "@scope/name@1.2.3"
    const [keyName, spec] = at > 0 ? [key.slice(0, at), key.slice(at + 1).trim()] : [key, ''];
    if (keyName !== name) continue;
    const isNameOnly = spec === '' || spec === '*';
    const versions = spec.split('||').map((v) => v.trim());
    if (isNameOnly || (pinnable && version !== undefined && versions.includes(version))) return allowed;
  }
  return undefined;
}

describe('install scripts of dependencies', () => {
  const allowScripts: Record<string, boolean> = readJson('package.json').allowScripts ?? {};
  const withScripts = dependenciesWithInstallScripts(readJson('package-lock.json'));

  it('each has a decision in package.json allowScripts, so npm ci prints no install-scripts warning', () => {
    const undecided = withScripts
      .filter(({ name, version, pinnable }) => decisionFor(allowScripts, name, version, pinnable) === undefined)
      .map(({ name, version, location }) => `${name}@${version} (${location})`);
    expect(undecided).toEqual([]);
  });

  it('include esbuild, which is allowed: its postinstall checks that its platform binary is installed', () => {
    const esbuilds = withScripts.filter(({ name }) => name === 'esbuild');
    expect(esbuilds.length).toBeGreaterThan(0);
    for (const { name, version, pinnable } of esbuilds) expect(decisionFor(allowScripts, name, version, pinnable)).toBe(true);
  });
});
