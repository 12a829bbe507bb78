import { defineConfig } from 'vitest/config';
import { STEP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './test/support/limits';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The browser tests walk 18 operations in one Chromium; the type-check builds one TypeScript program. Limits of
    // minutes (test/support/limits.ts), so that a loaded machine is slow, not failing.
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    expect: { poll: { timeout: STEP_TIMEOUT_MS, interval: 100 } },
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
