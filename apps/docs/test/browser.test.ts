// The built site (dist/) served by scripts/static-server.mjs and opened in Debian's Chromium: the server's
// headers and precompressed files, the page rendering with no network, no console error and no failed
// request, every operation reachable from the sidebar with its unions named, path links that hold when
// opened fresh, and the downloads; at 1400×900 and 1024×768, paths on one line, samples not cut at the panel's edge
// and the console linked from the first screen. Control pages prove the guards can fail, and that a step waits
// for what it asserts (test/support/limits.ts), however late it comes.
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOWNLOADS } from '../codegen/constants.mjs';
import { GATEWAY_BADGE } from '../codegen/servers.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { guardedPage, launchChromium, type PageGuard } from './support/chromium.js';
import { distDir, docsOperations, docsRoot, readDocsBundle, repoRoot, shownUnions, type DocsOperation } from './support/docs-bundle.js';

const doc = readDocsBundle();
const operations = docsOperations(doc);
const screenshotsDir = path.join(docsRoot, 'screenshots');
const EXTERNAL_IMAGE = 'https://images.example.com/pixel.png';
const EXTERNAL_SCRIPT = 'https://cdn.example.com/tracker.js';
/** The operation whose unions the screenshot shows: the MCP create-or-update (by its operationId, if it exists). */
const SCREENSHOT_OPERATION = 'createOrUpdateMcpServer';
/** How late the control page's element appears: longer than expect.poll's and vitest's default limits (1 s). */
const LATE_MS = 3_000;

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
      // An element that appears 3 s after the page loaded, as a slow render on a loaded machine does.
      '/__control/late': `<!DOCTYPE html><html><body><script>setTimeout(() => { const p = document.createElement('p'); p.id = 'late'; p.textContent = 'late'; document.body.append(p); }, ${LATE_MS});</script></body></html>`,
      // A page that loads a file the site does not have: the guard must see the 404.
      '/__control/missing-image': '<!DOCTYPE html><html><body><img src="/missing-image.png"></body></html>',
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A heading's text: exactly `text`, or `text` and the Gateway badge Redoc puts inside the heading. */
const exactly = (text: string) => new RegExp(`^\\s*${escape(text)}(\\s*${escape(GATEWAY_BADGE)})?\\s*$`, 'i');
const headingWith = (guard: PageGuard, text: string) => guard.page.locator('h1, h2, h3').filter({ hasText: exactly(text) });
const codeBlockWith = (guard: PageGuard, text: string) =>
  guard.page.locator('[data-component-name="CodeBlock/CodeBlockContainer"]').filter({ hasText: text }).first();
const sidebarLinkOf = (guard: PageGuard, op: DocsOperation) => guard.page.locator(`a[href$="/${op.operationId.toLowerCase()}"]`).first();
/** Redoc's element of one operation: its id is the operation's address without the leading slash. */
const operationSection = (guard: PageGuard, href: string) => guard.page.locator(`[id="${href.replace(/^\//, '')}"]`);

/** Opens the operation from the sidebar (its tag first) and returns the link's href. */
async function openFromSidebar(guard: PageGuard, op: DocsOperation): Promise<string> {
  const { page } = guard;
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.getByRole('link', { name: op.tag, exact: true }).first().click();
  const link = sidebarLinkOf(guard, op);
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(href);
  return href;
}

function expectClean(guard: PageGuard) {
  expect(guard.external).toEqual([]);
  expect(guard.cspErrors).toEqual([]);
  expect(guard.errors).toEqual([]);
  expect(guard.failed).toEqual([]);
}

