// The bundled OpenAPI document, shipped in @vendor/api-types as `@vendor/api-types/openapi.json`.
// The mock serves it, the docs build from it, the other generators read the same object.
import { toJsonText } from '../../lib/json-text.mjs';

export async function generate({ bundle }) {
  return [{ path: 'packages/types/src/generated/openapi.json', content: toJsonText(bundle) }];
}
