// Size of @vendor/api-client, checked in `npm test` by tests/packaging/size.test.ts
// (`npx size-limit` prints the same table). esbuild bundles the built ESM entry with its dependencies
// (openapi-fetch; @vendor/api-types is types only), minified; the size is gzip's.
//
// This is a REGRESSION GATE, not the target. Target (issue 7, checked by `npm run bench:check`):
// whole client <= 5,000 B. Measured 5,471 B on 2026-11-23 (5,505 B on 2026-11-22; openapi-fetch alone
// 2,933 B): the target is MISSED by 471 B and stays reported as missed by bench:check (see bench/README.md,
// "The 5 kB budget", for where the bytes go and the decision it needs).
// Gate: 5,600 B = measured 5,471 B + 129 B margin (~2.4%: room for a dependency patch or a small fix,
// not for a new feature). Lower it whenever the client shrinks; never raise it without a note here.
module.exports = [
  {
    name: '@vendor/api-client (whole client)',
    path: 'packages/client/dist/index.js',
    import: '*',
    gzip: true,
    limit: '5600 B',
  },
  {
    // Tree-shaking: code that only checks errors (e.g. a server's error handler) must not pull in openapi-fetch
    // or the operation table. Measured 133 B; gate 200 B (+67 B). Pulling in either would add 500 B or more.
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
