import { configDefaults, defineConfig } from 'vitest/config';

// Root vitest project: contract suites over openapi/ (tests/conformance, tests/architecture, tests/scripts, ...); the breaking comparer's tests are packages/breaking's own.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The recipes run in their own task (`npm run test:recipes`, tests/recipes/vitest.config.mts).
    exclude: [...configDefaults.exclude, 'tests/recipes/**'],
    // Minutes, not seconds: CI shares 2 cores with other work, and some tests start processes.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
