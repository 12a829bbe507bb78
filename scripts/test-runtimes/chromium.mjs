// The check in Debian's Chromium (through playwright-core, never a downloaded browser): the client and the scenario
// bundled by esbuild into a page served from its own origin (another port than the mock's), so every call is a
// cross-origin request and relies on the mock's CORS answers, as a real browser app would.
import { createServer } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The app: what a user's bundler would make of `import { createPlatformClient } from '@vendor/api-client'`. */
async function bundleApp(repoRoot) {
  const result = await build({
    stdin: {
      contents: [
        `import * as client from '@vendor/api-client';`,
        `import * as mockModule from '@vendor/api-mock/fetch';`,
        `import { runChecks } from './checks.mjs';`,
        `const { mockUrl, fixtures } = JSON.parse(document.getElementById('input').textContent);`,
        `runChecks(client, mockModule, mockUrl, fixtures).then((result) => { window.runtimeResult = result; });`,
      ].join('\n'),
      resolveDir: path.join(repoRoot, 'scripts/test-runtimes'),
      sourcefile: 'app.js',
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Serves the page and its script on 127.0.0.1 (port 0): two fixed answers, nothing read from disk. */
async function serveApp(html, script) {
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    else res.writeHead(404).end();
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function runInChromium({ repoRoot, mockUrl, fixtures, log }) {
  const script = await bundleApp(repoRoot);
  const input = JSON.stringify({ mockUrl, fixtures }).replaceAll('<', '\\u003c');
  const html = `<!doctype html><meta charset="utf-8"><title>api-client runtime check</title>
<script id="input" type="application/json">${input}</script><script type="module" src="/app.js"></script>`;
  const app = await serveApp(html, script);
  let browser;
  try {
    log(`chromium: app on ${app.url}, mock on ${mockUrl}`);
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    } catch (error) {
      throw new Error(`Chromium (${CHROMIUM}) could not start: ${error.message.split('\n')[0]}. CI installs Debian's chromium (.ci/run).`);
    }
    const page = await browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await page.goto(`${app.url}/`);
    // The scenario reports through window.runtimeResult; a page error (e.g. a CORS refusal) shows in pageErrors.
    const handle = await page.waitForFunction(() => window.runtimeResult, undefined, { timeout: 120_000 }).catch(() => undefined);
    const result = handle ? await handle.jsonValue() : { ok: false, checks: [], failure: 'no result from the page within 120 s' };
    const version = `chromium ${browser.version()}`;
    if (!result.ok && pageErrors.length > 0) result.failure += `\npage errors: ${pageErrors.join(' | ')}`;
    return { ...result, version };
  } finally {
    await browser?.close();
    await app.close();
  }
}
