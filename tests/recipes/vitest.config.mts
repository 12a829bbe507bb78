import { defineConfig } from 'vitest/config';

// `npm run test:recipes`: the docs' "Use the API from another language" recipes, end to end (Go, Java). Its own
// turbo task and report (test-results/recipes.json, counted by scripts/test-summary.mjs), as the first run downloads
// the generators and their libraries into node_modules/.cache and takes minutes.
export default defineConfig({
  test: {
    include: ['tests/recipes/**/*.test.ts'],
    testTimeout: 20 * 60_000,
    hookTimeout: 5 * 60_000,
    // One recipe at a time: each compiles, on a shared 2-core machine.
    fileParallelism: false,
    reporters: ['default', ['json', { outputFile: 'test-results/recipes.json' }]],
  },
});
