// The try-it console against `npm start` in Debian's Chromium: for every one of the 18 operations, the console
// (Scalar's API reference, self-hosted) sends the operation's documented example to the local sandbox with the
// token npm start filled in, and shows the documented success status; one click on Test Request sends it, except
// for operations that delete, end or replace something, which wait for Send; while the pages load and send, no request
// goes to any host but the docs server and the sandbox. Also: one click from the reference to an operation's
// console and back; the console page's policy connects to exactly the configured servers; DOCS_SANDBOX_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consoleHref, referenceHref } from '../codegen/console-links.mjs';
import { builtConsoleConfig, consolePolicy } from '../scripts/console-config.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { launchChromium } from './support/chromium.js';
import { MINUTE as MINUTES, STEP_TIMEOUT_MS } from './support/limits.js';
import { distDir, docsOperations, inReadingOrder, readDocsBundle, repoRoot } from './support/docs-bundle.js';
import { createSpecModel } from '@vendor/spec-model';

const doc = readDocsBundle();
const model = createSpecModel(doc);
const operations = inReadingOrder(doc, docsOperations(doc)).map((op) => model.operation(op.operationId));

interface Started {
  child: ChildProcess;
  docs: string;
  sandbox: string;
}

/** `npm start -- --skip-build` on free ports; ready once it prints its URLs (the docs were built for this suite). */
async function startNpmStart(): Promise<Started> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs'), '--skip-build', '--docs-port', '0', '--mock-port', '0'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', VENDOR_SANDBOX_SECRET: '' },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => reject(new Error(`npm start printed no URLs within 3 minutes:\n${output}`)), 3 * MINUTES);
    child.once('exit', (code) => reject(new Error(`npm start ended (${code}) before serving:\n${output}`)));
    child.stdout!.on('data', () => {
      const docs = /API docs:\s+(http:\/\/\S+?)\/?\s/.exec(output)?.[1];
      const sandbox = /API sandbox:\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (!docs || !sandbox || !/Ctrl\+C/.test(output)) return;
      clearTimeout(giveUp);
      resolve({ child, docs, sandbox });
    });
  });
}

let started: Started;
let browser: Browser;

beforeAll(async () => {
  started = await startNpmStart();
  browser = await launchChromium();
}, 5 * MINUTES);

