// The browser tests wait for what they assert, never for a time (issue 40: a matcher that gave up after expect.poll's
// default second failed `npm test` on a loaded machine). Every test file of this folder: no fixed sleep, and no limit
// written below a minute; the limits themselves are minutes. test/browser.test.ts's control page shows a late element
// still found.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { MINUTE, STEP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/limits.js';

const testDir = __dirname;
const sources = readdirSync(testDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.ts') && name !== 'waits.test.ts')
  .map((name) => ({ name, text: readFileSync(path.join(testDir, name), 'utf8') }));
/** `timeout: 20_000`, `setDefaultTimeout(20_000)`, `{ timeout: 60000 }`: a limit written as a number of ms (not `2 * MINUTES`). */
const WRITTEN_LIMIT = /(?:timeout|Timeout)\s*[:(]\s*(\d[\d_]*)(?![\d_]|\s*\*)/g;

describe('waits in the docs tests', () => {
  test('the test files are scanned', () => {
    expect(sources.map((s) => s.name)).toEqual(expect.arrayContaining(['browser.test.ts', 'console.test.ts', 'accessibility.test.ts', 'support/chromium.ts']));
  });

  test('no test sleeps for a fixed time (waitForTimeout)', () => {
    const sleeps = sources.filter((s) => s.text.includes('waitForTimeout(')).map((s) => s.name);
    expect(sleeps).toEqual([]);
  });

  test('no limit is written below a minute', () => {
    // Control: the pattern finds the limits of the old browser tests.
    expect([...'page.setDefaultTimeout(20_000); expect.poll(f, { timeout: 1000 }); x({ timeout: 2 * MINUTES })'.matchAll(WRITTEN_LIMIT)].map((m) => m[1])).toEqual(['20_000', '1000']);
    const short = sources.flatMap((s) => [...s.text.matchAll(WRITTEN_LIMIT)].filter((m) => Number(m[1]!.replace(/_/g, '')) < MINUTE).map((m) => `${s.name}: ${m[0]}`));
    expect(short).toEqual([]);
  });

  test('a step may take minutes, a test longer', () => {
    expect(STEP_TIMEOUT_MS).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(TEST_TIMEOUT_MS).toBeGreaterThan(STEP_TIMEOUT_MS);
  });
});
