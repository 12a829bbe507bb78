#!/usr/bin/env node
// Post-build step of `npm run build` (after `redocly build-docs`): makes dist/index.html self-contained
// (CDN logo inlined) and then locks it down (CSP script hashes). Order matters: the hashes cover the
// final script text.
import { readFile, writeFile } from 'node:fs/promises';
import { applyScriptHashes } from './csp.mjs';
import { inlineCdnAssets } from './offline-assets.mjs';

const file = process.argv[2] ?? 'dist/index.html';
const html = await readFile(file, 'utf8');
const final = applyScriptHashes(inlineCdnAssets(html));
await writeFile(file, final);
console.log(`finalize-html: ${file} (${Buffer.byteLength(final)} bytes), CSP script hashes applied`);
