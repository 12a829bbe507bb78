import { defineConfig } from 'vitest/config';

// Root vitest project: the spec conformance suite (tests/conformance).
export default defineConfig({
  test: {
    include: ['tests/conformance/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
