// What the console offers and may connect to. The build writes console/config.json (the hosted sandbox given
// with DOCS_SANDBOX_URL, if any); `npm start` serves its own from memory, with the local sandbox first and a
// token for its example tenant. The page's Content-Security-Policy allows connections to exactly these
// servers and the contract's own (console/contract-origins.json, generated from the spec).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ url: string, description: string }} ConsoleServer */
/** @typedef {{ servers: ConsoleServer[], token?: string, tenant?: string }} ConsoleConfig */

/** The built config: the hosted sandbox of DOCS_SANDBOX_URL, else no extra server. */
export function builtConsoleConfig(env = process.env) {
  const url = env.DOCS_SANDBOX_URL?.trim();
  if (!url) return { servers: [] };
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`DOCS_SANDBOX_URL must be an http(s) URL (got "${url}")`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`DOCS_SANDBOX_URL must be an http(s) URL (got "${url}")`);
  return { servers: [{ url: url.replace(/\/+$/, ''), description: 'Hosted sandbox (both address spaces on one host)' }] };
}

/** The config `npm start` serves: its local sandbox first, with the token it made for the example tenant. */
export function localConsoleConfig(built, sandbox) {
  const local = { url: sandbox.url, description: 'Local sandbox started by npm start (both address spaces)' };
  return { servers: [local, ...built.servers], token: sandbox.token, tenant: sandbox.tenant };
}

/** The console page's policy: its own scripts and styles, and connections to the configured servers only. */
export function consolePolicy(config, contractOrigins) {
  const origins = [...new Set([...config.servers.map((server) => new URL(server.url).origin), ...contractOrigins])];
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Scalar sets styles from script (its theme and layout): inline styles are needed, inline scripts are not.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${origins.join(' ')}`,
    "worker-src 'none'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Reads what the build wrote into dist/console/. */
export function readBuiltConsole(distDir) {
  const read = (name) => JSON.parse(readFileSync(path.join(distDir, 'console', name), 'utf8'));
  return { config: read('config.json'), contractOrigins: read('contract-origins.json') };
}
