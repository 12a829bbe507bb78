// The pages beside the reference that tools read: /llms.txt (a paragraph and a link per operation and per shape),
// /llms-full.txt, one Markdown page per operation and per shape (a named object or union, stated once and linked),
// and the "What changed" page. Every operation is present with its method, path,
// server, parameters, fields with their rules, error shape and both samples; every link resolves to a file of the
// build; the generation is byte-identical on a second run and the build copies it unchanged; the docs' own server
// sends each with its content type.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
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
/** The shape pages as generated: `schemas/<Name>.md`. */
const shapePages = () => readdirSync(path.join(siteDir, 'schemas')).filter((name) => name.endsWith('.md')).sort().map((name) => `schemas/${name}`);
/** What a reader (or an assistant) reads as one page: each operation's page and each shape's. */
const readerPages = () => [...operations.map((op) => SITE_PAGES.operation(op.operationId)), ...shapePages()];
/** The largest page a reader reads whole (issue 40 measured 57 KB for createOrUpdateMcpServer.md). */
const MAX_PAGE_BYTES = 20_000;

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
    // Every shape page is listed, so llms.txt still leads to every field of every operation.
    expect(shapePages().length).toBeGreaterThan(0);
    for (const page of shapePages()) expect(text, page).toContain(`](/${page})`);
    expect(text).toContain('- [What changed since the last release](/changes.md)');
  });

  test('llms-full.txt holds the paragraph, every operation page, then every shape page, in the order llms.txt lists them', () => {
    const full = readSite(SITE_PAGES.llmsFull);
    const listedShapes = [...text.matchAll(/\]\(\/(schemas\/[^)]+\.md)\)/g)].map((match) => match[1]!);
    expect([...listedShapes].sort()).toEqual(shapePages());
    let at = 0;
    for (const name of [...operations.map((op) => SITE_PAGES.operation(op.operationId)), ...listedShapes]) {
      const page = readSite(name);
      const found = full.indexOf(page, at);
      expect(found, name).toBeGreaterThan(at);
      at = found + page.length;
    }
  });
});

