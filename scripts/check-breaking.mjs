#!/usr/bin/env node
// Breaking-change gate (inside `npm test` through packages/breaking/test/gate.test.ts).
//
//   node scripts/check-breaking.mjs                  openapi/spec.yaml against the newest openapi/baseline/<version>.json
//   node scripts/check-breaking.mjs --spec F --baseline-dir D    other inputs (F: .yaml or .json, bundled first)
//   node scripts/check-breaking.mjs --snapshot       after a release: writes openapi/baseline/<info.version>.json
//   --acknowledged F   the acknowledged corrections (default: acknowledged-breaks.yaml beside the baseline
//                      folder, i.e. openapi/acknowledged-breaks.yaml; a missing file is an empty list)
//
// Exit 0: no breaking change, or each is an acknowledged correction, or info.version is bumped enough for
//         them (below 1.0: minor, from 1.0: major).
// Exit 1: a breaking change without that bump (each printed with its JSON path and a ready-to-paste entry),
//         or an acknowledged correction that is invalid or matches no break.
// Exit 2: bad input (unbundlable spec, missing baseline, version not semver).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toJsonText } from '../lib/json-text.mjs';
import { bundleSpec, repoRoot, specPath } from './lib/bundle.mjs';
import { evaluate, latestBaseline, loadAcknowledged, parseVersion } from '@vendor/breaking';

const { values } = parseArgs({
  options: {
    spec: { type: 'string', default: specPath },
    'baseline-dir': { type: 'string', default: path.join(repoRoot, 'openapi/baseline') },
    snapshot: { type: 'boolean', default: false },
    acknowledged: { type: 'string' },
  },
});

try {
  const current = await bundleSpec(path.resolve(values.spec));
  const dir = path.resolve(values['baseline-dir']);
  if (values.snapshot) {
    const version = current.info.version;
    parseVersion(version);
    const file = path.join(dir, `${version}.json`);
    const text = toJsonText(current);
    const existing = await readFile(file, 'utf8').catch(() => null);
    if (existing !== null && existing !== text) {
      console.error(`${path.relative(repoRoot, file)} exists and differs: a released contract is never rewritten. Bump info.version first.`);
      process.exit(1);
    }
    await mkdir(dir, { recursive: true });
    await writeFile(file, text);
    console.log(`check-breaking: wrote ${path.relative(repoRoot, file)}`);
    process.exit(0);
  }
  const baseline = await latestBaseline(dir);
  const acknowledgedFile = path.resolve(values.acknowledged ?? path.join(path.dirname(dir), 'acknowledged-breaks.yaml'));
  const result = evaluate(baseline.doc, current, await loadAcknowledged(acknowledgedFile));
  const out = result.ok ? console.log : console.error;
  out(
    `check-breaking: ${path.relative(repoRoot, path.resolve(values.spec))} vs ${path.relative(repoRoot, baseline.file)}` +
      ` (acknowledged corrections: ${path.relative(repoRoot, acknowledgedFile)})`,
  );
  out(result.report.join('\n'));
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  console.error(`check-breaking: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
