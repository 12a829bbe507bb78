// Section 2: what the client adds to a browser bundle. esbuild (bundle, minify, ESM, browser, es2022)
// of a small entry importing from the built package (packages/client/dist via its `exports`), then gzip -9.
// Entries are passed on stdin, resolved from the repository root, so nothing is written to disk.
// The mock's in-process fetch (`@vendor/api-mock/fetch`, a test tool) is measured beside it by
// bundle-size-mock.mjs: its rows join the same table, its split is `mockFetch`.
import { createRequire } from 'node:module';
import { BUNDLE_OPTIONS, measure } from './lib/bundle.mjs';
import { measureMockFetch } from './bundle-size-mock.mjs';
import { isMain, writeSectionResult } from './section.mjs';

const require = createRequire(import.meta.url);

export const ENTRIES = [
  {
    id: 'client-all',
    title: '@vendor/api-client, every export (`export * from`)',
    code: `export * from '@vendor/api-client';`,
  },
  {
    id: 'client-all-own',
    title: '@vendor/api-client, every export, openapi-fetch left external (the client\'s own code)',
    code: `export * from '@vendor/api-client';`,
    external: ['openapi-fetch'],
  },
  {
    // The generated operation table alone (tree-shaken): the part of the client that grows with the spec.
    id: 'client-operations-table',
    title: '@vendor/api-client, the generated operation table alone (`operations`)',
    code: `export { operations } from '@vendor/api-client';`,
  },
  {
    id: 'client-one-op',
    title: '@vendor/api-client, createPlatformClient + one call (getTeam)',
    code: [
      `import { createPlatformClient } from '@vendor/api-client';`,
      `const platform = createPlatformClient({ baseUrl: 'https://api.vendor.example', token: 't' });`,
      `platform.getTeam({ params: { path: { id: 'x' } } }).then(console.log);`,
    ].join('\n'),
  },
  {
    id: 'openapi-fetch-all',
    title: 'openapi-fetch alone, every export (`export * from`, default included)',
    code: `export * from 'openapi-fetch'; export { default } from 'openapi-fetch';`,
  },
  {
    id: 'openapi-fetch-one-op',
    title: 'openapi-fetch alone, createClient + one GET',
    code: [
      `import createClient from 'openapi-fetch';`,
      `const client = createClient({ baseUrl: 'https://api.vendor.example' });`,
      `client.GET('/api/svc/v1/teams/{id}', { params: { path: { id: 'x' } } }).then(console.log);`,
    ].join('\n'),
  },
];

export async function run() {
  const entries = [];
  for (const entry of ENTRIES) entries.push(await measure(entry));
  const mockFetch = await measureMockFetch();
  return {
    esbuild: require('esbuild/package.json').version,
    openapiFetch: require('openapi-fetch/package.json').version,
    options: BUNDLE_OPTIONS,
    entries: [...entries, ...mockFetch.entries],
    mockFetch: mockFetch.split,
  };
}

if (isMain(import.meta.url)) await writeSectionResult(run);
