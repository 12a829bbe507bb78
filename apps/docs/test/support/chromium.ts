// Launches Debian's Chromium through playwright-core (never a downloaded browser) and records what a page
// must not do: requests that leave the machine (aborted, never sent) and Content-Security-Policy errors.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STEP_TIMEOUT_MS } from './limits.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** playwright's launch() uses a fresh temporary profile (user data dir) each time. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export interface PageGuard {
  page: Page;
  context: BrowserContext;
  /** URLs the page tried to load from anywhere but 127.0.0.1 (each aborted before leaving the machine). */
  external: string[];
  /** Console errors and page errors that mention the Content-Security-Policy. */
  cspErrors: string[];
  /** Every console error and uncaught page error. */
  errors: string[];
  /** Requests that failed (network error or abort) or were answered with a 4xx/5xx status. */
  failed: string[];
}

const isLocal = (url: string) => {
  if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return true;
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
};

export async function guardedPage(browser: Browser, viewport = { width: 1400, height: 900 }): Promise<PageGuard> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS); // a missing element fails its step, with the step named, before the test times out
  const guard: PageGuard = { page, context, external: [], cspErrors: [], errors: [], failed: [] };
  page.on('requestfailed', (request) => {
    guard.failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) guard.failed.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    guard.external.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('websocket', (ws) => {
    if (!isLocal(ws.url())) guard.external.push(ws.url());
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    guard.errors.push(message.text());
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) guard.cspErrors.push(message.text());
  });
  page.on('pageerror', (error) => {
    guard.errors.push(error.message);
    if (/Content[- ]Security[- ]Policy/i.test(error.message)) guard.cspErrors.push(error.message);
  });
  return guard;
}
