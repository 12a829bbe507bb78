import { defineConfig } from 'tsup';

// The library ships as ESM + CJS with types; the CLI only as the ESM file that `bin` points to. @vendor/spec-model
// and @vendor/host-check are private (never published), so their few functions used at run time (the secret-key
// rule, the pointer codec, the Host rule) are bundled in. Everything else stays external: the MCP SDK, ajv (the SDK's own copy), the client, and the mock,
// which is imported only for --mock.
const bundled = ['@vendor/spec-model', '@vendor/host-check'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts' }, resolve: bundled },
    clean: true,
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts: { entry: { index: 'src/index.ts' }, resolve: bundled },
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
]);
