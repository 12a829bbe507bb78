#!/usr/bin/env node
// `npm run test:runtimes`: runs the built @vendor/api-client against the mock in every runtime its README claims,
// each doing a GET, a PUT with a body, a paginated iterator and an error path (scripts/test-runtimes/scenario.mjs),
// then the same with the in-process mock `@vendor/api-mock/fetch` as the client's fetch, a retry against
// Prefer: fault=503 read back from its journal, and its sandbox in memory (scenario-mock-fetch.mjs):
//
//   node       this machine's Node (20)              bun        Bun (npm `bun`'s binary)
//   node-lts   the current Node LTS (npm `node`)    deno       Deno (npm `deno`'s binary)
//   chromium   Debian's Chromium, a bundled app on another origin than the mock (playwright-core)
//   workerd    Cloudflare's workerd (npm `workerd`'s binary), the client bundled into a worker
//
// Runtimes other than this machine's Node and Debian's Chromium are installed from npm into a cache folder
// (scripts/test-runtimes/install.mjs), not into the root devDependencies. A runtime that cannot be installed or
// started fails the run and says why; nothing is skipped.
//
//   node scripts/test-runtimes.mjs [--only node,deno,...]
//   MOCK_URL=http://127.0.0.1:4010 ...   use a mock that is already running instead of starting one
//
// Build first (`npm run test:runtimes` does): the check runs packages/client/dist, what users install.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInChromium } from './test-runtimes/chromium.mjs';
import { buildFixtures } from './test-runtimes/fixtures.mjs';
import { cacheDir, installRuntime } from './test-runtimes/install.mjs';
import { runInWorkerd } from './test-runtimes/workerd.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const here = path.join(repoRoot, 'scripts/test-runtimes');
// Process start-ups on a busy 2-core machine: minutes, not seconds.
const RUN_TIMEOUT_MS = 5 * 60_000;

const log = (line) => process.stderr.write(`[test:runtimes] ${line}\n`);

/** Runs `command args`, resolves with its stdout's `RESULT {...}` line parsed; rejects with its output when it has none. */
function runResultProcess(command, args, { cwd = repoRoot, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (line) return resolve(JSON.parse(line.slice('RESULT '.length)));
      const why = signal === 'SIGKILL' ? `no result within ${RUN_TIMEOUT_MS / 60_000} minutes` : `exited with ${code ?? signal} and no result`;
      reject(new Error(`${path.basename(command)} ${why}:\n${(stderr + stdout).trim().slice(-3000)}`));
    });
  });
}

const entry = (file) => path.join(here, file);

/** Each runtime: how to run the scenario there. All return { ok, checks, failure?, version }. */
const CHECKS = {
  node: async (mockUrl, fixtures) => runResultProcess(process.execPath, [entry('entry-node.mjs'), mockUrl, JSON.stringify(fixtures)]),
  'node-lts': async (mockUrl, fixtures) => {
    const node = await installRuntime(repoRoot, 'node-lts', log);
    const result = await runResultProcess(node, [entry('entry-node.mjs'), mockUrl, JSON.stringify(fixtures)]);
    if (result.ok && !result.lts) return { ...result, ok: false, failure: `${result.version} is not an LTS release: update RUNTIMES in install.mjs` };
    return result;
  },
  bun: async (mockUrl, fixtures) => {
    const bun = await installRuntime(repoRoot, 'bun', log);
    return runResultProcess(bun, [entry('entry-node.mjs'), mockUrl, JSON.stringify(fixtures)]);
  },
  deno: async (mockUrl, fixtures) => {
    const deno = await installRuntime(repoRoot, 'deno', log);
    // Only what the client needs: the network to the mock, and reading the repository's node_modules.
    const permissions = ['--no-prompt', '--no-lock', `--allow-net=${new URL(mockUrl).host}`, `--allow-read=${repoRoot}`];
    return runResultProcess(deno, ['run', ...permissions, entry('entry-deno.mjs'), mockUrl, JSON.stringify(fixtures)], {
      env: { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: path.join(path.dirname(deno), '.deno-dir') },
    });
  },
  chromium: async (mockUrl, fixtures) => runInChromium({ repoRoot, mockUrl, fixtures, log }),
  workerd: async (mockUrl, fixtures) => {
    const workerd = await installRuntime(repoRoot, 'workerd', log);
    return runInWorkerd({ repoRoot, workerd, mockUrl, fixtures, log, timeoutMs: RUN_TIMEOUT_MS });
  },
};

function parseOnly(argv) {
  const i = argv.indexOf('--only');
  if (i < 0) return Object.keys(CHECKS);
  const names = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !(n in CHECKS));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes a comma-separated list of ${Object.keys(CHECKS).join(', ')} (got ${argv[i + 1] ?? 'nothing'})`);
  }
  return names;
}

async function startOwnMock() {
  if (process.env.MOCK_URL) return { url: process.env.MOCK_URL.replace(/\/+$/, ''), close: async () => {} };
  const { startMock } = await import('@vendor/api-mock');
  return startMock({ port: 0, host: '127.0.0.1', onWarning: (line) => log(`mock warning: ${line}`) });
}

async function main() {
  const names = parseOnly(process.argv.slice(2));
  const dist = path.join(repoRoot, 'packages/client/dist/index.js');
  if (!existsSync(dist)) throw new Error(`${dist} is missing: build first (npm run build)`);
  const fixtures = buildFixtures();
  const mock = await startOwnMock();
  log(`mock at ${mock.url}; runtimes: ${names.join(', ')}; runtime cache: ${cacheDir(repoRoot)}`);
  const rows = [];
  try {
    // One at a time: the machine has 2 cores, and each runtime's start-up is the slow part.
    for (const name of names) {
      const started = Date.now();
      let result;
      try {
        result = await CHECKS[name](mock.url, fixtures);
      } catch (error) {
        result = { ok: false, checks: [], failure: error.message, version: '(not started)' };
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      rows.push({ name, ...result, seconds });
      log(`${name}: ${result.ok ? 'ok' : 'FAILED'} (${result.version}, ${seconds} s)${result.ok ? '' : `\n${result.failure}`}`);
    }
  } finally {
    await mock.close();
  }
  console.log('\n| runtime | version | result | checks |\n| --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.version} | ${row.ok ? 'pass' : 'FAIL'} | ${row.checks.join(', ') || '-'} |`);
  }
  const failed = rows.filter((row) => !row.ok);
  if (failed.length > 0) {
    for (const row of failed) console.error(`\n${row.name} failed: ${row.failure}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`test:runtimes: ${error.message}`);
  process.exitCode = 1;
});
