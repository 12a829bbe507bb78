#!/usr/bin/env node
// `npm run changelog`: what changed between two versions of the contract, every change (not only the
// breaking ones), grouped by operation, each with its level and one line in a partner's words. The
// comparer is the breaking gate's (@vendor/breaking, packages/breaking/src/compare.mjs listChanges).
//
//   npm run changelog                          newest released openapi/baseline/<version>.json -> openapi/spec.yaml
//   npm run changelog -- --from F --to G       other inputs (a baseline .json, or a spec .yaml/.json, bundled first)
//   npm run changelog -- --format markdown     text (default), markdown or json
// Exit 0 with the list (also when it is empty); exit 2 on bad input, one line naming it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleSpec, repoRoot, specPath } from './lib/bundle.mjs';
import { buildChangelog, changelogMarkdown, changelogText, latestBaseline, loadAcknowledged } from '@vendor/breaking';

const FORMATS = ['text', 'markdown', 'json'];

// `npm run changelog | head`: a reader who stops reading is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

try {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string', default: specPath },
      format: { type: 'string', default: 'text' },
    },
  });
  if (!FORMATS.includes(values.format)) throw new Error(`--format must be one of ${FORMATS.join(', ')} (got "${values.format}")`);
  const from = values.from ? await bundleSpec(path.resolve(values.from)) : (await latestBaseline(path.join(repoRoot, 'openapi/baseline'))).doc;
  const to = await bundleSpec(path.resolve(values.to));
  const acknowledged = await loadAcknowledged(path.join(repoRoot, 'openapi/acknowledged-breaks.yaml'));
  const changelog = buildChangelog(from, to, acknowledged);
  if (values.format === 'json') console.log(JSON.stringify(changelog, null, 2));
  else if (values.format === 'markdown') process.stdout.write(changelogMarkdown(changelog));
  else process.stdout.write(changelogText(changelog));
} catch (error) {
  console.error(`changelog: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
