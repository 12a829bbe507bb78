#!/usr/bin/env node
// Last step of `npm run build`: copies the downloads (OpenAPI document, Postman collection and environment)
// from src/generated/downloads/ into dist/, and the pages beside the reference from src/generated/site/, then writes a .br and a .gz beside every file of dist/, so that
// a server (scripts/static-server.mjs, or nginx's gzip_static/brotli_static) sends them without compressing
// on each request.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyConsoleLibrary, SCALAR } from './console-assets.mjs';
import { builtConsoleConfig, consolePolicy } from './console-config.mjs';
import { fileURLToPath } from 'node:url';

const docsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(docsRoot, 'dist');
const COMPRESSED = /\.(br|gz)$/;

await rm(path.join(dist, 'downloads'), { recursive: true, force: true });
await cp(path.join(docsRoot, 'src/generated/downloads'), path.join(dist, 'downloads'), { recursive: true });
// llms.txt, llms-full.txt, operations/*.md, schemas/*.md and the "What changed" page: served from the root as they are.
await rm(path.join(dist, 'operations'), { recursive: true, force: true });
await rm(path.join(dist, 'schemas'), { recursive: true, force: true });
await cp(path.join(docsRoot, 'src/generated/site'), dist, { recursive: true });
// The hand-written pages (apps/docs/pages/: "Use the API from another language"), served from the root too.
await cp(path.join(docsRoot, 'pages'), dist, { recursive: true });
// The console: its page and script, Scalar's one-file build (fetched once into .cache/), and the servers it offers
// besides the contract's (DOCS_SANDBOX_URL at build time; `npm start` serves its own config with the local sandbox).
await cp(path.join(docsRoot, 'console'), path.join(dist, 'console'), { recursive: true });
const librarySource = await copyConsoleLibrary(path.join(docsRoot, '.cache'), path.join(dist, 'console/scalar.js'));
const consoleConfig = builtConsoleConfig();
await writeFile(path.join(dist, 'console/config.json'), `${JSON.stringify(consoleConfig, null, 2)}\n`);
const contractOriginList = JSON.parse(await readFile(path.join(dist, 'console/contract-origins.json'), 'utf8'));
// For hosts other than scripts/static-server.mjs: the header the console page must be served with.
await writeFile(path.join(dist, 'console/content-security-policy.txt'), `${consolePolicy(consoleConfig, contractOriginList)}\n`);
console.log(`finalize-dist: console library ${SCALAR.name}@${SCALAR.version} (from the ${librarySource}); extra servers: ${consoleConfig.servers.map((s) => s.url).join(', ') || 'none'}`);

const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && !COMPRESSED.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));
for (const file of files) {
  const body = await readFile(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  const gz = gzipSync(body, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  console.log(`finalize-dist: ${path.relative(docsRoot, file)} ${body.length} B, br ${br.length} B, gzip ${gz.length} B`);
}
