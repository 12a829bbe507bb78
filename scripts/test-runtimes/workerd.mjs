// The check in Cloudflare's workerd: the client and the scenario bundled by esbuild into a worker (as wrangler
// would), served by workerd on 127.0.0.1; the worker runs the scenario for the request it gets and answers its
// result. Its outbound fetches may only reach loopback (the mock).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../../lib/free-port.mjs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

// The newest compatibility date the pinned workerd (1.20261117.1) supports is its own date; an older one is fine.
const COMPATIBILITY_DATE = '2026-11-01';

async function bundleWorker(repoRoot) {
  const result = await build({
    stdin: {
      contents: [
        `import * as client from '@vendor/api-client';`,
        `import * as mockModule from '@vendor/api-mock/fetch';`,
        `import { runChecks } from './checks.mjs';`,
        `export default {`,
        `  async fetch(request) {`,
        `    const { mockUrl, fixtures } = await request.json();`,
        `    return Response.json(await runChecks(client, mockModule, mockUrl, fixtures));`,
        `  },`,
        `};`,
      ].join('\n'),
      resolveDir: path.join(repoRoot, 'scripts/test-runtimes'),
      sourcefile: 'worker.js',
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

function config(port) {
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  globalOutbound = "loopback",
);
`;
}

export async function runInWorkerd({ repoRoot, workerd, mockUrl, fixtures, log, timeoutMs }) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-client-workerd-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'worker.js'), await bundleWorker(repoRoot));
  await writeFile(path.join(dir, 'config.capnp'), config(port));
  const version = await new Promise((resolve) => {
    const child = spawn(workerd, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', () => resolve(out.trim() || 'workerd (unknown version)'));
    child.on('error', () => resolve('workerd (does not start)'));
  });
  const child = spawn(workerd, ['serve', path.join(dir, 'config.capnp')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('close', () => (exited = true));
  try {
    log(`workerd: ${version} on 127.0.0.1:${port}`);
    const deadline = Date.now() + timeoutMs;
    // Readiness: the first request that workerd answers (it prints nothing when it listens).
    for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
      if (exited) throw new Error(`workerd exited before serving:\n${output.trim().slice(-3000)}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: JSON.stringify({ mockUrl, fixtures }) });
        const text = await response.text();
        if (!response.ok) throw new Error(`workerd answered ${response.status}: ${text.slice(0, 2000)}\n${output.trim().slice(-2000)}`);
        return { ...JSON.parse(text), version };
      } catch (error) {
        const refused = error?.cause?.code === 'ECONNREFUSED';
        if (!refused) throw error;
      }
      if (Date.now() > deadline) throw new Error(`workerd did not listen on 127.0.0.1:${port} within ${timeoutMs / 60_000} minutes:\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
