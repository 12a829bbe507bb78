// The hosted docs' document (apps/docs/src/generated/openapi.docs.json): the bundle plus generated
// `x-codeSamples` (TypeScript with @vendor/api-client, and curl) for every operation, built from the
// operation's request examples; and each TypeScript sample as a .ts file so the docs' tests can
// type-check it against the client. Beside them (src/generated/site/): llms.txt, llms-full.txt, one Markdown
// page per operation, and the "What changed" page against the newest released contract (openapi/baseline/).
// The sample and page builders live in apps/docs/codegen/.
import path from 'node:path';
import { docsFiles } from '../../apps/docs/codegen/files.mjs';
import { latestBaseline, loadAcknowledged } from '@vendor/breaking';

export async function generate({ bundle, repoRoot }) {
  const baseline = await latestBaseline(path.join(repoRoot, 'openapi/baseline'));
  const acknowledged = await loadAcknowledged(path.join(repoRoot, 'openapi/acknowledged-breaks.yaml'));
  return docsFiles(bundle, { baseline: baseline.doc, acknowledged });
}
