// The built site (dist/index.html) in Debian's Chromium, served from 127.0.0.1: it renders with no network,
// every operation can be navigated to and shows its heading and its TypeScript sample, nothing leaves the
// machine and the Content-Security-Policy reports nothing. Two control pages prove the guards can fail.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStaticServer } from '../scripts/static-server.mjs';
import { guardedPage, launchChromium, type PageGuard } from './support/chromium.js';
import { distDir, docsOperations, docsRoot } from './support/docs-bundle.js';

const operations = docsOperations();
const screenshotsDir = path.join(docsRoot, 'screenshots');
const EXTERNAL_IMAGE = 'https://images.example.com/pixel.png';
const EXTERNAL_SCRIPT = 'https://cdn.example.com/tracker.js';

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
const measurements: Record<string, number> = {};

beforeAll(async () => {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  measurements.distIndexHtmlBytes = Buffer.byteLength(html);
  server = await startStaticServer({
    root: distDir,
    extraRoutes: {
      // No CSP: the external image request reaches the network guard, which must record and abort it.
      '/__control/no-csp': `<!DOCTYPE html><html><body><img src="${EXTERNAL_IMAGE}"></body></html>`,
      // The built page plus one external script: its own CSP must refuse it and say so in the console.
      '/__control/csp': html.replace('</head>', `<script src="${EXTERNAL_SCRIPT}"></script></head>`),
    },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mkdir(path.join(docsRoot, 'test-results'), { recursive: true });
  await writeFile(path.join(docsRoot, 'test-results/measurements.json'), `${JSON.stringify(measurements, null, 2)}\n`);
});

async function withPage(run: (guard: PageGuard) => Promise<void>) {
  const guard = await guardedPage(browser);
  try {
    await run(guard);
  } finally {
    await guard.context.close();
  }
}

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
const headingWith = (guard: PageGuard, text: string) => guard.page.locator('h1, h2, h3').filter({ hasText: exactly(text) });

const codeBlockWith = (guard: PageGuard, text: string) =>
  guard.page.locator('[data-component-name="CodeBlock/CodeBlockContainer"]').filter({ hasText: text }).first();

describe('control pages (the guards can fail)', () => {
  test('the network guard records and aborts a request to another host', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/__control/no-csp`, { waitUntil: 'load' });
      expect(guard.external).toContain(EXTERNAL_IMAGE);
    });
  });

  test("the page's Content-Security-Policy refuses an injected external script with a console error", async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/__control/csp`, { waitUntil: 'load' });
      await expect.poll(() => guard.cspErrors.length).toBeGreaterThan(0);
      expect(guard.cspErrors.join('\n')).toContain('cdn.example.com');
      expect(guard.external).toEqual([]); // refused before any request was made
    });
  });
});

describe('built docs (dist/index.html)', () => {
  test('renders the overview offline: no external request, no CSP or page error; screenshot saved', async () => {
    await withPage(async (guard) => {
      const started = Date.now();
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      const title = guard.page.getByRole('heading', { level: 1, name: /Platform Control Plane and Gateway API/ });
      await title.waitFor({ state: 'visible' });
      measurements.headingVisibleMs = Date.now() - started;
      const paint = await guard.page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return { fcp, domContentLoaded: nav?.domContentLoadedEventEnd, load: nav?.loadEventEnd };
      });
      measurements.firstContentfulPaintMs = Math.round(paint.fcp ?? -1);
      measurements.domContentLoadedMs = Math.round(paint.domContentLoaded ?? -1);
      measurements.loadEventMs = Math.round(paint.load ?? -1);
      for (const section of ['Setting the two base URLs', 'Error shape of each operation', 'Pagination', 'Limits', 'Authentication', 'Running the mock']) {
        expect(await headingWith(guard, section).count(), section).toBeGreaterThan(0);
      }
      await mkdir(screenshotsDir, { recursive: true });
      const file = path.join(screenshotsDir, 'overview.png');
      await guard.page.screenshot({ path: file });
      expect((await stat(file)).size).toBeGreaterThan(10_000);
      expect(guard.external).toEqual([]);
      expect(guard.cspErrors).toEqual([]);
      expect(guard.errors).toEqual([]);
    });
  });

  test('documents the 18 operations of the contract', () => {
    expect(operations).toHaveLength(18);
  });

  test.each(operations.map((op) => [op.operationId, op] as const))(
    '%s can be navigated to from the sidebar and shows its heading and TypeScript sample',
    async (operationId, op) => {
      await withPage(async (guard) => {
        const { page } = guard;
        await page.goto(`${server.url}/`, { waitUntil: 'load' });
        await page.getByRole('link', { name: op.tag, exact: true }).first().click();
        const slug = operationId.toLowerCase();
        await page.locator(`a[href$="/${slug}"]`).first().click();
        await expect.poll(() => new URL(page.url()).href).toContain(`/${slug}`);
        const heading = headingWith(guard, op.summary).first();
        await heading.waitFor({ state: 'visible' });
        const sample = codeBlockWith(guard, `platform.${operationId}(`);
        await sample.waitFor({ state: 'visible' });
        const shown = await sample.innerText();
        expect(shown).toContain("from '@vendor/api-client'");
        expect(shown).toContain(`await platform.${operationId}(`);
        if (operationId === 'createOrUpdateMcpServer') {
          await mkdir(screenshotsDir, { recursive: true });
          await heading.scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(screenshotsDir, `operation-${operationId}.png`) });
        }
        expect(guard.external).toEqual([]);
        expect(guard.cspErrors).toEqual([]);
      });
    },
  );
});