afterAll(async () => {
  await browser?.close();
  if (started?.child.exitCode === null) {
    const exited = new Promise((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    await exited;
  }
});

/** A page that records every request it makes, by origin. */
async function recordedPage(): Promise<{ page: Page; requests: Request[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  // Anything not on the loopback is aborted before it leaves the machine (and still recorded above).
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    return hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient');
  });
  return { page, requests };
}

const originOf = (url: string) => new URL(url).origin;

describe('the console against npm start: every operation, its documented example, its documented status', () => {
  test('18 operations, each answered by the sandbox with its success status, no other host contacted', async () => {
    expect(operations).toHaveLength(18);
    const { page, requests } = await recordedPage();
    await page.goto(`${started.docs}/console`, { waitUntil: 'load' });
    const results: string[] = [];
    for (const op of operations) {
      await page.goto(`${started.docs}${consoleHref(op)}`);
      const toSandbox = () => requests.filter((request) => originOf(request.url()) === started.sandbox && request.method() === op.method.toUpperCase());
      const before = toSandbox().length;
      const answered = page.waitForResponse((response) => originOf(response.url()) === started.sandbox && response.request().method() === op.method.toUpperCase());
      await page.getByRole('button', { name: `Test Request (${op.method} ${op.path})` }).first().click();
      const dialog = page.getByRole('dialog');
      if (op.destructive) {
        // Deletes, ends or replaces something: the click only opens the dialog, and Send sends.
        const send = dialog.getByRole('button', { name: new RegExp(`^Send.*${op.method} request to .*${op.path.replace(/[{}]/g, '\\$&')}$`) }).first();
        await send.waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(toSandbox().length, `${op.operationId} sent before Send`).toBe(before);
        await send.click();
      }
      const response = await answered;
      const shown = dialog.getByText(/^\d{3} [A-Za-z ]+$/).first();
      await shown.waitFor();
      const sentToken = (await response.request().allHeaders()).authorization ?? '';
      results.push(`${op.operationId}: sandbox ${response.status()}, shown ${(await shown.innerText()).slice(0, 3)}, bearer ${/^Bearer \S+\.\S+\.\S+$/.test(sentToken)}, sent ${toSandbox().length - before}`);
      if (op.operationId === 'getTeam') {
        // The answer: status, headers and body; and the request's curl line on the operation's own panel.
        await expect.poll(() => dialog.getByText('Response Headers').first().isVisible()).toBe(true);
        const body = (await response.json()) as { data: { id: string } };
        await expect.poll(() => dialog.getByText(`"${body.data.id}"`).first().isVisible()).toBe(true);
        await page.screenshot({ path: path.join(repoRoot, 'apps/docs/screenshots/console-getTeam.png') });
      }
      await page.keyboard.press('Escape');
    }
    // One request per operation: one click sent it (or, for a destructive one, Send did), never twice.
    expect(results).toEqual(operations.map((op) => `${op.operationId}: sandbox ${op.successStatus}, shown ${op.successStatus}, bearer true, sent 1`));
    expect(operations.filter((op) => op.destructive).map((op) => op.operationId).sort()).toEqual(['changePassword', 'deleteMlRepo', 'terminateJob']);
    const origins = [...new Set(requests.map((request) => originOf(request.url())))].sort();
    expect(origins).toEqual([started.docs, started.sandbox].sort());
    await page.context().close();
  }, 15 * MINUTES);

  test('one click from an operation of the reference to its console, and back', async () => {
    const op = model.operation('getTeam');
    const { page } = await recordedPage();
    await page.goto(`${started.docs}${referenceHref(op)}`, { waitUntil: 'load' });
    // Redoc writes the braces of the path template percent-encoded; the console reads either spelling.
    await page.getByRole('link', { name: 'Try it in the console' }).and(page.locator(`a[href="${encodeURI(consoleHref(op))}"]`)).first().click();
    await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).hash)).toBe(consoleHref(op));
    await page.getByRole('button', { name: `Test Request (${op.method} ${op.path})` }).first().waitFor();
    await page.getByRole('link', { name: `Back to ${op.operationId} in the reference` }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(referenceHref(op));
    await page.context().close();
  }, 5 * MINUTES);

  test("the console page's policy connects to the docs server, the sandbox and the contract's servers only", async () => {
    const response = await fetch(`${started.docs}/console`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(["'self'", started.sandbox, 'http://gateway.vendor.example', 'https://api.vendor.example', 'https://gateway.vendor.example']);
    expect(policy).toContain("script-src 'self';");
    const config = await (await fetch(`${started.docs}/console/config.json`)).json();
    expect(config.servers[0].url).toBe(started.sandbox);
    expect(config.tenant).toBe('acme');
  });
});

describe('DOCS_SANDBOX_URL', () => {
  test('a build with it offers that server and lets the console connect to it; without it, none', async () => {
    expect(builtConsoleConfig({})).toEqual({ servers: [] });
    const hosted = builtConsoleConfig({ DOCS_SANDBOX_URL: 'https://sandbox.vendor.example/' });
    expect(hosted.servers.map((server: { url: string }) => server.url)).toEqual(['https://sandbox.vendor.example']);
    expect(() => builtConsoleConfig({ DOCS_SANDBOX_URL: 'sandbox.vendor.example' })).toThrow('DOCS_SANDBOX_URL must be an http(s) URL (got "sandbox.vendor.example")');
    expect(consolePolicy(hosted, ['https://api.vendor.example'])).toContain("connect-src 'self' https://sandbox.vendor.example https://api.vendor.example;");
    // The docs server of such a build (no npm start): the hosted sandbox is listed, and no token is given out.
    const root = mkdtempSync(path.join(os.tmpdir(), 'docs-hosted-'));
    try {
      cpSync(path.join(distDir, 'console'), path.join(root, 'console'), { recursive: true });
      writeFileSync(path.join(root, 'console/config.json'), JSON.stringify(hosted));
      const server = await startStaticServer({ root });
      try {
        const config = await (await fetch(`${server.url}/console/config.json`, { headers: { 'accept-encoding': 'identity' } })).json();
        expect(config).toEqual(hosted);
        const policy = (await fetch(`${server.url}/console`)).headers.get('content-security-policy');
        expect(policy).toContain("connect-src 'self' https://sandbox.vendor.example http://gateway.vendor.example https://api.vendor.example https://gateway.vendor.example;");
      } finally {
        await server.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
