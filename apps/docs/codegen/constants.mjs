// Values every generated code sample shares. The samples are documentation: these are placeholders a reader
// replaces, never real hosts or credentials.
export const CONTROL_PLANE_BASE_URL = 'https://api.vendor.example';
export const GATEWAY_BASE_URL = 'https://gateway.vendor.example';
export const TOKEN_ENV_VAR = 'VENDOR_API_TOKEN';
export const CLIENT_PACKAGE = '@vendor/api-client';
export const GENERATOR = 'scripts/generators/40-docs.mjs';
export const SAMPLE_LANGS = { typescript: 'TypeScript', curl: 'curl' };
