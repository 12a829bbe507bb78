// The contract as OpenAPI 3.0.3 (the spec model's toOpenApi30: every 3.1 construct in its 3.0 form), for the tools
// that read only 3.0: shipped in @vendor/api-types (`@vendor/api-types/openapi-3.0.json` and `.yaml`) and offered
// for download in the docs beside the 3.1 document. A construct 3.0 cannot carry fails `npm run generate`.
import { stringify } from 'yaml';
import { toOpenApi30 } from '@vendor/spec-model';
import { toJsonText } from '../../lib/json-text.mjs';
import { DOWNLOADS } from '../../apps/docs/codegen/constants.mjs';

export const TYPES_OPENAPI_30_JSON = 'packages/types/src/generated/openapi-3.0.json';
export const TYPES_OPENAPI_30_YAML = 'packages/types/src/generated/openapi-3.0.yaml';
const DOCS_DIR = 'apps/docs/src/generated';

export async function generate({ bundle }) {
  const { document } = toOpenApi30(bundle);
  const json = toJsonText(document);
  const yaml = stringify(document, { lineWidth: 0 });
  return [
    { path: TYPES_OPENAPI_30_JSON, content: json },
    { path: TYPES_OPENAPI_30_YAML, content: yaml },
    { path: `${DOCS_DIR}/${DOWNLOADS.openapi30Json}`, content: json },
    { path: `${DOCS_DIR}/${DOWNLOADS.openapi30Yaml}`, content: yaml },
  ];
}
