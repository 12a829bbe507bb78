// A page on another origin calls the mock from Chromium: the browser's own CORS checks, not just headers.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { launchChromium, startPageOrigin } from '../helpers/chromium.js';

const spec = fileURLToPath(new URL('../fixtures/mini-spec.json', import.meta.url));
let browser: Browser;
let page: Page;
let origin: Awaited<ReturnType<typeof startPageOrigin>>;
const mocks: RunningMock[] = [];

beforeAll(async () => {
  origin = await startPageOrigin();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${origin.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await origin?.close();
  await Promise.all(mocks.map((m) => m.close()));
});

/** A PUT with Authorization, a JSON body and Prefer: a preflight first, then the request itself. */
function putFromPage(mockUrl: string) {
  return page.evaluate(async (url) => {
    try {
      const res = await fetch(`${url}/api/ml/v1/model-versions`, {
        method: 'PUT',
        headers: { authorization: 'Bearer browser-token', 'content-type': 'application/json', prefer: 'example=other' },
        body: JSON.stringify({ manifest: { name: 'm', ml_repo: 'r' } }),
      });
      return { status: res.status, body: await res.json(), error: undefined };
    } catch (error) {
      return { status: 0, body: undefined, error: String(error) };
    }
  }, mockUrl);
}

describe('a browser page on another origin', () => {
  it('calls the mock (CORS on by default): preflight, then the answer is readable', async () => {
    const mock = await startMock({ spec, onWarning: () => {} });
    mocks.push(mock);
    expect(new URL(mock.url).origin).not.toBe(origin.url);
    const result = await putFromPage(mock.url);
    expect(result).toEqual({ status: 200, body: { data: { id: 'mv-2' } }, error: undefined });
  });

  it('reads an error answer and its exposed WWW-Authenticate header', async () => {
    const mock = await startMock({ spec, onWarning: () => {} });
    mocks.push(mock);
    const result = await page.evaluate(async (url) => {
      const res = await fetch(`${url}/api/svc/v1/teams/t1`);
      return { status: res.status, challenge: res.headers.get('www-authenticate') };
    }, mock.url);
    expect(result).toEqual({ status: 401, challenge: 'Bearer' });
  });

  it('is blocked by the browser when the mock allows only other origins', async () => {
    const mock = await startMock({ spec, cors: { origins: ['http://127.0.0.1:1'] }, onWarning: () => {} });
    mocks.push(mock);
    const result = await putFromPage(mock.url);
    expect(result.status).toBe(0);
    expect(result.error).toMatch(/TypeError: Failed to fetch/);
  });
});
