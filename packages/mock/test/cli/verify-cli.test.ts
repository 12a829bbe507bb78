// `npx @vendor/api-mock verify`, run as a partner runs it (bin/api-mock.mjs runs the built dist/cli.js): exit 0 with
// no findings, 1 with findings, 2 for a usage error of one line naming the flag and the rule; the token only from
// VENDOR_API_TOKEN and in no output or file.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../../src/cli/verify-options.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { startDeviantServer, type DeviantServer } from '../verify/deviant-server.js';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const MINUTES = 60_000;
const TOKEN = 'verify-cli-secret-token-31';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runVerify(args: string[], env: Record<string, string | undefined> = { VENDOR_API_TOKEN: TOKEN }): Promise<Finished> {
  const child = spawn(process.execPath, [cli, 'verify', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, VENDOR_API_TOKEN: undefined, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('verify flags', () => {
  const env = { VENDOR_API_TOKEN: TOKEN };

  it('reads every flag of the interface', () => {
    const options = parseVerifyArgs(
      ['--base-url', 'http://a.test', '--gateway-base-url=http://g.test', '--seed', '9', '--cases', '60', '--operations', 'getTeam,getMcpServer', '--include-destructive', '--no-stateful', '--concurrency', '4', '--rate', '2.5', '--report', 'r.json', '--junit', 'j.xml'],
      env,
    );
    expect(options).toMatchObject({
      baseUrl: 'http://a.test',
      gatewayBaseUrl: 'http://g.test',
      token: TOKEN,
      seed: 9,
      cases: 60,
      operations: ['getTeam', 'getMcpServer'],
      includeDestructive: true,
      stateful: false,
      concurrency: 4,
      rate: 2.5,
      report: 'r.json',
      junit: 'j.xml',
    });
    expect(parseVerifyArgs(['--base-url', 'http://a.test'], env)).toMatchObject({ cases: 50, includeDestructive: false, stateful: true });
  });

  it.each([
    [['--cases', '0'], /^--cases must be a whole number from 1 to 100000 \(got 0\)$/],
    [['--seed', '-1'], /^--seed must be a whole number from 0 to 2147483647/],
    [['--rate', 'fast'], /^--rate must be requests per second above 0/],
    [['--operations', 'get team'], /^--operations must be operationIds separated by commas/],
    [['--base-url', 'ftp://x.test'], /^--base-url must be an http\(s\) URL/],
  ])('refuses %j naming the flag and the rule', (args, message) => {
    const argv = args[0] === '--base-url' ? args : ['--base-url', 'http://a.test', ...args];
    expect(() => parseVerifyArgs(argv, env)).toThrow(message);
  });

  it('needs the token in VENDOR_API_TOKEN, and has no flag for it', () => {
    expect(() => parseVerifyArgs(['--base-url', 'http://a.test'], {})).toThrow(/^set the token in the VENDOR_API_TOKEN environment variable/);
    expect(() => parseVerifyArgs(['--base-url', 'http://a.test', '--token', TOKEN], env)).toThrow(/^unknown option --token/);
  });
});

describe('npx @vendor/api-mock verify', () => {
  let mock: RunningMock;
  let deviant: DeviantServer;
  let dir: string;

  beforeAll(async () => {
    [mock, deviant, dir] = await Promise.all([startMock({ onWarning: () => {} }), startDeviantServer(), mkdtemp(path.join(tmpdir(), 'verify-cli-'))]);
  }, 5 * MINUTES);

  afterAll(async () => {
    await Promise.all([mock?.close(), deviant?.close(), rm(dir, { recursive: true, force: true })]);
  });

  it('exits 0 against the stateless mock, prints the seed first and writes the JSON and JUnit reports', async () => {
    const report = path.join(dir, 'report.json');
    const junit = path.join(dir, 'junit.xml');
    const run = await runVerify(['--base-url', mock.url, '--seed', '5', '--cases', '20', '--operations', 'getTeam,createSecretGroup', '--no-stateful', '--report', report, '--junit', junit]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(`verify: seed 5 (replay with --seed 5); 20 cases per operation against ${mock.url}/`);
    expect(run.stdout).toContain('# verify: no findings');
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.operations.map((op: { operationId: string }) => op.operationId)).toEqual(['createSecretGroup', 'getTeam']);
    expect(json.totals.findings).toBe(0);
    expect(await readFile(junit, 'utf8')).toContain('<testcase classname="getTeam" name="getTeam authentication"/>');
    for (const text of [run.stdout, run.stderr, await readFile(report, 'utf8'), await readFile(junit, 'utf8')]) expect(text).not.toContain(TOKEN);
  });

  it('exits 1 with findings, each with its curl line and the token as $VENDOR_API_TOKEN', async () => {
    const run = await runVerify(['--base-url', deviant.url, '--seed', '7', '--cases', '20', '--operations', 'getTeam,getBatch', '--no-stateful'], { VENDOR_API_TOKEN: deviant.token });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('### getTeam: response_schema_conformance (required) at body.data');
    expect(run.stdout).toContain('### getBatch: response_schema_conformance (type) at body.id');
    expect(run.stdout).toContain('-H "Authorization: Bearer $VENDOR_API_TOKEN"');
    expect(run.stdout + run.stderr).not.toContain(deviant.token);
  });

  it('lists destructive operations as skipped without --include-destructive', async () => {
    const run = await runVerify(['--base-url', mock.url, '--seed', '1', '--cases', '5', '--operations', 'getTeam,deleteMlRepo,changePassword', '--no-stateful']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('## Skipped');
    expect(run.stdout).toContain('- deleteMlRepo: destructive (x-destructive): run with --include-destructive');
    expect(run.stdout).toContain('- changePassword: destructive');
    expect(run.stdout).not.toContain('| deleteMlRepo |');
  });

  it.each([
    [['--base-url', 'http://127.0.0.1:9', '--cases', 'many'], {}, '--cases must be a whole number from 1 to 100000 (got many)'],
    [['--base-url', 'http://127.0.0.1:9', '--operations', 'getTeam,getNothing'], {}, '--operations: getNothing is not an operation of the spec'],
    [['--base-url', 'http://127.0.0.1:9'], { VENDOR_API_TOKEN: '' }, 'set the token in the VENDOR_API_TOKEN environment variable'],
  ])('exits 2 with one line for %j', async (args, env, message) => {
    const run = await runVerify(args, { VENDOR_API_TOKEN: TOKEN, ...env });
    expect(run.code).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(lines[0]!.startsWith('@vendor/api-mock verify: ')).toBe(true);
    expect(run.stderr).not.toContain(TOKEN);
  });
});
