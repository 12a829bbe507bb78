// The docs server answers only Host headers that name it (this machine's names with its port, or the configured
// public host), so a page cannot reach it, or the console's sandbox token, through a DNS name rebound to 127.0.0.1;
// and the token goes only to a page of its own origin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allowedHosts } from '@vendor/host-check';
import { isOwnPageOrTool, publicHostsFromEnv } from '../scripts/host-check.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';

const TOKEN = 'console-token-for-acme-9f3k';

/** A GET with exactly these headers (fetch would not let a test set Host). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the docs server checks Host', () => {
  let root: string;
  let server: { url: string; close: () => Promise<void> };
  let port: number;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'docs-host-'));
    mkdirSync(path.join(root, 'console'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>docs</title>');
    writeFileSync(path.join(root, 'console/config.json'), JSON.stringify({ servers: [] }));
    writeFileSync(path.join(root, 'console/contract-origins.json'), JSON.stringify([]));
    server = await startStaticServer({
      root,
      publicHosts: ['docs.vendor.example'],
      consoleSandbox: { url: 'http://127.0.0.1:4011', token: TOKEN, tenant: 'acme' },
    });
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('a rebound name is refused 403, and the token is not in the answer', async () => {
    const attacked = await get(`${server.url}/console/config.json`, { host: `attacker.example:${port}` });
    expect(attacked.status).toBe(403);
    expect(attacked.body).not.toContain(TOKEN);
    expect((await get(`${server.url}/`, { host: 'attacker.example' })).status).toBe(403);
  });

  test("this machine's names with the port, and the configured public host, are served", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, 'docs.vendor.example', 'docs.vendor.example:443']) {
      expect((await get(`${server.url}/`, { host })).status).toBe(200);
    }
    expect((await get(`${server.url}/`, { host: 'localhost:1' })).status).toBe(403);
    const own = await get(`${server.url}/console/config.json`, { host: `localhost:${port}`, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(own.body).toContain(TOKEN);
  });

  test('the token goes only to a page of this origin', async () => {
    const fromOtherSite = await get(`${server.url}/console/config.json`, { host: `127.0.0.1:${port}`, 'sec-fetch-site': 'cross-site', origin: 'https://attacker.example' });
    expect(fromOtherSite.status).toBe(403);
    expect(fromOtherSite.body).not.toContain(TOKEN);
    const otherOrigin = await get(`${server.url}/console/config.json`, { host: `127.0.0.1:${port}`, origin: 'http://localhost:5173' });
    expect(otherOrigin.status).toBe(403);
    const sameOrigin = await get(`${server.url}/console/config.json`, { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` });
    expect(sameOrigin.status).toBe(200);
  });
});

describe('the Host rule', () => {
  test('loopback names with the port, the bound address, and public hosts (with a port only that one)', () => {
    expect([...allowedHosts(8080, ['docs.example:8443'], '127.0.0.1')].sort()).toEqual(['127.0.0.1:8080', '[::1]:8080', 'docs.example:8443', 'localhost:8080']);
    expect(allowedHosts(8080, [], '0.0.0.0').has('0.0.0.0:8080')).toBe(false);
    expect(publicHostsFromEnv({ DOCS_PUBLIC_HOST: 'docs.a.example, docs.b.example' })).toEqual(['docs.a.example', 'docs.b.example']);
    expect(isOwnPageOrTool({ host: 'h:1' })).toBe(true);
    expect(isOwnPageOrTool({ host: 'h:1', 'sec-fetch-site': 'same-site' })).toBe(false);
  });
});