describe('one Markdown page per operation', () => {
  test.each(operations.map((op) => [op.operationId, op] as const))('%s: method, path, server, parameters, fields, errors and the samples', (operationId, op) => {
    const page = readSite(SITE_PAGES.operation(operationId));
    expect(page.startsWith(`# ${op.summary} (\`${operationId}\`)\n\n\`${op.method.toUpperCase()} ${op.path}\`\n`)).toBe(true);
    for (const server of op.servers) expect(page).toContain(`- \`${server.url}\``);
    for (const parameter of op.operation.parameters ?? []) {
      const name = parameter.name ?? '';
      if (name) expect(page).toContain(`| \`${name}\` | ${parameter.in} |`);
    }
    expect(page).toMatch(/\n## Responses\n\n### [1-5]\d\d: /);
    expect(page).toContain(`has the \`${op.operation['x-error-shape']}\` shape`);
    // The first body's samples are the reference's own, character for character, in every language; each further
    // documented body is stated once, as JSON (its samples differ from the first only in the body).
    const firstBodySamples = op.codeSamples.filter((sample: { label: string }) => !sample.label.includes(': '));
    expect(firstBodySamples.map((sample: { lang: string }) => sample.lang)).toEqual(['TypeScript', 'Python', 'Shell']);
    for (const sample of firstBodySamples) expect(page).toContain(sample.source.trimEnd());
    for (const example of op.requestExamples.slice(1)) expect(page).toContain(`\`\`\`json\n${JSON.stringify(example.value, null, 2)}\n\`\`\``);
    expect(page.match(/^### (TypeScript|Python|curl)\b/gm), 'one sample per language, not one per language and body').toHaveLength(3);
  });

  test('request fields carry their rules (limits, patterns, enums); a union lists its variants, each linked with its selector', () => {
    const page = readSite(SITE_PAGES.operation('createOrUpdateMcpServer'));
    expect(page).toContain('| `manifest` | [McpServerManifest](/schemas/McpServerManifest.md) | yes |');
    const union = readSite(SITE_PAGES.schema('McpServerManifest'));
    expect(union).toContain('| (one of) | [RemoteMcpServerManifest](/schemas/RemoteMcpServerManifest.md) |  | when type = "mcp-server/remote" |');
    const remote = readSite(SITE_PAGES.schema('RemoteMcpServerManifest'));
    expect(remote).toContain('| (every field of) | [McpServerManifestCommon](/schemas/McpServerManifestCommon.md) |');
    const common = readSite(SITE_PAGES.schema('McpServerManifestCommon'));
    expect(common).toContain('| `name` | string | yes | at least 3 characters; at most 73 characters; pattern `^[a-z][a-z0-9\\-]{1,71}[a-z0-9]$` |');
    const headerAuth = readSite(SITE_PAGES.schema('McpHeaderAuth'));
    expect(headerAuth).toContain('| `auth_level` | string | no | one of `"global"`, `"per_user"`; default "global" |');
  });

  test('response fields say which may be null, and open enumerations list their known values', () => {
    const page = readSite(SITE_PAGES.operation('getTeam'));
    expect(page).toContain('| `data` | [Team](/schemas/Team.md) | yes |');
    const team = readSite(SITE_PAGES.schema('Team'));
    expect(team).toContain('| `createdAt` | string \\| null | no | format date-time; may be null |');
    const subject = readSite(SITE_PAGES.schema('SubjectWithType'));
    expect(subject).toMatch(/\| `subjectType` \| SubjectType \(string\) \| yes \| known values `user`, `team`, [^|]*other strings may come \|/);
  });

  test(`no page a reader reads whole is over ${MAX_PAGE_BYTES} bytes: each shape is stated once and linked`, () => {
    const sizes = readerPages().map((name) => ({ name, bytes: Buffer.byteLength(readSite(name)) }));
    const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(largest.bytes, largest.name).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    // Stated once: the manifest's variants and the error body are links on the operation page, not expanded there.
    const page = readSite(SITE_PAGES.operation('createOrUpdateMcpServer'));
    expect(page).not.toContain('(RemoteMcpServerManifest)');
    expect(page.match(/\| `statusCode` \|/g) ?? []).toHaveLength(1);
    expect(page).toContain('[ControlPlaneError](/schemas/ControlPlaneError.md), fields as above.');
  });

  test('counts agree with their nouns: "at least 1 character", never "1 characters" (nor items, keys)', () => {
    const pages = readerPages().map((name) => [name, readSite(name)] as const);
    const slips = pages.flatMap(([name, text]) => [...text.matchAll(/\b(?:at (?:least|most)) 1 (?:characters|items|keys)\b/g)].map((match) => `${name}: ${match[0]}`));
    expect(slips).toEqual([]);
    const all = pages.map(([, text]) => text).join('\n');
    expect(all).toContain('at least 1 character;');
    expect(all).toMatch(/at most \d{2,} characters/);
  });

  test('every link of llms.txt, llms-full.txt and each page names a file of the build', () => {
    const pages = [SITE_PAGES.llms, SITE_PAGES.llmsFull, SITE_PAGES.changesMarkdown, ...readerPages()];
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
    // operation pages; shape pages; llms.txt, llms-full.txt, changes.html and .md; the console's contract and origins
    expect(site(first).length).toBe(18 + shapePages().length + 4 + 2);
    expect(site(second)).toEqual(site(first));
    for (const file of site(first)) expect(readFileSync(path.join(repoRoot, file.path), 'utf8'), file.path).toBe(file.content);
  }, 120_000);

  test('the build copies each page into dist/ unchanged, with a brotli copy of the same bytes', () => {
    for (const name of [SITE_PAGES.llms, SITE_PAGES.llmsFull, SITE_PAGES.changes, SITE_PAGES.changesMarkdown, ...readerPages()]) {
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
    ['/schemas/Team.md', 'text/markdown; charset=utf-8', SITE_PAGES.schema('Team')],
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
