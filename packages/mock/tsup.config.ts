import { defineConfig } from 'tsup';

// The library ships as ESM + CJS with types; the CLI (src/cli.ts keeps its shebang) only as the ESM file
// that `bin` points to, so the tarball holds no file that nothing leads to. @vendor/spec-model is private (never
// published), so every build bundles it in, its types too, rather than leave an import a user could not install.
// `@vendor/api-mock/fetch` is built for any runtime (platform neutral): it carries the spec inline, and a
// build step that pulled in a Node built-in fails here rather than in a partner's browser or worker.
const bundled = ['@vendor/spec-model'];
const bundledSpec = /^@vendor\/api-types\/openapi\.json$/;

export default defineConfig([
  {
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts' }, resolve: bundled },
    shims: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts: { entry: { index: 'src/index.ts' }, resolve: bundled },
    shims: true,
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
  {
    entry: { fetch: 'src/fetch.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { fetch: 'src/fetch.ts' }, resolve: bundled },
    target: 'es2022',
    platform: 'neutral',
    noExternal: [...bundled, bundledSpec],
  },
]);
