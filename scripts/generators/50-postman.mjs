// The Postman collection and environment the hosted docs offer for download
// (apps/docs/src/generated/downloads/), converted from the bundle by openapi-to-postmanv2.
// The conversion and its adjustments live in apps/docs/codegen/postman.mjs.
import { toJsonText } from '../../lib/json-text.mjs';
import { DOWNLOADS } from '../../apps/docs/codegen/constants.mjs';
import { GENERATED_DIR } from '../../apps/docs/codegen/files.mjs';
import { postmanFiles } from '../../apps/docs/codegen/postman.mjs';

export async function generate({ bundle }) {
  const { collection, environment } = await postmanFiles(bundle);
  return [
    { path: `${GENERATED_DIR}/${DOWNLOADS.postmanCollection}`, content: toJsonText(collection) },
    { path: `${GENERATED_DIR}/${DOWNLOADS.postmanEnvironment}`, content: toJsonText(environment) },
  ];
}
