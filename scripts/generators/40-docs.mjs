// The hosted docs' document (apps/docs/src/generated/openapi.docs.json): the bundle plus generated
// `x-codeSamples` (TypeScript with @vendor/api-client, and curl) for every operation, built from the
// operation's request examples; and each TypeScript sample as a .ts file so the docs' tests can
// type-check it against the client. The sample builders live in apps/docs/codegen/.
import { docsFiles } from '../../apps/docs/codegen/files.mjs';

export async function generate({ bundle }) {
  return docsFiles(bundle);
}
