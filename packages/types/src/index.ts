// Types for the Platform Control Plane and Gateway API, generated from openapi/spec.yaml.
// `paths`, `components`, `operations` (openapi-typescript) and one alias per schema (`Team`, `McpServerManifest`, ...).
// The bundled OpenAPI document itself is available as `@vendor/api-types/openapi.json`.
export type * from './generated/openapi.js';
