#!/usr/bin/env node
// `npm start [-- --docs-port 8080 --mock-port 4010]`: regenerates everything from openapi/spec.yaml,
// builds the docs and the mock (and what they depend on), then serves the docs (apps/docs/dist) and the
// mock on 127.0.0.1 and prints both URLs. Ctrl+C (SIGINT) or SIGTERM stops both servers cleanly.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i > 0 ? process.argv[i + 1] : undefined;
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new Error(`--${name} must be a port number (got ${raw})`);
  return port;
}

function step(title, command, args) {
  console.log(`\n> ${title}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`npm start: "${title}" failed`);
    process.exit(result.status ?? 1);
  }
}

const docsPort = option('docs-port', 8080);
const mockPort = option('mock-port', 4010);

// Signal handlers before anything is started, so that a signal during startup still stops cleanly.
const running = [];
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the docs server and the mock`);
  const results = await Promise.allSettled(running.map((s) => s.close()));
  process.exit(results.some((r) => r.status === 'rejected') ? 1 : 0);
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));

step('npm run generate', 'npm', ['run', 'generate']);
step('turbo run build (docs, mock and their dependencies)', 'npx', ['turbo', 'run', 'build', '--filter=@vendor/api-docs', '--filter=@vendor/api-mock', '--output-logs=errors-only']);
if (stopping) process.exit(0);

const { startStaticServer } = await import(pathToFileURL(path.join(repoRoot, 'apps/docs/scripts/static-server.mjs')).href);
const { startMock } = await import(pathToFileURL(path.join(repoRoot, 'packages/mock/dist/index.js')).href);

const docs = await startStaticServer({ root: path.join(repoRoot, 'apps/docs/dist'), port: docsPort, host: HOST });
running.push(docs);
const mock = await startMock({ port: mockPort, host: HOST, onRequest: (line) => console.log(`mock: ${line}`), onWarning: (line) => console.warn(`mock: WARN ${line}`) });
running.push(mock);
if (stopping) process.exit(0);

console.log(`
API docs:  ${docs.url}/
API mock:  ${mock.url}   (use it as both baseUrl and gatewayBaseUrl; any bearer token)
Ctrl+C stops both.`);
