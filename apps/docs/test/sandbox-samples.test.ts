// Every documented sample runs as written. A partner starts the sandbox (`npx @vendor/api-mock --sandbox`), takes the
// token it prints and follows the reference in one language: each TypeScript sample, or each curl sample, in
// the order the reference lists the operations, must answer 2xx. Each language gets a freshly started
// sandbox, as a reader of one of them would have. Only the documented hosts are replaced by the sandbox's URL.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTROL_PLANE_BASE_URL, GATEWAY_BASE_URL, TOKEN_ENV_VAR } from '../codegen/constants.mjs';
import { docsOperations, inReadingOrder, readDocsBundle, samplesDir, type CodeSample, type DocsOperation } from './support/docs-bundle.js';

const MINUTES = 60_000;
const doc = readDocsBundle();
const operations = inReadingOrder(doc, docsOperations(doc));

type Language = 'TypeScript' | 'curl';
const samplesOf = (op: DocsOperation, language: Language) => op.codeSamples.filter((s) => s.label === language || s.label.startsWith(`${language}: `));
const inOrder = (language: Language) => operations.flatMap((op) => samplesOf(op, language).map((sample) => ({ op, sample })));

/** The CLI a partner runs (`npx @vendor/api-mock`): the package's one `bin`, found the way npm finds it. */
function sandboxCli(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@vendor/api-mock/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry: string = typeof bin === 'string' ? bin : Object.values<string>(bin)[0]!;
  return path.join(path.dirname(manifestPath), entry);
}

interface StartedSandbox {
  url: string;
  tenant: string;
  /** the token the start-up banner prints */
  token: string;
  child: ChildProcess;
}

/** The banner's last lines: `token for tenant acme (valid 24h):`, then the token on a line of its own. */
const PRINTED_TOKEN = /token for tenant (\S+) [^\n]*:\n(\S+)\n/;

/** Starts `npx @vendor/api-mock --sandbox` on a free port; ready once the banner with the token is complete. */
function startSandbox(env: Record<string, string> = {}): Promise<StartedSandbox> {
  const child = spawn(process.execPath, [sandboxCli(), '--sandbox', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // An empty secret means a random one, unless the caller gives one.
    env: { ...process.env, VENDOR_SANDBOX_SECRET: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      child.kill();
      reject(new Error(`the sandbox printed no token within 3 minutes:\n${stderr}`));
    }, 3 * MINUTES);
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const printed = PRINTED_TOKEN.exec(stdout);
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (!printed || !url) return;
      clearTimeout(giveUp);
      resolve({ url, tenant: printed[1]!, token: printed[2]!, child });
    });
    child.once('exit', (code) => {
      clearTimeout(giveUp);
      reject(new Error(`the sandbox exited (${code}) before it was ready:\n${stderr}`));
    });
  });
}

async function stopSandbox(sandbox: StartedSandbox | undefined): Promise<void> {
  const running = sandbox !== undefined && sandbox.child.exitCode === null && sandbox.child.signalCode === null;
  if (!running) return;
  const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
  sandbox.child.kill('SIGTERM');
  await exited;
}

/** The sample with the documented hosts pointed at the sandbox: the only change made to it. */
function againstSandbox(source: string, url: string): string {
  return source.split(CONTROL_PLANE_BASE_URL).join(url).split(GATEWAY_BASE_URL).join(url);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { env: { ...process.env, ...env }, timeout: 2 * MINUTES, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** What a failed run printed, for the assertion message, with the token taken out. */
function shown(text: string, token: string): string {
  return text.split(token).join('<token>').slice(0, 2000);
}

interface Answer {
  status: number;
  body: string;
  stderr: string;
}

/** Runs a curl sample in a POSIX shell, as a reader pastes it, with `--write-out` appended for the status. */
async function runCurl(sample: CodeSample, url: string, token: string): Promise<Answer> {
  const script = `${againstSandbox(sample.source, url).trimEnd()} --silent --show-error --write-out '\\n%{http_code}'`;
  const { stdout, stderr } = await run('/bin/sh', ['-c', script], { [TOKEN_ENV_VAR]: token });
  const statusAt = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(statusAt + 1)), body: stdout.slice(0, Math.max(statusAt, 0)), stderr };
}

