// `npm run verify`: verify against openapi/spec.yaml as authored, so its report gives provenance verdicts for the
// spec's x-provenance markers (the published bundle has none). Runs scripts/verify.mjs against the stateless mock.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMock, type RunningMock, type RunningSandbox } from '@vendor/api-mock';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'verify-script-token-31c4';

let mock: RunningMock;
let sandbox: RunningSandbox;
let dir: string;

beforeAll(async () => {
  [mock, sandbox, dir] = await Promise.all([
    startMock({ onWarning: () => {} }),
    startMock({ sandbox: { secret: 'verify-script-sandbox-secret' }, onWarning: () => {} }),
    mkdtemp(path.join(tmpdir(), 'verify-script-')),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([mock?.close(), sandbox?.close(), rm(dir, { recursive: true, force: true })]);
});

/** scripts/verify.mjs with `args`, the token in VENDOR_API_TOKEN; its exit code and everything it printed. */
async function runScript(args: string[], token: string): Promise<{ code: unknown; output: string }> {
  const child = spawn(process.execPath, ['scripts/verify.mjs', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, VENDOR_API_TOKEN: token } });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  return { code, output };
}

describe('npm run verify', () => {
  test('reports which x-provenance markers the answers confirmed, and never the token', async () => {
    const report = path.join(dir, 'report.json');
    const args = ['scripts/verify.mjs', '--base-url', mock.url, '--seed', '4', '--cases', '10', '--operations', 'getTeam,getFile', '--no-stateful', '--report', report];
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, VENDOR_API_TOKEN: TOKEN } });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code, output).toBe(0);
    expect(output).toContain('## Provenance');
    // getFile's 400 for a missing provider header is an assumption of the spec; the mock answers it as documented.
    expect(output).toContain('- confirmed: #/paths/~1files~1{id}/get/responses/400 (assumption) by getFile at 400');
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.provenance.length).toBeGreaterThan(0);
    expect(json.provenance.every((entry: { verdict: string }) => entry.verdict === 'confirmed')).toBe(true);
    expect(output + JSON.stringify(json)).not.toContain(TOKEN);
  }, 180_000);

  test('against a fresh sandbox, contradicts no marker: a refusal the state explains (a repo that does not exist) is no contradiction', async () => {
    const report = path.join(dir, 'sandbox.json');
    const { code, output } = await runScript(['--base-url', sandbox.url, '--seed', '4', '--cases', '30', '--report', report], await sandbox.token('acme'));
    expect(code, output).toBe(0);
    const json = JSON.parse(await readFile(report, 'utf8'));
    // Enough was exercised for the verdicts to mean something.
    expect(json.provenance.length).toBeGreaterThan(50);
    const contradicted = json.provenance.filter((entry: { verdict: string }) => entry.verdict === 'contradicted');
    expect(contradicted, output).toEqual([]);
    expect(output).toMatch(/\d+ marked facts exercised: \d+ confirmed, 0 contradicted\./);
  }, 600_000);
});
