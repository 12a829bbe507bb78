// Section 6: the hosted docs page (and, since issue 32, its console page) as a reader's browser gets it. Serves apps/docs/dist with the docs' own
// static server (scripts/static-server.mjs: precompressed files, sirv) and loads the page in Debian's
// Chromium, each load in a fresh context (empty cache): bytes on the wire and first contentful paint, over
// plain loopback and over a throttled link (THROTTLE: what a reader on a modest connection sees, where the
// bytes on the wire matter; on loopback the paint is bound by the machine's CPU).
// The file sizes (plain, gzip, brotli) are read from dist/, as written by the docs build, and so are the sizes of
// the Markdown pages tools read whole (issue 40: one operation's page was 57 KB).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { repoRoot } from './lib/paths.mjs';
import { isMain, writeSectionResult } from './section.mjs';
import { median } from './lib/stats.mjs';

const distDir = path.join(repoRoot, 'apps/docs/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** 10 Mbit/s down, 5 Mbit/s up, 40 ms round trip (Chromium's network emulation). */
export const THROTTLE = { offline: false, latency: 40, downloadThroughput: (10 * 1e6) / 8, uploadThroughput: (5 * 1e6) / 8 };
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function fileSizes() {
  const size = (name) => statSync(path.join(distDir, name)).size;
  return { plain: size('index.html'), gzip: size('index.html.gz'), brotli: size('index.html.br') };
}

/** The Markdown pages a reader (a coding assistant) reads whole: each operation's and each shape's, largest first. */
export function markdownPages(dir = distDir) {
  const inFolder = (folder) => readdirSync(path.join(dir, folder)).filter((name) => name.endsWith('.md')).map((name) => `${folder}/${name}`);
  const pages = [...inFolder('operations'), ...inFolder('schemas')].map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }));
  pages.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return {
    pages: pages.length,
    largest: pages[0],
    totalBytes: pages.reduce((sum, page) => sum + page.bytes, 0),
    llmsFullBytes: statSync(path.join(dir, 'llms-full.txt')).size,
    top: pages.slice(0, 5),
  };
}

/** One cold load: the bytes every response took on the wire (headers included) and the paint timings. */
async function load(browser, url, { throttled = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttled) await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  let wireBytes = 0;
  const encodings = new Set();
  cdp.on('Network.loadingFinished', (event) => {
    wireBytes += event.encodedDataLength;
  });
  cdp.on('Network.responseReceived', (event) => {
    encodings.add(event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'identity');
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 120_000 });
  const timings = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      domContentLoaded: nav?.domContentLoadedEventEnd,
      load: nav?.loadEventEnd,
    };
  });
  const requests = await page.evaluate(() => performance.getEntriesByType('resource').length + 1);
  await context.close();
  return { wireBytes, encodings: [...encodings], requests, ...timings };
}

export async function run(settings) {
  const { loads } = settings.docs;
  const { startStaticServer } = await import(pathToFileURL(path.join(repoRoot, 'apps/docs/scripts/static-server.mjs')).href);
  const server = await startStaticServer({ root: distDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    await load(browser, `${server.url}/`); // warm-up: Chromium's own first-start work is not the page's
    const runs = [];
    const throttledRuns = [];
    const consoleRuns = [];
    for (let i = 0; i < loads; i += 1) {
      runs.push(await load(browser, `${server.url}/`));
      throttledRuns.push(await load(browser, `${server.url}/`, { throttled: true }));
      // The console page (issue 32): its own HTML, Scalar's one-file build, and the console's copy of the contract.
      consoleRuns.push(await load(browser, `${server.url}/console`));
    }
    return {
      chromium: browser.version(),
      files: fileSizes(),
      markdown: markdownPages(),
      loads,
      runs,
      wireBytes: median(runs.map((r) => r.wireBytes)),
      encodings: [...new Set(runs.flatMap((r) => r.encodings))],
      fcpMs: median(runs.map((r) => r.fcp)),
      fcpMinMs: Math.min(...runs.map((r) => r.fcp)),
      fcpMaxMs: Math.max(...runs.map((r) => r.fcp)),
      loadMs: median(runs.map((r) => r.load)),
      throttle: THROTTLE,
      throttledRuns,
      fcpThrottledMs: median(throttledRuns.map((r) => r.fcp)),
      loadThrottledMs: median(throttledRuns.map((r) => r.load)),
      console: {
        runs: consoleRuns,
        wireBytes: median(consoleRuns.map((r) => r.wireBytes)),
        requests: median(consoleRuns.map((r) => r.requests)),
        fcpMs: median(consoleRuns.map((r) => r.fcp)),
        loadMs: median(consoleRuns.map((r) => r.load)),
      },
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
