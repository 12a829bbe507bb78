// A tiny static file server for dist/ on 127.0.0.1. Redoc routes by path (/teams/getteam), so any path
// without a file falls back to index.html, as a hosting setup for this page must do.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

/**
 * @param {{ root: string, port?: number, host?: string, extraRoutes?: Record<string, string> }} options
 *   extraRoutes: path -> HTML served as is (tests use it for control pages)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, port = 0, host = '127.0.0.1', extraRoutes = {} }) {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname in extraRoutes) {
      res.writeHead(200, { 'content-type': TYPES['.html'] }).end(extraRoutes[pathname]);
      return;
    }
    const relative = path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    const file = path.resolve(root, relative);
    const inside = file.startsWith(path.resolve(root) + path.sep);
    const candidates = inside && path.extname(file) ? [file] : [path.join(root, 'index.html')];
    try {
      const body = await readFile(candidates[0]);
      res.writeHead(200, { 'content-type': TYPES[path.extname(candidates[0])] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive connections of a browser would otherwise hold close() open
      }),
  };
}