/** Bundles a TypeScript sample with the built @vendor/api-client (esbuild) and runs it in Node. */
async function runTypeScript(sample: CodeSample, url: string, token: string, workDir: string): Promise<Run> {
  const bundled = await build({
    stdin: { contents: againstSandbox(sample.source, url), loader: 'ts', resolveDir: samplesDir, sourcefile: 'sample.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  });
  const file = path.join(workDir, `${sample.label.replace(/[^A-Za-z0-9]+/g, '-')}-${Date.now()}.mjs`);
  writeFileSync(file, bundled.outputFiles[0]!.text);
  return run(process.execPath, [file], { [TOKEN_ENV_VAR]: token });
}

describe('the documented samples run as written against a freshly started sandbox, with its printed token', { timeout: 2 * MINUTES }, () => {
  test('there are samples in both languages for every operation', () => {
    expect(operations.length).toBe(docsOperations(doc).length);
    for (const op of operations) {
      expect(samplesOf(op, 'TypeScript').length, op.operationId).toBeGreaterThan(0);
      expect(samplesOf(op, 'curl').length, op.operationId).toBe(samplesOf(op, 'TypeScript').length);
    }
  });

  describe('TypeScript, in the order of the reference', () => {
    let sandbox: StartedSandbox;
    let workDir: string;
    beforeAll(async () => {
      sandbox = await startSandbox();
      workDir = mkdtempSync(path.join(os.tmpdir(), 'docs-ts-samples-'));
    }, 4 * MINUTES);
    afterAll(async () => {
      await stopSandbox(sandbox);
      if (workDir) rmSync(workDir, { recursive: true, force: true });
    }, MINUTES);

    test.each(inOrder('TypeScript').map(({ op, sample }) => [`${op.operationId} (${sample.label})`, sample] as const))('%s', async (_, sample) => {
      const result = await runTypeScript(sample, sandbox.url, sandbox.token, workDir);
      // The client throws a typed error on a non-2xx answer, so exit 0 means every call answered 2xx.
      expect(result.code, shown(result.stderr, sandbox.token)).toBe(0);
      expect(result.stdout.trim(), 'the sample prints what it got').not.toBe('');
      expect(result.stdout).not.toMatch(/^(undefined|null)$/m);
    });

    test('control: the same runner fails a sample whose call the sandbox refuses (another token)', async () => {
      const [first] = inOrder('TypeScript');
      const result = await runTypeScript(first!.sample, sandbox.url, 'not-a-sandbox-token', workDir);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/401|unauthorized|token/i);
    });
  });

  describe('curl, in the order of the reference', () => {
    let sandbox: StartedSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox();
    }, 4 * MINUTES);
    afterAll(() => stopSandbox(sandbox), MINUTES);

    test.each(inOrder('curl').map(({ op, sample }) => [`${op.operationId} (${sample.label})`, sample] as const))('%s', async (_, sample) => {
      const answer = await runCurl(sample, sandbox.url, sandbox.token);
      expect(answer.status, `${shown(answer.body, sandbox.token)}\n${shown(answer.stderr, sandbox.token)}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, shown(answer.body, sandbox.token)).toBeLessThan(300);
      expect(typeof JSON.parse(answer.body), 'the answer is a JSON object or array').toBe('object');
    });

    test('control: the same runner sees a refused call (another token) as not 2xx', async () => {
      const [first] = inOrder('curl');
      const answer = await runCurl(first!.sample, sandbox.url, 'not-a-sandbox-token');
      expect(answer.status).toBe(401);
    });
  });
});

/** A sample's comment that names a value the reader replaces: `tenantName 'acme' is an example: use ...`. */
const PLACEHOLDER_NOTE = /^(?:\/\/|#) (\w+) '([^']+)' is an example: use /m;

describe("a sample with the reader's own tenant in the path says so, and works with another tenant's token once changed as it says", { timeout: 2 * MINUTES }, () => {
  const secret = 'docs-samples-test-secret';
  const withPlaceholder = inOrder('curl').filter(({ sample }) => PLACEHOLDER_NOTE.test(sample.source));
  let sandbox: StartedSandbox;
  let otherToken: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ VENDOR_SANDBOX_SECRET: secret });
    // What the README tells a partner to run for another tenant's token; the token is its last line.
    const printed = await run(process.execPath, [sandboxCli(), 'token', '--tenant', 'globex'], { VENDOR_SANDBOX_SECRET: secret });
    expect(printed.code).toBe(0);
    otherToken = printed.stdout.trim().split('\n').pop()!;
  }, 4 * MINUTES);
  afterAll(() => stopSandbox(sandbox), MINUTES);

  test('every operation with the tenant in its path has such a note, in both languages', () => {
    const tenantInPath = operations.filter((op) => op.path.includes('{tenantName}'));
    expect(tenantInPath.length).toBeGreaterThan(0);
    for (const op of tenantInPath) {
      for (const sample of [...samplesOf(op, 'TypeScript'), ...samplesOf(op, 'curl')]) {
        const [, name, value] = PLACEHOLDER_NOTE.exec(sample.source) ?? [];
        expect(name, `${op.operationId} ${sample.label}`).toBe('tenantName');
        expect(value, `${op.operationId} ${sample.label}`).toBe(sandbox.tenant);
      }
    }
  });

  test.each(withPlaceholder.map(({ op, sample }) => [`${op.operationId} (${sample.label})`, sample] as const))('%s', async (_, sample) => {
    const value = PLACEHOLDER_NOTE.exec(sample.source)![2]!;
    const asWritten = await runCurl(sample, sandbox.url, otherToken);
    expect(asWritten.status, 'as written, the example tenant is not the caller').toBe(404);
    // The reader's change: the example value in the URL's path becomes their own tenant.
    const changed = { ...sample, source: sample.source.split(`/${value}/`).join('/globex/') };
    const answer = await runCurl(changed, sandbox.url, otherToken);
    expect(answer.status, shown(answer.body, otherToken)).toBe(200);
  });
});
