// Fills the Content-Security-Policy placeholder of the built page with the hashes of its inline scripts,
// so that only the page's own scripts run (no 'unsafe-inline', no external script).
import { createHash } from 'node:crypto';

export const SCRIPT_HASHES_PLACEHOLDER = '__CSP_SCRIPT_HASHES__';
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** @returns {string[]} CSP source expressions (`'sha256-...'`) for every inline script of `html` */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attrs)) throw new Error(`The page loads a script by URL (<script${attrs}>): only inline scripts are allowed`);
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function applyScriptHashes(html) {
  if (!html.includes(SCRIPT_HASHES_PLACEHOLDER)) throw new Error(`The page has no ${SCRIPT_HASHES_PLACEHOLDER} placeholder (template.hbs)`);
  const hashes = inlineScriptHashes(html);
  if (hashes.length === 0) throw new Error('The page has no inline script: was it built with --inlineBundle?');
  return html.replace(SCRIPT_HASHES_PLACEHOLDER, [...new Set(hashes)].join(' '));
}
