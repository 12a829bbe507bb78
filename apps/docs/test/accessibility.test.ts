// The reference, the console, the "What changed" page and the page opened from disk, in Debian's Chromium: axe-core
// finds no serious or critical problem on the three pages (a control page with one proves it reports them), and the
// reference opened as a file says in one visible line how to serve it (served, the line stays hidden).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMock } from '@vendor/api-mock';
import { startStaticServer } from '../scripts/static-server.mjs';
import { launchChromium } from './support/chromium.js';
import { STEP_TIMEOUT_MS } from './support/limits.js';
import { distDir } from './support/docs-bundle.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING_IMPACTS = ['serious', 'critical'];

let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  server = await startStaticServer({
    root: distDir,
    extraRoutes: {
      // Grey on white at 1.6:1 and an image without a text: axe must report both as serious or critical.
      '/__control/inaccessible': '<!DOCTYPE html><html lang="en"><head><title>Control</title></head><body><main><p style="color:#ccc">Faint text</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
    },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** One finding: the rule, its impact and the first elements it names. */
interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core on a page once it shows `ready`; the page's CSP is bypassed only to inject axe itself. */
async function axeFindings(urlPath: string, ready: (page: Page) => Promise<unknown>, origin = server.url): Promise<Finding[]> {
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${origin}${urlPath}`, { waitUntil: 'load' });
    await ready(page);
    // Let the page's own repairs that run on the next frame (console/accessibility.js) finish first.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(axeSource);
    return await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<any> } }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations.map((violation: any) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node: any) => node.target.join(' ')),
      }));
    });
  } finally {
    await context.close();
  }
}

const blocking = (findings: Finding[]) => findings.filter((finding) => BLOCKING_IMPACTS.includes(finding.impact ?? ''));

describe('axe-core: no serious or critical findings', () => {
  test('control: a page with faint text and an image without a text is reported', async () => {
    const findings = blocking(await axeFindings('/__control/inaccessible', (page) => page.locator('p').waitFor()));
    expect(findings.map((finding) => finding.id).sort()).toEqual(['color-contrast', 'image-alt']);
  });

  test('the reference', async () => {
    const findings = await axeFindings('/', (page) => page.getByRole('heading', { level: 1 }).first().waitFor());
    expect(blocking(findings)).toEqual([]);
  });

  test('the console', async () => {
    const findings = await axeFindings('/console', (page) => page.getByRole('heading', { level: 1, name: 'Platform Control Plane and Gateway API' }).waitFor());
    expect(blocking(findings)).toEqual([]);
  });

  test("the console's request dialog, with an answer from the sandbox", async () => {
    const sandbox = await startMock({ port: 0, host: '127.0.0.1', sandbox: {} });
    const consoleServer = await startStaticServer({ root: distDir, consoleSandbox: { url: sandbox.url, tenant: 'acme', token: await sandbox.token('acme') } });
    try {
      // One click: Test Request opens the dialog and sends the example (console/console.js).
      const sendGetTeam = async (page: Page) => {
        await page.getByRole('button', { name: 'Test Request (get /api/svc/v1/teams/{id})' }).first().click();
        await page.getByRole('dialog').getByText(/^\d{3} [A-Za-z ]+$/).first().waitFor();
      };
      const findings = await axeFindings('/console#tag/teams/GET/api/svc/v1/teams/{id}', sendGetTeam, consoleServer.url);
      expect(blocking(findings)).toEqual([]);
    } finally {
      await consoleServer.close();
      await sandbox.close();
    }
  });

  test('the "What changed" page', async () => {
    const findings = await axeFindings('/changes', (page) => page.getByRole('heading', { level: 1, name: /^What changed/ }).waitFor());
    expect(blocking(findings)).toEqual([]);
  });
});

describe('opened from disk', () => {
  const line = 'This page needs a web server for its links: run npm run serve -w @vendor/api-docs (or npm start) in the repository and open http://127.0.0.1:8080/.';

  test('dist/index.html opened as a file shows one line saying how to serve it', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await page.goto(pathToFileURL(path.join(distDir, 'index.html')).href, { waitUntil: 'load' });
      const notice = page.locator('#opened-from-disk');
      await expect.poll(() => notice.isVisible()).toBe(true);
      expect((await notice.innerText()).replace(/\s+/g, ' ').trim()).toBe(line);
    } finally {
      await page.close();
    }
  });

  test('served over http, the line stays hidden', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.locator('#opened-from-disk').isHidden()).toBe(true);
    } finally {
      await page.close();
    }
  });
});
