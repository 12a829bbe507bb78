// Packed-tarball smoke test: the four packages as a user installs them, in a project outside the workspace.
// npm pack -> npm install the tarballs in os.tmpdir() -> import (ESM) and require (CJS) the client, call getTeam
// against the mock from the installed @vendor/api-mock, run its CLI with npx -> run @vendor/api-mcp with npx, and
// list and call its tools with the MCP SDK it installed -> a TypeScript consumer type-checks under node16 and bundler.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { packAll, repoRoot } from '../../scripts/check-packages.mjs';
import { assertBuilt } from './setup';

const run = promisify(execFile);
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m'; // the id in getTeam's first example, which the mock serves
let work = '';
let app = '';
let packedNames: string[] = [];

async function npmInstall(args: string[]) {
  const base = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', ...args];
  try {
    // The dependencies (openapi-fetch, Prism, ...) are in the npm cache since the workspace installed them.
    return await run('npm', [...base, '--offline'], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
  } catch (error: any) {
    // A cache without some packument or tarball (a newer transitive version): fetch only what is missing.
    if (!/ENOTCACHED/.test(`${error.stdout}${error.stderr}`)) throw error;
    return run('npm', [...base, '--prefer-offline'], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
  }
}

async function node(file: string) {
  const { stdout } = await run(process.execPath, [file], { cwd: app, timeout: 170_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

async function tsc(project: string) {
  try {
    await run(process.execPath, [path.join(app, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: app });
    return '';
  } catch (error: any) {
    return `${error.stdout}${error.stderr}`;
  }
}

beforeAll(async () => {
  assertBuilt();
  work = await mkdtemp(path.join(os.tmpdir(), 'packaging-smoke-'));
  const tgz = path.join(work, 'tgz');
  app = path.join(work, 'app');
  await mkdir(tgz);
  await mkdir(path.join(app, 'src'), { recursive: true });
  const packed = await packAll(tgz);
  packedNames = packed.map((p) => path.basename(p.tarball)).sort();
  // A Node 20 TypeScript project: the same typescript and @types/node the workspace pins.
  const root = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8'));
  await writeFile(
    path.join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      version: '0.0.0',
      private: true,
      devDependencies: { typescript: root.devDependencies.typescript, '@types/node': root.devDependencies['@types/node'] },
    }),
  );
  await npmInstall(packed.map((p) => p.tarball));
  for (const [name, text] of Object.entries(CONSUMER_FILES)) await writeFile(path.join(app, name), text);
}, 240_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe.concurrent('installed from the tarballs', () => {
  test('the packages come from the tarballs, not the workspace', async () => {
    for (const name of ['@vendor/api-types', '@vendor/api-client', '@vendor/api-mock', '@vendor/api-mcp']) {
      const dir = await realpath(path.join(app, 'node_modules', name));
      expect(dir.startsWith(await realpath(app))).toBe(true);
    }
  }, 180_000);

  test('ESM: import the client and call getTeam against the installed mock, over HTTP and in-process', async () => {
    const out = await node('esm.mjs');
    expect(out).toEqual({ id: TEAM_ID, inProcess: TEAM_ID, journal: ['Bearer ***'], resolved: 'dist/index.js', openapi: '3.1.0' });
  }, 180_000);

  test('CJS: require the client and call getTeam against the installed mock, over HTTP and in-process', async () => {
    const out = await node('cjs.cjs');
    expect(out).toEqual({ id: TEAM_ID, inProcess: TEAM_ID, journal: ['Bearer ***'], resolved: 'dist/index.cjs', openapi: '3.1.0' });
  }, 180_000);

  test('npx @vendor/api-mock runs the installed CLI (its bin is linked), never a package from the registry', async () => {
    // --no-install: npx fails instead of fetching when the installed package does not provide the command.
    const { stdout } = await run('npx', ['--no-install', '@vendor/api-mock', 'token', '--help'], { cwd: app, timeout: 170_000 });
    expect(stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mock token --tenant NAME/);
  }, 180_000);

  test('npx @vendor/api-mcp runs the installed server (its bin is linked), never a package from the registry', async () => {
    const { stdout } = await run('npx', ['--no-install', '@vendor/api-mcp', '--help'], { cwd: app, timeout: 170_000 });
    expect(stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mcp /);
  }, 180_000);

  test('the installed commands vendor-api-mcp (the scheme of vendor-api-mock) and api-mcp (its earlier name) both run the server', async () => {
    for (const command of ['vendor-api-mcp', 'api-mcp']) {
      const { stdout } = await run(path.join(app, 'node_modules/.bin', command), ['--help'], { cwd: app, timeout: 170_000 });
      expect(stdout.split('\n')[0], command).toMatch(/^Usage: npx @vendor\/api-mcp /);
    }
  }, 180_000);

  test("the MCP README's install before publication: its npm pack line, run as written (into another folder), makes the tarballs its npm install line names", async () => {
    const { shell } = await mcpInstallSection();
    const pack = shell.find((line) => line.startsWith('npm pack '));
    const install = shell.find((line) => line.startsWith('npm install '));
    expect(pack, 'an npm pack line').toBeDefined();
    expect(install, 'an npm install line').toBeDefined();
    const dest = await mkdtemp(path.join(work, 'readme-pack-'));
    const packArgs = words(pack!).slice(1).map((word) => (word === '/tmp' ? dest : word));
    expect(packArgs).toContain(dest);
    await run('npm', packArgs, { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
    const made = (await readdir(dest)).sort();
    expect(made).toEqual(packedNames); // all four packages, named as npm names them
    const globs = words(install!).slice(2);
    expect(globs).toHaveLength(made.length);
    for (const glob of globs) {
      expect(path.dirname(glob), glob).toBe('/tmp');
      expect(made.filter((file) => globToRegExp(path.basename(glob)).test(file)), glob).toHaveLength(1);
    }
    const commands = shell.filter((line) => line.startsWith('npx '));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command, 'npx runs the scoped package').toMatch(/^npx @vendor\/api-mcp /);
  }, 180_000);

  test("the MCP README's install before publication: its paths for a host exist, in the repository and in a project that installed the tarballs", async () => {
    const { text } = await mcpInstallSection();
    const repoPaths = [...text.matchAll(/\/path\/to\/repo\/([\w./-]+)/g)].map((match) => match[1]!);
    const projectPaths = [...text.matchAll(/\/path\/to\/your\/project\/([\w./-]+)/g)].map((match) => match[1]!);
    expect(repoPaths).toContain('packages/mcp/bin/api-mcp.mjs');
    expect(projectPaths).toContain('node_modules/.bin/vendor-api-mcp');
    for (const relative of repoPaths) expect(existsSync(path.join(repoRoot, relative)), relative).toBe(true);
    for (const relative of projectPaths) expect(existsSync(path.join(app, relative)), relative).toBe(true);
    // "npx @vendor/api-mcp" at the repository's root runs the workspace's own package, never the registry's.
    const { stdout } = await run('npx', ['--no-install', '@vendor/api-mcp', '--help'], { cwd: repoRoot, timeout: 170_000 });
    expect(stdout.split('\n')[0]).toMatch(/^Usage: npx @vendor\/api-mcp /);
  }, 180_000);

  test('an MCP client (the SDK @vendor/api-mcp installed) lists its 15 tools over stdio and calls getTeam against --mock', async () => {
    const out = await node('mcp.mjs');
    expect(out).toEqual({ tools: 15, team: TEAM_ID, isError: false });
  }, 180_000);

  test('TypeScript consumer type-checks under moduleResolution node16 (ESM and CJS files)', async () => {
    expect(await tsc('tsconfig.node16.json')).toBe('');
  }, 180_000);

  test('TypeScript consumer type-checks under moduleResolution bundler (declaration files checked too)', async () => {
    expect(await tsc('tsconfig.bundler.json')).toBe('');
  }, 180_000);
});

/** The MCP README's "Install before publication" section: its text, and the commands of its sh blocks (comments left out). */
async function mcpInstallSection(): Promise<{ text: string; shell: string[] }> {
  const readme = await readFile(path.join(repoRoot, 'packages/mcp/README.md'), 'utf8');
  const start = readme.indexOf('\n## Install before publication\n');
  expect(start, 'the MCP README has an "Install before publication" section').toBeGreaterThan(0);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end === -1 ? undefined : end);
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const shell = blocks
    .flatMap((block) => block.split('\n'))
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '');
  return { text, shell };
}

const words = (line: string) => line.split(/\s+/).filter((word) => word !== '');
const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

const ESM = `import { createPlatformClient } from '@vendor/api-client';
import { startMock } from '@vendor/api-mock';
import { createMockFetch } from '@vendor/api-mock/fetch';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import spec from '@vendor/api-types/openapi.json' with { type: 'json' };

const resolved = fileURLToPath(import.meta.resolve('@vendor/api-client'));
const mock = await startMock({ port: 0 });
try {
  const platform = createPlatformClient({ baseUrl: mock.url, gatewayBaseUrl: mock.url, token: 'test-token', maxRetries: 0 });
  const team = await platform.getTeam({ params: { path: { id: '${TEAM_ID}' } } });
  const mockFetch = createMockFetch();
  const inProcess = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: 'test-token', fetch: mockFetch });
  const again = await inProcess.getTeam({ params: { path: { id: '${TEAM_ID}' } } });
  const journal = mockFetch.requests().map((r) => r.headers.authorization);
  console.log(JSON.stringify({ id: team.data.id, inProcess: again.data.id, journal, resolved: resolved.split('@vendor/api-client/')[1], openapi: spec.openapi }));
} finally {
  await mock.close();
}
`;

const CJS = `const { createPlatformClient } = require('@vendor/api-client');
const { startMock } = require('@vendor/api-mock');
const { createMockFetch } = require('@vendor/api-mock/fetch');
const spec = require('@vendor/api-types/openapi.json');

(async () => {
  const resolved = require.resolve('@vendor/api-client');
  const mock = await startMock({ port: 0 });
  try {
    const platform = createPlatformClient({ baseUrl: mock.url, gatewayBaseUrl: mock.url, token: 'test-token', maxRetries: 0 });
    const team = await platform.getTeam({ params: { path: { id: '${TEAM_ID}' } } });
    const mockFetch = createMockFetch();
    const inProcess = createPlatformClient({ baseUrl: 'http://mock.local', gatewayBaseUrl: 'http://mock.local', token: 'test-token', fetch: mockFetch });
    const again = await inProcess.getTeam({ params: { path: { id: '${TEAM_ID}' } } });
    const journal = mockFetch.requests().map((r) => r.headers.authorization);
    console.log(JSON.stringify({ id: team.data.id, inProcess: again.data.id, journal, resolved: resolved.split('@vendor/api-client/')[1], openapi: spec.openapi }));
  } finally {
    await mock.close();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

const MCP = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const transport = new StdioClientTransport({ command: 'node_modules/.bin/api-mcp', args: ['--mock'] });
const client = new Client({ name: 'smoke', version: '0.0.0' });
await client.connect(transport);
try {
  const { tools } = await client.listTools();
  const result = await client.callTool({ name: 'getTeam', arguments: { id: '${TEAM_ID}' } });
  console.log(JSON.stringify({ tools: tools.length, team: result.structuredContent?.data?.id, isError: result.isError === true }));
} finally {
  await client.close();
}
`;

// One consumer for both resolutions; the @ts-expect-error lines prove the types are real (not any).
// A team id is `string | null` when present: the service sends null for unset fields.
const TS_BODY = `export async function main(): Promise<string | null | undefined> {
  const mock: RunningMock = await startMock({ port: 0 });
  try {
    const platform = createPlatformClient({ baseUrl: mock.url, token: 'test-token' });
    const res = await platform.getTeam({ params: { path: { id: 'x' } } });
    const team: Team | undefined = res.data;
    const same: components['schemas']['Team'] | undefined = team;
    const path: keyof paths = '/api/svc/v1/teams/{id}';
    // @ts-expect-error the path parameter is called id
    await platform.getTeam({ params: { path: { teamId: 'x' } } });
    // @ts-expect-error a team id is a string
    const wrong: number | undefined = team?.id;
    const mockFetch: MockFetch = createMockFetch({ faults: { rate: 0.1, kinds: [503, 'reset'] } });
    // @ts-expect-error 418 is not a fault kind
    createMockFetch({ faults: { rate: 0.1, kinds: [418] } });
    void same; void path; void wrong; void PlatformApiError; void mockFetch;
    return team?.id;
  } finally {
    await mock.close();
  }
}
`;
const TS_IMPORTS = `import { createPlatformClient, PlatformApiError } from '@vendor/api-client';
import type { Team, components, paths } from '@vendor/api-types';
import { startMock, type RunningMock } from '@vendor/api-mock';
import { createMockFetch, type MockFetch } from '@vendor/api-mock/fetch';
`;
const compilerOptions = { target: 'ES2022', strict: true, noEmit: true, lib: ['ES2022', 'DOM'] };

const CONSUMER_FILES: Record<string, string> = {
  'esm.mjs': ESM,
  'cjs.cjs': CJS,
  'mcp.mjs': MCP,
  'src/consumer.mts': TS_IMPORTS + TS_BODY,
  'src/consumer.cts': TS_IMPORTS + TS_BODY,
  'src/consumer.ts': TS_IMPORTS + TS_BODY,
  // node16: an ESM (.mts) and a CJS (.cts) file, so both the .d.ts and the .d.cts declarations are used.
  'tsconfig.node16.json': JSON.stringify({
    compilerOptions: { ...compilerOptions, module: 'node16', moduleResolution: 'node16', types: ['node'], skipLibCheck: true },
    files: ['src/consumer.mts', 'src/consumer.cts'],
  }),
  // bundler: also checks the packages' declaration files themselves (skipLibCheck off). Without @types/node and
  // with the standard lib unchecked, to keep it to ~10 s: the declarations must not need @types/node.
  'tsconfig.bundler.json': JSON.stringify({
    compilerOptions: {
      ...compilerOptions,
      module: 'esnext',
      moduleResolution: 'bundler',
      types: [],
      skipLibCheck: false,
      skipDefaultLibCheck: true,
    },
    files: ['src/consumer.ts'],
  }),
};
