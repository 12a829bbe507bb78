import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Minutes, not seconds: the gate's tests run the check-breaking and changelog commands on a shared 2-core host.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
