// Values every generated code sample shares. The samples are documentation: these are placeholders a reader
// replaces, never real hosts or credentials.
export const CONTROL_PLANE_BASE_URL = 'https://api.vendor.example';
export const GATEWAY_BASE_URL = 'https://gateway.vendor.example';
export const TOKEN_ENV_VAR = 'VENDOR_API_TOKEN';
/** Where `npm start` and `npx @vendor/api-mock` serve the mock by default: both address spaces on one port. */
export const LOCAL_MOCK_URL = 'http://127.0.0.1:4010';
export const CLIENT_PACKAGE = '@vendor/api-client';
export const GENERATOR = 'scripts/generators/40-docs.mjs';
export const SAMPLE_LANGS = { typescript: 'TypeScript', python: 'Python', curl: 'curl' };
/**
 * The languages of each operation's samples on its Markdown page, in order: `key` is the sample's field
 * (docs-bundle.mjs's Sample), `fence` the Markdown code fence's language. A new language is one more entry.
 */
export const SAMPLE_LANGUAGES = [
  { key: 'typescript', label: SAMPLE_LANGS.typescript, fence: 'ts' },
  { key: 'python', label: SAMPLE_LANGS.python, fence: 'python' },
  { key: 'curl', label: SAMPLE_LANGS.curl, fence: 'sh' },
];
/** Files the docs offer for download, relative to the site root (generated into src/generated/, copied into dist/). */
export const DOWNLOADS = {
  openapiJson: 'downloads/openapi.json',
  openapiYaml: 'downloads/openapi.yaml',
  /** The OpenAPI 3.0.3 rendition (scripts/generators/15-openapi-30.mjs), for tools that read only 3.0. */
  openapi30Json: 'downloads/openapi-3.0.json',
  openapi30Yaml: 'downloads/openapi-3.0.yaml',
  postmanCollection: 'downloads/platform-api.postman_collection.json',
  postmanEnvironment: 'downloads/platform-api-mock.postman_environment.json',
};
/** Pages the docs build beside the reference, relative to the site root (generated into src/generated/site/). */
export const SITE_PAGES = {
  changes: 'changes.html',
  changesMarkdown: 'changes.md',
  /** "Use the API from another language" (hand-written: apps/docs/pages/, copied beside the reference). */
  otherLanguages: 'other-languages.md',
  llms: 'llms.txt',
  llmsFull: 'llms-full.txt',
  /** One Markdown page per operation: `operations/<operationId>.md`. */
  operation: (operationId) => `operations/${operationId}.md`,
  /** One Markdown page per shape (a named object or union) the operation pages link: `schemas/<Name>.md`. */
  schema: (name) => `schemas/${name}.md`,
};
