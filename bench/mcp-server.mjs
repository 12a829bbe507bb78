// Section mcp: @vendor/api-mcp as a user gets it. Install size: the packed tarballs installed into an empty project
// (npm, from its cache), once as `@vendor/api-mcp` alone and once with `@vendor/api-mock` beside it (what `--mock`
// needs). Start-up: spawn of the installed bin to `tools/list` answered over stdio, against an API URL (no mock
// loaded) and with `--mock`, alternating, median of `startRuns` each. Size of `tools/list`: the characters of the
// JSON of its tools in each way of listing them (what a host puts into the model's context), with `--mock`.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packPackage, PUBLISHED } from '../lib/published-packages.mjs';
import { tmpDir } from './lib/paths.mjs';
import { isMain, writeSectionResult } from './section.mjs';
import { median, round } from './lib/stats.mjs';

const exec = promisify(execFile);

/** What each install holds besides what npm brings: the tarballs of our packages it needs (they are not on a registry). */
export const INSTALLS = [
  { id: 'mcp', title: '`@vendor/api-mcp` (with `@vendor/api-client`, `@vendor/api-types`)', packages: ['@vendor/api-types', '@vendor/api-client', '@vendor/api-mcp'] },
  { id: 'mcp-with-mock', title: '`@vendor/api-mcp` and `@vendor/api-mock` (for `--mock`)', packages: ['@vendor/api-types', '@vendor/api-client', '@vendor/api-mock', '@vendor/api-mcp'] },
];

/** The two ways the server starts: against an API (the client only) and against the in-process mock. */
export const STARTS = [
  { id: 'api', title: 'against an API URL (`VENDOR_API_TOKEN`, `VENDOR_API_BASE_URL`)', args: [], env: { VENDOR_API_TOKEN: 'bench-token', VENDOR_API_BASE_URL: 'http://127.0.0.1:9' } },
  { id: 'mock', title: 'with `--mock` (loads `@vendor/api-mock/fetch`)', args: ['--mock'], env: {} },
];

/** The ways of listing the tools (packages/mcp/README.md, "How the tools are listed"). */
export const LISTINGS = [
  { id: 'default', title: 'one tool per operation (default)', args: [] },
  { id: 'output-schemas', title: 'one tool per operation, with output schemas (`--output-schemas`)', args: ['--output-schemas'] },
  { id: 'dynamic', title: 'three tools that list, describe and call the operations (`--tools dynamic`)', args: ['--tools', 'dynamic'] },
];

async function npmInstall(cwd, tarballs) {
  const base = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...tarballs];
  try {
    await exec('npm', [...base, '--offline'], { cwd, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    // A cache without some packument or tarball: fetch only what is missing.
    if (!/ENOTCACHED/.test(`${error.stdout}${error.stderr}`)) throw error;
    await exec('npm', [...base, '--prefer-offline'], { cwd, maxBuffer: 16 * 1024 * 1024 });
  }
}

/** Bytes of every file below `dir` (what the files hold, as `du --apparent-size` counts), and the packages there. */
function measureTree(dir) {
  let bytes = 0;
  const packages = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const size = statSync(full).size;
        bytes += size;
        // Relative to the project, so that the path starts with its node_modules.
        const owner = packageOf(path.relative(path.dirname(dir), full));
        if (owner !== undefined) packages.set(owner, (packages.get(owner) ?? 0) + size);
      }
    }
  };
  walk(dir);
  return { bytes, packages };
}

/** `node_modules/@scope/name/...` -> `@scope/name`; nested node_modules count as their own package. */
function packageOf(relative) {
  const parts = relative.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length - 1) return undefined;
  const first = parts[at + 1];
  return first.startsWith('@') ? `${first}/${parts[at + 2]}` : first;
}

async function measureInstalls(work) {
  const tgz = path.join(work, 'tgz');
  mkdirSync(tgz, { recursive: true });
  const tarballs = {};
  for (const entry of PUBLISHED) tarballs[entry.name] = (await packPackage(entry, tgz)).tarball;
  const results = [];
  for (const install of INSTALLS) {
    const app = path.join(work, install.id);
    mkdirSync(app, { recursive: true });
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: `bench-${install.id}`, version: '0.0.0', private: true }));
    await npmInstall(app, install.packages.map((name) => tarballs[name]));
    const { bytes, packages } = measureTree(path.join(app, 'node_modules'));
    const largest = [...packages.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, size]) => ({ name, bytes: size }));
    results.push({ id: install.id, title: install.title, bytes, packageCount: packages.size, largest, app });
    process.stderr.write(`  mcp: install ${install.id}: ${(bytes / 1e6).toFixed(1)} MB in ${packages.size} packages\n`);
  }
  return results;
}

/** Spawn of the installed bin to tools/list answered, in ms, and the number of tools listed. */
async function timeStart(bin, start) {
  const startedAt = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, ...start.args], env: { PATH: process.env.PATH, ...start.env }, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '0.0.0' });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    return { ms: performance.now() - startedAt, tools: tools.length };
  } finally {
    await client.close();
  }
}

async function measureStarts(bin, runs) {
  const samples = Object.fromEntries(STARTS.map((start) => [start.id, []]));
  let tools;
  for (let run = 0; run < runs; run += 1) {
    // Alternating, the order turned every run, so that a busy moment of the machine hits both.
    const order = run % 2 === 0 ? STARTS : [...STARTS].reverse();
    for (const start of order) {
      const measured = await timeStart(bin, start);
      samples[start.id].push(measured.ms);
      tools = measured.tools;
    }
  }
  return STARTS.map((start) => {
    const values = samples[start.id];
    return { id: start.id, title: start.title, runs: values.length, medianMs: round(median(values), 1), minMs: round(Math.min(...values), 1), maxMs: round(Math.max(...values), 1), tools };
  });
}

/** Characters of JSON.stringify(tools) of tools/list, and how many tools, in each way of listing them. */
async function measureListings(bin) {
  const results = [];
  for (const listing of LISTINGS) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--mock', ...listing.args], env: { PATH: process.env.PATH }, stderr: 'ignore' });
    const client = new Client({ name: 'bench', version: '0.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      const characters = JSON.stringify(tools).length;
      const outputSchemaCharacters = tools.reduce((sum, tool) => sum + (tool.outputSchema === undefined ? 0 : JSON.stringify(tool.outputSchema).length), 0);
      results.push({ id: listing.id, title: listing.title, tools: tools.length, characters, outputSchemaCharacters });
      process.stderr.write(`  mcp: tools/list ${listing.id}: ${characters} characters, ${tools.length} tools\n`);
    } finally {
      await client.close();
    }
  }
  return results;
}

export async function run(settings) {
  const work = path.join(tmpDir, 'mcp-install');
  rmSync(work, { recursive: true, force: true });
  try {
    const installs = await measureInstalls(work);
    const withMock = installs.find((install) => install.id === 'mcp-with-mock');
    const bin = path.join(withMock.app, 'node_modules/@vendor/api-mcp/bin/api-mcp.mjs');
    const starts = await measureStarts(bin, settings.mcp.startRuns);
    const listings = await measureListings(bin);
    const mcpOnly = installs.find((install) => install.id === 'mcp');
    return {
      node: process.version,
      installs: installs.map(({ app, ...rest }) => rest),
      mockShare: round(1 - mcpOnly.bytes / withMock.bytes, 3),
      starts,
      listings,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await writeSectionResult(run);
