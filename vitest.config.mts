import { defineConfig } from 'vitest/config';

// Root vitest project: contract suites over openapi/ (tests/conformance, tests/breaking).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
