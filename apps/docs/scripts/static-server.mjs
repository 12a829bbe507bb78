// Serves the built site (dist/) on 127.0.0.1 with sirv: the precompressed .br/.gz files to clients that
// accept them, ETags with conditional requests (304), and the headers of the hosting recipe in README.md.
// The page routes by path (/teams/getteam, Redoc's history router), so a path without a file extension
// that matches no file is answered with index.html; a missing file (/favicon.ico) is a 404.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { consolePolicy, localConsoleConfig, readBuiltConsole } from './console-config.mjs';
import { allowedHosts, isAllowedHost } from '@vendor/host-check';
import { isOwnPageOrTool, publicHostsFromEnv } from './host-check.mjs';

/** A file whose name carries a content hash (`app-3f9a1c2b.js`) never changes, so it may be cached for good. */
export function isHashedAsset(pathname) {
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(pathname);
}

/** Headers every response of the site gets; the page's Content-Security-Policy is in its own <meta>. */
export function securityHeaders(res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/**
 * Text files with their charset: sirv sends `text/markdown` and `text/plain` without one, and a reader (or a tool)
 * would then guess the encoding of the UTF-8 pages.
 */
const TEXT_TYPES = { '.md': 'text/markdown; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

export function contentTypeOf(pathname) {
  const extension = /\.[a-z0-9]+$/i.exec(pathname)?.[0]?.toLowerCase();
  return extension === undefined ? undefined : TEXT_TYPES[extension];
}

function setHeaders(res, pathname) {
  securityHeaders(res);
  const textType = contentTypeOf(pathname);
  if (textType !== undefined) res.setHeader('Content-Type', textType);
  // Everything else (index.html, the downloads) keeps its URL across releases: revalidate with the ETag.
  res.setHeader('Cache-Control', isHashedAsset(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The console's page (its policy is a header: the local sandbox is only known when `npm start` starts). */
const isConsolePage = (pathname) => pathname === '/console' || pathname === '/console/' || pathname === '/console/index.html';

/**
 * @param {{ root: string, port?: number, host?: string, extraRoutes?: Record<string, string>,
 *   consoleSandbox?: { url: string, token: string, tenant: string }, publicHosts?: string[] }} options
 *   extraRoutes: path -> HTML served as is (tests use it for control pages)
 *   consoleSandbox: the local sandbox `npm start` runs: offered first by the console, with its token (kept in memory)
 *   publicHosts: the names the site is reached by besides this machine's (default: DOCS_PUBLIC_HOST, comma-separated);
 *     a request whose Host header names anything else is refused (403)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, port = 0, host = '127.0.0.1', extraRoutes = {}, consoleSandbox, publicHosts = publicHostsFromEnv() }) {
  const built = existsSync(path.join(root, 'console/config.json')) ? readBuiltConsole(root) : undefined;
  const consoleConfig = built && consoleSandbox ? localConsoleConfig(built.config, consoleSandbox) : built?.config;
  const consoleHeader = built ? consolePolicy(consoleConfig, built.contractOrigins) : undefined;
  const serveDist = sirv(root, {
    single: true,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      setHeaders(res, pathname);
      if (consoleHeader !== undefined && isConsolePage(pathname)) res.setHeader('Content-Security-Policy', consoleHeader);
    },
  });
  // Until the port is known nothing is allowed.
  let hosts = new Set();
  const server = createServer((req, res) => {
    if (!isAllowedHost(req.headers.host, hosts)) {
      securityHeaders(res);
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden: the Host header does not name this server');
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (Object.hasOwn(extraRoutes, pathname)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(extraRoutes[pathname]);
      return;
    }
    // Under npm start the console's servers and token come from memory, never from a file or a URL.
    if (pathname === '/console/config.json' && consoleSandbox !== undefined) {
      securityHeaders(res);
      // The token is for the console page of this server: never for another site's page.
      if (!isOwnPageOrTool(req.headers)) {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', vary: 'Origin, Sec-Fetch-Site' }).end('Forbidden: the console configuration is for this site\'s own page');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(consoleConfig));
      return;
    }
    serveDist(req, res, () => {
      securityHeaders(res);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  hosts = allowedHosts(address.port, publicHosts, host);
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections of a browser would otherwise hold close() open
      }),
  };
}
