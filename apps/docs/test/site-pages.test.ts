// The pages beside the reference that tools read: /llms.txt (a paragraph and a link per operation), /llms-full.txt,
// one Markdown page per operation, and the "What changed" page. Every operation is present with its method, path,
// server, parameters, fields with their rules, error shape and both samples; every link resolves to a file of the
// build; the generation is byte-identical on a second run and the build copies it unchanged; the docs' own server
// sends each with its content type.
import { readFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bundleSpec } from '../../../scripts/lib/bundle.mjs';
import { publishedDocument } from '../../../scripts/lib/published.mjs';
import { generate } from '../../../scripts/generators/40-docs.mjs';
import { SITE_DIR } from '../codegen/files.mjs';
import { SITE_PAGES } from '../codegen/constants.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import { distDir, docsOperations, repoRoot } from './support/docs-bundle.js';

const operations = docsOperations();
const siteDir = path.join(repoRoot, SITE_DIR);
const readSite = (name: string) => readFileSync(path.join(siteDir, name), 'utf8');
const readDist = (name: string) => readFileSync(path.join(distDir, name), 'utf8');

/** Markdown links `[text](/target)` of a page. */
const linksOf = (markdown: string) => [...markdown.matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1]!);
/** The file of the build a root-relative link names ('/' is the reference itself). */
const fileOf = (link: string) => path.join(distDir, link === '/' ? 'index.html' : decodeURIComponent(link.slice(1)));

describe('llms.txt', () => {
  const text = readSite(SITE_PAGES.llms);

  test('opens with the API in a paragraph, then links every operation to its Markdown page', () => {
    expect(text.startsWith('# Platform Control Plane and Gateway API\n\n> ')).toBe(true);
    expect(text).toMatch(/\n\nVersion \d+\.\d+\.\d+\. 18 operations in two address spaces: /);
    expect(operations).toHaveLength(18);
    for (const op of operations) {
      expect(text).toContain(`(/operations/${op.operationId}.md): \`${op.method.toUpperCase()} ${op.path}\`, ${op.gateway ? 'gateway' : 'control plane'}`);
    }
    expect(text).toContain('- [Every operation in one file](/llms-full.txt)');
    expect(text).toContain('- [What changed since the last release](/changes.md)');
  });

  test('llms-full.txt holds the paragraph and every operation page, in the same order', () => {
    const full = readSite(SITE_PAGES.llmsFull);
    let at = 0;
    for (const op of operations) {
      const page = readSite(SITE_PAGES.operation(op.operationId));
      const found = full.indexOf(page, at);
      expect(found, op.operationId).toBeGreaterThan(at);
      at = found + page.length;
    }
  });
});

