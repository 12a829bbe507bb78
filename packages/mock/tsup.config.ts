import { defineConfig } from 'tsup';

// The library ships as ESM + CJS with types; the CLI (src/cli.ts keeps its shebang) only as the ESM file
// that `bin` points to, so the tarball holds no file that nothing leads to. @vendor/spec-model is private (never
// published), so both builds bundle it in rather than leave an import a user could not install.
const bundled = ['@vendor/spec-model'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts' } },
    shims: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
  {
    entry: { index: 'src/index.ts' },
    format: ['cjs'],
    dts: { entry: { index: 'src/index.ts' } },
    shims: true,
    target: 'node20',
    platform: 'node',
    noExternal: bundled,
  },
]);
