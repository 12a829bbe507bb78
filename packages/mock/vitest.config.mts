import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // Minutes, not seconds: on a busy shared machine starting a process or a browser can take long.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
