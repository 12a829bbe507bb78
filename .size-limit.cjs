// Size of @vendor/api-client, checked in `npm test` by tests/packaging/size.test.ts
// (`npx size-limit` prints the same table). esbuild bundles the built ESM entry with its dependencies
// (openapi-fetch; @vendor/api-types is types only), minified; the size is gzip's.
//
// This is a REGRESSION GATE, not the target. Target (issue 7, checked by `npm run bench:check`):
// whole client <= 5,000 B. Measured 5,505 B on 2026-11-22 (openapi-fetch alone 2,933 B; openapi-fetch +
// the generated operation table + the two createClient calls are ~3,100 B of it): the target is MISSED
// by 505 B and stays reported as missed by bench:check until the client is slimmed further.
// Gate: 5,650 B = measured 5,505 B + 145 B margin (~2.5%: room for a dependency patch or a small fix,
// not for a new feature). Lower it whenever the client shrinks; never raise it without a note here.
module.exports = [
  {
    name: '@vendor/api-client (whole client)',
    path: 'packages/client/dist/index.js',
    import: '*',
    gzip: true,
    limit: '5650 B',
  },
  {
    // Reference only (no limit): the floor the client builds on.
    name: 'openapi-fetch alone',
    path: 'node_modules/openapi-fetch/dist/index.mjs',
    import: '*',
    gzip: true,
  },
];