describe('control pages (the guards can fail)', () => {
  test('the network guard records and aborts a request to another host', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/__control/no-csp`, { waitUntil: 'load' });
      expect(guard.external).toContain(EXTERNAL_IMAGE);
      expect(guard.failed.join('\n')).toContain(EXTERNAL_IMAGE);
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

  test('a step waits for what it asserts: an element that appears late is found by expect.poll and by a locator', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/__control/late`, { waitUntil: 'load' });
      const loadedAt = Date.now();
      await expect.poll(() => guard.page.locator('#late').count()).toBe(1);
      await guard.page.locator('#late').waitFor();
      // The element was late: a limit of a second or two would have failed this test.
      expect(Date.now() - loadedAt).toBeGreaterThan(LATE_MS - 1_000);
    });
  });

  test('a missing file is a failed request the guard sees', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/__control/missing-image`, { waitUntil: 'load' });
      expect(guard.failed.join('\n')).toMatch(/missing-image\.png: 404/);
    });
  });
});

describe('static server (scripts/static-server.mjs)', () => {
  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers });

  test('serves the precompressed page to clients that accept brotli or gzip, the plain one to others', async () => {
    for (const [accept, encoding, file] of [['br, gzip', 'br', 'index.html.br'], ['gzip', 'gzip', 'index.html.gz'], ['identity', null, 'index.html']] as const) {
      const response = await get('/', { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(encoding);
      expect(Number(response.headers.get('content-length')), accept).toBe((await stat(path.join(distDir, file))).size);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      await response.arrayBuffer();
    }
    measurements.wireBytesBrotli = (await stat(path.join(distDir, 'index.html.br'))).size;
    measurements.wireBytesGzip = (await stat(path.join(distDir, 'index.html.gz'))).size;
  });

  test('index.html: Cache-Control no-cache, an ETag that answers 304, nosniff, HTML type', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    await first.arrayBuffer();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-type')).toBe('text/html;charset=utf-8');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    const changed = await get('/', { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  test('an operation address falls back to index.html; a missing file is a 404', async () => {
    const op = operations[0]!;
    const page = await get(`/${op.tag.toLowerCase().replace(/\s+/g, '-')}/${op.operationId.toLowerCase()}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="redoc"');
    expect((await get('/favicon.ico')).status).toBe(404);
    expect((await get('/downloads/missing.json')).status).toBe(404);
  });

  test('serves the downloads: the OpenAPI document as JSON and YAML, the Postman collection and environment', async () => {
    const contract = JSON.parse(await readFile(path.join(repoRoot, 'packages/types/src/generated/openapi.json'), 'utf8'));
    const json = await get('/downloads/openapi.json');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual(contract);
    const { parse } = await import('yaml');
    const yaml = await get('/downloads/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(parse(await yaml.text())).toEqual(contract);
    const collection = await (await get('/downloads/platform-api.postman_collection.json')).json();
    expect(collection.info.schema).toMatch(/collection\/v2\.1\.0/);
    const environment = await (await get('/downloads/platform-api-mock.postman_environment.json')).json();
    expect(environment.values.map((v: { key: string }) => v.key).sort()).toEqual(['baseUrl', 'gatewayBaseUrl', 'token']);
  });
});

