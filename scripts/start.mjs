#!/usr/bin/env node
// `npm start [-- --docs-port 8080 --mock-port 4010 --skip-build]`: regenerates everything from
// openapi/spec.yaml, builds the docs and the mock (and what they depend on), then serves the docs
// (apps/docs/dist), its console's sandbox and the mock on 127.0.0.1 and prints their URLs.
// Under a supervisor: SIGINT, SIGTERM or SIGHUP (package.json runs this with `exec`, so a signal sent to
// the npm process reaches it) stops the build or both servers and frees both ports; so does the parent
// process going away. A taken port is one line naming the option that changes it.
// Its static imports need no build output (tests/start/static-imports.test.ts): on a fresh clone nothing is built
// until the steps below run, so whatever reads a dist/ folder is imported after them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseStartArgs, USAGE } from './lib/start/options.mjs';
import { isAddressInUse, isPortFree, portTakenLine } from './lib/start/ports.mjs';
import { runStep } from './lib/run-step.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
/** The tenant of the spec's examples (`acme`): the console's token is for it, so the documented examples answer. */
const EXAMPLE_TENANT = 'acme';

let options;
try {
  options = parseStartArgs(process.argv.slice(2));
} catch (error) {
  console.error(`npm start: ${error.message}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

// Signal handlers before anything is started, so that a signal during the build still stops cleanly.
const running = [];
let currentStep;
let stopping; // the promise of stop(), once a signal came
function stop(reason) {
  stopping ??= (async () => {
    console.log(`\n${reason}: stopping the docs server and the mock`);
    currentStep?.stop();
    const results = await Promise.allSettled(running.map((server) => server.close()));
    process.exit(results.some((r) => r.status === 'rejected') ? 1 : 0);
  })();
  return stopping;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => stop(signal));
watchParent();

/** One line and a non-zero exit for a taken port; never a stack trace. Never returns. */
async function exitPortTaken(port, option) {
  console.error(portTakenLine(port, option));
  currentStep?.stop();
  await Promise.allSettled(running.map((server) => server.close()));
  process.exit(1);
}

// Before the minute-long build: a taken port should not cost the wait.
const ports = [
  { port: options.docsPort, option: '--docs-port' },
  { port: options.mockPort, option: '--mock-port' },
];
for (const { port, option } of ports) {
  if (!(await isPortFree(port, HOST))) await exitPortTaken(port, option);
}

if (options.skipBuild) {
  console.log('npm start: --skip-build: serving what was built before');
} else {
  await step('npm run generate', 'npm', ['run', 'generate']);
  // hash-only: one line per task as it starts, which is the build's progress; runStep adds a line while it is quiet.
  await step('turbo run build (docs, mock and their dependencies)', 'npx', [
    'turbo', 'run', 'build', '--filter=@vendor/api-docs', '--filter=@vendor/api-mock', '--output-logs=hash-only',
  ]);
}
if (stopping) await stopping; // it exits

const { startStaticServer } = await import(pathToFileURL(path.join(repoRoot, 'apps/docs/scripts/static-server.mjs')).href);
const mockEntry = path.join(repoRoot, 'packages/mock/dist/index.js');
if (!existsSync(mockEntry) || !existsSync(path.join(repoRoot, 'apps/docs/dist/index.html'))) {
  console.error('npm start: the docs or the mock are not built yet; run npm start without --skip-build');
  process.exit(1);
}
const { startMock } = await import(pathToFileURL(mockEntry).href);

// The docs' console sends to a sandbox of its own (a free port: nothing else needs to know it), with a token for
// the example tenant made now. The docs server hands both to the console page from memory (never in a URL or file);
// the banner prints the token too, as the sandbox's own CLI does, so a partner's code can call the same sandbox.
const sandbox = await startMock({ port: 0, host: HOST, sandbox: {}, onWarning: (line) => console.warn(`sandbox: WARN ${line}`) });
running.push(sandbox);
const consoleSandbox = { url: sandbox.url, tenant: EXAMPLE_TENANT, token: await sandbox.token(EXAMPLE_TENANT) };
const docs = await listenOrExplain(
  () => startStaticServer({ root: path.join(repoRoot, 'apps/docs/dist'), port: options.docsPort, host: HOST, consoleSandbox }),
  options.docsPort,
  '--docs-port',
);
running.push(docs);
const mock = await listenOrExplain(
  () => startMock({ port: options.mockPort, host: HOST, onRequest: (line) => console.log(`mock: ${line}`), onWarning: (line) => console.warn(`mock: WARN ${line}`) }),
  options.mockPort,
  '--mock-port',
);
running.push(mock);
if (stopping) await stopping; // it exits

// Loaded only now: the curl line is built by the docs' codegen, which reads the spec model's build output.
const { readyCurlLine } = await import('./lib/start/ready-curl.mjs');
const tryIt = readyCurlLine(JSON.parse(readFileSync(path.join(repoRoot, 'packages/types/src/generated/openapi.json'), 'utf8')), mock.url);
console.log(`
API docs:    ${docs.url}/
API console: ${docs.url}/console   (sends to the sandbox below, with a token for tenant ${EXAMPLE_TENANT} already filled in)
API sandbox: ${sandbox.url}   (stateful, in memory, for the console; its records start from the documented examples)
Sandbox token for tenant ${EXAMPLE_TENANT} (valid 24h; send it as Authorization: Bearer <token> from your own code):
  ${consoleSandbox.token}
API mock:    ${mock.url}   (use it as both baseUrl and gatewayBaseUrl; any bearer token; CORS on)${tryIt === undefined ? '' : `
Try it:      ${tryIt}`}
Ctrl+C stops all three.`);

async function step(title, command, args) {
  currentStep = runStep({ title, command, args, cwd: repoRoot });
  const code = await currentStep.done;
  currentStep = undefined;
  if (stopping) return;
  if (code !== 0) {
    console.error(`npm start: "${title}" failed (exit ${code}); its output is above`);
    process.exit(code);
  }
}

async function listenOrExplain(start, port, option) {
  try {
    return await start();
  } catch (error) {
    // Taken between the early check and now (another program started meanwhile).
    if (isAddressInUse(error)) await exitPortTaken(port, option);
    throw error;
  }
}

/** A supervisor that dies without signalling us (SIGKILL) re-parents this process: stop then too. */
function watchParent() {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) void stop('parent process exited');
  }, 1000);
  timer.unref();
}
