// Size of @vendor/api-client, checked in `npm test` by tests/packaging/size.test.ts
// (`npx size-limit` prints the same table). esbuild bundles the built ESM entry with its dependencies
// (openapi-fetch; @vendor/api-types is types only), minified; the size is gzip's.
// Each limit keeps one line of why; measurements and earlier gates are in bench/README.md, "Budget history".
// Lower a gate whenever the client shrinks; never raise it without a note there.
module.exports = [
  {
    // issue 23: withResponse, pages(), hooks; budget 7,000 B
    name: '@vendor/api-client (whole client)',
    path: 'packages/client/dist/index.js',
    import: '*',
    gzip: true,
    limit: '7000 B',
  },
  {
    // Tree-shaking: no openapi-fetch or operation table (500 B or more) here; measured 151 B + 49 B margin.
    name: '@vendor/api-client, error classes only',
    path: 'packages/client/dist/index.js',
    import: '{ PlatformApiError, isPlatformApiError }',
    gzip: true,
    limit: '200 B',
  },
  {
    // Reference only (no limit): the floor the client builds on.
    name: 'openapi-fetch alone',
    path: 'node_modules/openapi-fetch/dist/index.mjs',
    import: '*',
    gzip: true,
  },
];