describe('built docs (dist/index.html)', () => {
  test('renders the overview offline: no external or failed request, no console error; downloads linked; screenshot saved', async () => {
    await withPage(async (guard) => {
      const started = Date.now();
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      const title = guard.page.getByRole('heading', { level: 1, name: /Platform Control Plane and Gateway API/ });
      await title.waitFor({ state: 'visible' });
      measurements.headingVisibleMs = Date.now() - started;
      const paint = await guard.page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return { fcp, domContentLoaded: nav?.domContentLoadedEventEnd, load: nav?.loadEventEnd, transferSize: nav?.transferSize };
      });
      measurements.firstContentfulPaintMs = Math.round(paint.fcp ?? -1);
      measurements.domContentLoadedMs = Math.round(paint.domContentLoaded ?? -1);
      measurements.loadEventMs = Math.round(paint.load ?? -1);
      measurements.navigationTransferBytes = paint.transferSize ?? -1;
      for (const section of ['Setting the two base URLs', 'Error shape of each operation', 'Pagination', 'Limits', 'Authentication', 'Running the mock', 'Trying it']) {
        expect(await headingWith(guard, section).count(), section).toBeGreaterThan(0);
      }
      const hrefs = await guard.page.locator('a[href^="/downloads/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const file of ['openapi.json', 'openapi.yaml', 'openapi-3.0.json', 'openapi-3.0.yaml', 'platform-api.postman_collection.json', 'platform-api-mock.postman_environment.json']) {
        expect(hrefs, file).toContain(`/downloads/${file}`);
      }
      await mkdir(screenshotsDir, { recursive: true });
      const file = path.join(screenshotsDir, 'overview.png');
      await guard.page.screenshot({ path: file });
      expect((await stat(file)).size).toBeGreaterThan(10_000);
      expectClean(guard);
    });
  });

  test('the download panel links the OpenAPI document, the Postman collection and its environment, each served as generated', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      // Redoc's download panel renders its links with the `download` attribute; the introduction's links have none.
      const panelLinks = guard.page.locator('a[download]');
      await panelLinks.first().waitFor({ state: 'visible' });
      const hrefs = await panelLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      const files = Object.values(DOWNLOADS);
      // Each entry of the panel is a named link plus a download button to the same address.
      expect([...new Set(hrefs)].sort()).toEqual(files.map((file) => `/${file}`).sort());
      for (const file of files) {
        const response = await fetch(`${server.url}/${file}`);
        expect(response.status, file).toBe(200);
        expect(await response.text(), file).toBe(await readFile(path.join(docsRoot, 'src/generated', file), 'utf8'));
      }
      expectClean(guard);
    });
  });

  test('documents the operations of the contract', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.some((op) => op.gateway)).toBe(true);
    expect(operations.some((op) => !op.gateway)).toBe(true);
    // The per-operation tests below check unions: there must be some to check.
    expect(operations.flatMap((op) => shownUnions(doc, op, 2)).length).toBeGreaterThan(0);
  });

  test.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: from the sidebar, the address bar shows the link; heading, server, sample and union variants shown; nothing fails',
    async (operationId, op) => {
      await withPage(async (guard) => {
        const href = await openFromSidebar(guard, op);
        const heading = headingWith(guard, op.summary).first();
        await heading.waitFor({ state: 'visible' });
        const section = operationSection(guard, href);
        const text = (await section.textContent()) ?? '';
        expect(text).toContain(op.gateway ? 'Server: {scheme}://{gateway_base_url} (the gateway)' : 'Server: https://{base_url} (the control plane)');
        if (op.gateway) expect(await section.getByText('Gateway', { exact: true }).count()).toBeGreaterThan(0);
        const sample = codeBlockWith(guard, 'createPlatformClient(');
        await sample.waitFor({ state: 'visible' });
        expect(await sample.innerText()).toContain("from '@vendor/api-client'");
        // Redoc renders two levels of properties without a click; deeper unions are covered by codegen.test.ts.
        for (const union of shownUnions(doc, op, 2)) {
          const row = guard.page.locator(`[id="${href.replace(/^\//, '')}/${union.rowId}"]`);
          await expect.poll(() => row.count(), { message: `${union.rowId} is rendered` }).toBe(1);
          const rowText = (await row.textContent()) ?? '';
          // Redoc's label of an unnamed union: `any` before the schema name, e.g. `any (McpServerManifest)`.
          expect(rowText, union.rowId).not.toMatch(/any,?\s*\([A-Z]\w*\)/);
          for (const name of union.names) expect(rowText, `${union.rowId}: variant ${name}`).toContain(name);
        }
        if (operationId === SCREENSHOT_OPERATION) await screenshotVariants(guard, href);
        expectClean(guard);
      });
    },
  );

  const firstOf = (gateway: boolean) => operations.find((op) => op.gateway === gateway)!;
  test.each([
    ['control-plane', firstOf(false)],
    ['gateway', firstOf(true)],
  ] as const)('a %s operation link opened in a fresh tab opens the same operation', async (_space, op) => {
    let href = '';
    await withPage(async (guard) => {
      href = await openFromSidebar(guard, op);
    });
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}${href}`, { waitUntil: 'load' });
      const heading = headingWith(guard, op.summary).first();
      await heading.waitFor({ state: 'visible' });
      expect(new URL(guard.page.url()).pathname).toBe(href);
      // The operation is scrolled to: its heading comes to rest in the top half of the window.
      await expect.poll(async () => {
        const y = (await heading.boundingBox())?.y ?? -1;
        return y >= 0 && y < 450;
      }).toBe(true);
      expectClean(guard);
    });
  });
});

describe('layout at a desktop and a laptop size (issue 40)', () => {
  const sizes = [
    [1400, 900],
    [1024, 768],
  ] as const;
  /** Operations with long sample lines and long field tables: the ones a reader saw cut off. */
  const LAYOUT_OPERATIONS = ['getTeam', SCREENSHOT_OPERATION];

  /** Code in the middle column that is one path or URL (no spaces), with the number of lines it takes. */
  const pathCodeLines = (guard: PageGuard) =>
    guard.page.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="Markdown/Markdown"] code, table.md td > code')]
        .filter((c) => !c.closest('pre') && /^(\/|https?:\/\/|\{scheme\})\S*$/.test(c.textContent ?? ''))
        .map((c) => ({ text: c.textContent ?? '', lines: c.getClientRects().length })),
    );

  /** Elements of the samples panel whose content is wider than what they show: lines cut off at the edge. */
  const cutSamples = (guard: PageGuard) =>
    guard.page.evaluate(() =>
      [...document.querySelectorAll('[data-component-name="CodeBlock/CodeBlockContainer"]')].flatMap((block) =>
        [block, ...block.querySelectorAll('*')]
          .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 1)
          .map((element) => `${element.tagName} ${element.scrollWidth}px in ${element.clientWidth}px: ${(element.textContent ?? '').slice(0, 60)}`),
      ),
    );

  test.each(sizes)('%i×%i, the landing page: paths and base URLs on one line, every table within its column, the console linked on the first screen', async (width, height) => {
    const guard = await guardedPage(browser, { width, height });
    try {
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      await guard.page.locator('table.md td > code').first().waitFor();
      const codes = await pathCodeLines(guard);
      // The table of address spaces lists these; a check that found none would pass on anything.
      expect(codes.map((c) => c.text)).toEqual(expect.arrayContaining(['/api/svc/v1/...', '/{tenantName}/v1/agents/...', 'https://{base_url}']));
      expect(codes.filter((c) => c.lines !== 1)).toEqual([]);
      // A table wider than its column scrolls inside Redoc's wrapper: a cut of its own, and a region keys cannot reach.
      const overflowing = await guard.page.evaluate(() =>
        [...document.querySelectorAll('.md-table-wrapper, table.md')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => `${element.scrollWidth}px in ${element.clientWidth}px: ${(element.textContent ?? '').slice(0, 60)}`),
      );
      expect(overflowing).toEqual([]);
      const consoleLink = guard.page.getByRole('link', { name: 'Try it in the console', exact: true }).first();
      await consoleLink.waitFor();
      expect(await consoleLink.getAttribute('href')).toBe('/console');
      const box = (await consoleLink.boundingBox())!;
      expect(box.y + box.height, 'on the first screen').toBeLessThanOrEqual(height);
      await mkdir(screenshotsDir, { recursive: true });
      await guard.page.screenshot({ path: path.join(screenshotsDir, `layout-landing-${width}x${height}.png`) });
      expectClean(guard);
      await consoleLink.click();
      await expect.poll(() => new URL(guard.page.url()).pathname).toBe('/console');
    } finally {
      await guard.context.close();
    }
  });

  test.each(sizes.flatMap(([width, height]) => LAYOUT_OPERATIONS.map((operationId) => [operationId, width, height] as const)))(
    '%s at %i×%i: no sample line cut off at the panel edge, paths on one line',
    async (operationId, width, height) => {
      const op = operations.find((o) => o.operationId === operationId)!;
      const guard = await guardedPage(browser, { width, height });
      try {
        const href = await openFromSidebar(guard, op);
        await headingWith(guard, op.summary).first().waitFor({ state: 'visible' });
        await codeBlockWith(guard, 'createPlatformClient(').waitFor({ state: 'visible' });
        // Sample lines are longer than the panel at both sizes: they must wrap inside it, not run past its edge.
        expect(await cutSamples(guard)).toEqual([]);
        expect((await pathCodeLines(guard)).filter((c) => c.lines !== 1)).toEqual([]);
        await operationSection(guard, href).scrollIntoViewIfNeeded();
        await mkdir(screenshotsDir, { recursive: true });
        await guard.page.screenshot({ path: path.join(screenshotsDir, `layout-${operationId}-${width}x${height}.png`) });
        expectClean(guard);
      } finally {
        await guard.context.close();
      }
    },
  );
});

describe('the introduction as it renders', () => {
  /** The address spaces' base URLs as the document writes them (`https://{base_url}`, `{scheme}://{gateway_base_url}`). */
  const baseUrls: string[] = [...new Set(operations.flatMap((op) => op.servers).map((s) => s.url as string))];

  // Desktop width, where the table shares the middle column with the code samples' panel, and a phone's.
  test.each([[1400], [420]])('at %i px wide, each base URL in a table cell stays whole, on one line', async (width) => {
    const guard = await guardedPage(browser, { width, height: 900 });
    try {
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      await guard.page.locator('table.md td > code').first().waitFor();
      const shown = await guard.page.evaluate(
        (urls) => [...document.querySelectorAll('table.md td > code')].filter((c) => urls.includes(c.textContent ?? '')).map((c) => ({ url: c.textContent, lines: c.getClientRects().length })),
        baseUrls,
      );
      // The table of address spaces shows both; a check that found none would pass on anything.
      expect(shown.map((s) => s.url).sort()).toEqual([...baseUrls].sort());
      for (const { url, lines } of shown) expect(lines, url!).toBe(1);
      expectClean(guard);
    } finally {
      await guard.context.close();
    }
  });

  test('the Servers box shows the server description as words, without Markdown backticks', async () => {
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      const panel = guard.page.locator('[data-testid="panel-servers"]');
      await panel.waitFor();
      const text = await panel.innerText();
      expect(text).toContain(doc.servers[0].description);
      expect(text).not.toContain('`');
    });
  });

  test("the Support section links the contact's e-mail address with mailto", async () => {
    const email: string = doc.info.contact.email;
    expect(email).toMatch(/@/);
    await withPage(async (guard) => {
      await guard.page.goto(`${server.url}/`, { waitUntil: 'load' });
      await headingWith(guard, 'Support').first().waitFor();
      const links = guard.page.locator(`[data-component-name="Markdown/Markdown"] a[href="mailto:${email}"]`);
      await expect.poll(() => links.count()).toBeGreaterThan(0);
      expect(await links.first().innerText()).toBe(email);
    });
  });
});

/** The request body's first union with its variant menu open; copied to DOCS_SCREENSHOT when that is set. */
async function screenshotVariants(guard: PageGuard, href: string) {
  const { page } = guard;
  const op = operations.find((o) => o.operationId === SCREENSHOT_OPERATION)!;
  const union = shownUnions(doc, op).find((u) => u.rowId.startsWith('t=request'));
  if (!union) return;
  const row = page.locator(`[id="${href.replace(/^\//, '')}/${union.rowId}"]`);
  await row.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -120));
  const menu = row.getByRole('button', { name: union.names[0], exact: false }).first();
  if ((await menu.count()) > 0) await menu.click();
  await mkdir(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `operation-${SCREENSHOT_OPERATION}-variants.png`);
  await page.screenshot({ path: file });
  if (process.env.DOCS_SCREENSHOT) await copyFile(file, process.env.DOCS_SCREENSHOT);
}