describe('one Markdown page per operation', () => {
  test.each(operations.map((op) => [op.operationId, op] as const))('%s: method, path, server, parameters, fields, errors and both samples', (operationId, op) => {
    const page = readSite(SITE_PAGES.operation(operationId));
    expect(page.startsWith(`# ${op.summary} (\`${operationId}\`)\n\n\`${op.method.toUpperCase()} ${op.path}\`\n`)).toBe(true);
    for (const server of op.servers) expect(page).toContain(`- \`${server.url}\``);
    for (const parameter of op.operation.parameters ?? []) {
      const name = parameter.name ?? '';
      if (name) expect(page).toContain(`| \`${name}\` | ${parameter.in} |`);
    }
    expect(page).toMatch(/\n## Responses\n\n### [1-5]\d\d: /);
    expect(page).toContain(`has the \`${op.operation['x-error-shape']}\` shape`);
    // The samples are the reference's own, character for character.
    for (const sample of op.codeSamples) expect(page).toContain(sample.source.trimEnd());
  });

  test('request fields carry their rules (limits, patterns, enums) and union variants are named', () => {
    const page = readSite(SITE_PAGES.operation('createOrUpdateMcpServer'));
    expect(page).toContain('| `manifest (RemoteMcpServerManifest).name` | string | yes | at least 3 characters; at most 73 characters; pattern `^[a-z][a-z0-9\\-]{1,71}[a-z0-9]$` |');
    expect(page).toContain('| `manifest (RemoteMcpServerManifest).auth_data (McpHeaderAuth).auth_level` | string | no | one of `"global"`, `"per_user"`; default "global" |');
  });

  test('response fields say which may be null, and open enumerations list their known values', () => {
    const page = readSite(SITE_PAGES.operation('getTeam'));
    expect(page).toContain('| `data.createdAt` | string \\| null | no | format date-time; may be null |');
    expect(page).toMatch(/\| `data\.createdBySubject\.subjectType` \| SubjectType \(string\) \\\| null \| no \| known values `user`, `team`, [^|]*other strings may come; may be null \|/);
  });

  test('every link of llms.txt, llms-full.txt and each page names a file of the build', () => {
    const pages = [SITE_PAGES.llms, SITE_PAGES.llmsFull, SITE_PAGES.changesMarkdown, ...operations.map((op) => SITE_PAGES.operation(op.operationId))];
    const links = new Set(pages.flatMap((name) => linksOf(readDist(name))));
    expect(links.size).toBeGreaterThan(18);
    const broken = [...links].filter((link) => !existsSync(fileOf(link)));
    expect(broken).toEqual([]);
  });
});

describe('rebuilt byte for byte', () => {
  test('generating twice gives the same files, and they are the committed ones', async () => {
    const bundle = publishedDocument(await bundleSpec());
    const first = (await generate({ bundle, repoRoot })) as { path: string; content: string }[];
    const second = (await generate({ bundle: publishedDocument(await bundleSpec()), repoRoot })) as { path: string; content: string }[];
    const site = (files: typeof first) => files.filter((file) => file.path.startsWith(`${SITE_DIR}/`));
    expect(site(first).length).toBe(18 + 4 + 2); // operation pages; llms.txt, llms-full.txt, changes.html and .md; the console's contract and origins
    expect(site(second)).toEqual(site(first));
    for (const file of site(first)) expect(readFileSync(path.join(repoRoot, file.path), 'utf8'), file.path).toBe(file.content);
  }, 120_000);

  test('the build copies each page into dist/ unchanged, with a brotli copy of the same bytes', () => {
    for (const name of [SITE_PAGES.llms, SITE_PAGES.llmsFull, SITE_PAGES.changes, SITE_PAGES.changesMarkdown, ...operations.map((op) => SITE_PAGES.operation(op.operationId))]) {
      const source = readFileSync(path.join(siteDir, name));
      expect(readFileSync(path.join(distDir, name)).equals(source), name).toBe(true);
      expect(brotliDecompressSync(readFileSync(path.join(distDir, `${name}.br`))).equals(source), `${name}.br`).toBe(true);
    }
  });
});

describe('served by the docs server', () => {
  let server: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    server = await startStaticServer({ root: distDir });
  });
  afterAll(async () => {
    await server?.close();
  });

  test.each([
    ['/llms.txt', 'text/plain; charset=utf-8', SITE_PAGES.llms],
    ['/llms-full.txt', 'text/plain; charset=utf-8', SITE_PAGES.llmsFull],
    ['/operations/getTeam.md', 'text/markdown; charset=utf-8', SITE_PAGES.operation('getTeam')],
    ['/changes.md', 'text/markdown; charset=utf-8', SITE_PAGES.changesMarkdown],
    ['/changes', 'text/html;charset=utf-8', SITE_PAGES.changes],
  ])('%s as %s, plain and brotli', async (urlPath, contentType, file) => {
    const expected = await readFile(path.join(distDir, file), 'utf8');
    const plain = await fetch(`${server.url}${urlPath}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe(contentType);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await plain.text()).toBe(expected);
    const compressed = await fetch(`${server.url}${urlPath}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-type')).toBe(contentType);
    expect(await compressed.text()).toBe(expected); // fetch decodes br
  });

  test('a page that does not exist is a 404, not the reference', async () => {
    const response = await fetch(`${server.url}/operations/noSuchOperation.md`);
    expect(response.status).toBe(404);
  });
});

describe('What changed page', () => {
  test('lists the released baseline against the current contract by operation, with a way back to the reference', () => {
    const html = readSite(SITE_PAGES.changes);
    expect(html).toMatch(/<h1>What changed: 0\.1\.0 to \d+\.\d+\.\d+<\/h1>/);
    expect(html).toContain('<a href="/">API reference</a>');
    expect(html).toMatch(/<li><span class="level (breaking|deprecation|addition|documentation)">/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    const markdown = readSite(SITE_PAGES.changesMarkdown);
    expect(markdown.startsWith('# What changed: 0.1.0 to ')).toBe(true);
  });
});
