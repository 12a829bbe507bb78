import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    // Minutes, not seconds: the tests start the server as a process, on a shared 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
