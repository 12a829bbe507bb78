// `npx @vendor/api-mock verify`, run as a partner runs it (bin/api-mock.mjs runs the built dist/cli.js): exit 0 with
// no findings, 1 with findings, 2 for a usage error of one line naming the flag and the rule; the token only from
// VENDOR_API_TOKEN and in no output or file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../../src/cli/verify-options.js';
import { startMock, type RunningMock, type RunningSandbox } from '../../src/index.js';
import { CHECKS } from '../../src/verify/verify-types.js';
import { startDeviantServer, type DeviantServer } from '../verify/deviant-server.js';

const cli = fileURLToPath(new URL('../../bin/api-mock.mjs', import.meta.url));
const MINUTES = 60_000;
const TOKEN = 'verify-cli-secret-token-31';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runVerify(args: string[], env: Record<string, string | undefined> = { VENDOR_API_TOKEN: TOKEN }, onStderr?: (stderr: string, child: ChildProcess) => void): Promise<Finished> {
  // Its own process group, as a shell runs a command: Ctrl+C is SIGINT to the group.
  const child = spawn(process.execPath, [cli, 'verify', ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, VENDOR_API_TOKEN: undefined, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    onStderr?.(stderr, child);
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A server that answers `{}` to the first `answers` requests, then stops listening and drops its connections. */
async function startDyingServer(answers: number): Promise<{ url: string; close(): void }> {
  let count = 0;
  const server = createServer((_req, res) => {
    count += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (count === answers) {
      server.close();
      server.closeAllConnections();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
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
  let sandbox: RunningSandbox;
  let deviant: DeviantServer;
  let dir: string;

  beforeAll(async () => {
    [mock, sandbox, deviant, dir] = await Promise.all([
      startMock({ onWarning: () => {} }),
      startMock({ sandbox: { secret: 'verify-cli-sandbox-secret' }, onWarning: () => {} }),
      startDeviantServer(),
      mkdtemp(path.join(tmpdir(), 'verify-cli-')),
    ]);
  }, 5 * MINUTES);

  afterAll(async () => {
    await Promise.all([mock?.close(), sandbox?.close(), deviant?.close(), rm(dir, { recursive: true, force: true })]);
  });

  it('--list-checks prints every check with its description, without a target or a token', async () => {
    const run = await runVerify(['--list-checks'], {});
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual([...CHECKS]);
    for (const line of lines) expect(line).toMatch(/^\w+\s{2,}\S.{10,}$/);
    expect(run.stdout).toContain('not_a_server_error');
    expect(run.stdout).toContain('ignored_auth');
  });

  it('--checks applies only the checks named, --exclude-checks leaves out those named', async () => {
    const base = ['--base-url', deviant.url, '--seed', '7', '--cases', '10', '--operations', 'getTeam,getBatch', '--no-stateful'];
    const env = { VENDOR_API_TOKEN: deviant.token };
    const all = await runVerify(base, env);
    expect(all.code, all.stderr).toBe(1);
    const only = path.join(dir, 'only.json');
    const onlyRun = await runVerify([...base, '--checks', 'not_a_server_error,content_type_conformance', '--report', only], env);
    expect(onlyRun.code, onlyRun.stdout).toBe(0);
    expect(JSON.parse(await readFile(only, 'utf8')).checks).toEqual(['not_a_server_error', 'content_type_conformance']);
    const excluded = await runVerify([...base, '--exclude-checks', 'response_schema_conformance'], env);
    expect(excluded.code, excluded.stdout).toBe(0);
    const kept = await runVerify([...base, '--exclude-checks', 'not_a_server_error'], env);
    expect(kept.code, kept.stdout).toBe(1);
    expect(kept.stdout).toContain('### getTeam: response_schema_conformance (required) at body.data');
  });

  it('exits 3 with one line when the target does not answer', async () => {
    const run = await runVerify(['--base-url', 'http://127.0.0.1:9', '--cases', '5', '--no-stateful']);
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^@vendor\/api-mock verify: target unreachable: http:\/\/127\.0\.0\.1:9\/ gave no answer: fetch failed/)]);
    expect(run.stdout).not.toContain('finding');
  });

  it('exits 3 with one line when the token is refused on every operation', async () => {
    const run = await runVerify(['--base-url', sandbox.url, '--cases', '5', '--no-stateful'], { VENDOR_API_TOKEN: 'not-a-token-of-this-sandbox' });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^@vendor\/api-mock verify: the token was refused on every operation \(\d+ read operations answered 401\)$/)]);
  });

  it('exits 3 with one line when the token is refused on every operation of a run of writes alone (no read to ask first)', async () => {
    const run = await runVerify(['--base-url', sandbox.url, '--cases', '5', '--no-stateful', '--operations', 'createSecretGroup,createOrUpdateMcpServer'], { VENDOR_API_TOKEN: 'not-a-token-of-this-sandbox' });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('@vendor/api-mock verify: the token was refused on every operation (all 2 operations run answered only 401 or 403)');
    expect(run.stdout).not.toContain('valid-refused');
  });

  it('stops with exit 3 when the target stops answering mid-run, and shrinks nothing against it', async () => {
    const dying = await startDyingServer(40);
    try {
      const run = await runVerify(['--base-url', dying.url, '--seed', '3', '--cases', '30', '--no-stateful']);
      expect(run.code, run.stdout + run.stderr).toBe(3);
      expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^@vendor\/api-mock verify: target unreachable: it stopped answering \(no answer/);
      expect(run.stdout).not.toContain('shrunk in');
    } finally {
      dying.close();
    }
  });

  it('a selection that leaves nothing to run is a usage error naming why', async () => {
    const run = await runVerify(['--base-url', mock.url, '--operations', 'deleteMlRepo']);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual(['@vendor/api-mock verify: --operations: nothing to run: deleteMlRepo is destructive (x-destructive); add --include-destructive to run it']);
  });

  it('on Ctrl+C writes the partial JSON, JUnit and Markdown reports, says it was interrupted and exits 130', async () => {
    const report = path.join(dir, 'interrupted.json');
    const junit = path.join(dir, 'interrupted.xml');
    const markdown = path.join(dir, 'interrupted.md');
    let sent = false;
    // Interrupted once the second operation has started: the first one's cases are in the reports.
    const run = await runVerify(
      ['--base-url', mock.url, '--seed', '2', '--cases', '40', '--rate', '40', '--no-stateful', '--report', report, '--junit', junit, '--markdown', markdown],
      { VENDOR_API_TOKEN: TOKEN },
      (stderr, child) => {
        if (sent || !stderr.includes('[2/')) return;
        sent = true;
        process.kill(-child.pid!, 'SIGINT');
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(run.stderr).toContain('the run was interrupted');
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.stopped.reason).toBe('interrupted');
    expect(json.totals.cases).toBeGreaterThan(0);
    expect(json.operations.length).toBeLessThan(15);
    expect(await readFile(junit, 'utf8')).toContain('<testsuites name="verify"');
    expect(await readFile(markdown, 'utf8')).toContain('(interrupted)');
  });

  it('exits 0 against the stateless mock, prints the seed first and writes the JSON and JUnit reports', async () => {
    const report = path.join(dir, 'report.json');
    const junit = path.join(dir, 'junit.xml');
    const run = await runVerify(['--base-url', mock.url, '--seed', '5', '--cases', '20', '--operations', 'getTeam,createSecretGroup', '--no-stateful', '--report', report, '--junit', junit]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(new RegExp(`^verify: seed 5, run ([a-z0-9]{6}) \\(replay with --seed 5 --run \\1\\); 20 cases per operation against ${mock.url}/$`));
    expect(run.stdout).toContain('# verify: no findings');
    const json = JSON.parse(await readFile(report, 'utf8'));
    expect(json.operations.map((op: { operationId: string }) => op.operationId)).toEqual(['createSecretGroup', 'getTeam']);
    expect(json.totals.findings).toBe(0);
    expect(await readFile(junit, 'utf8')).toContain('<testcase classname="getTeam" name="getTeam ignored_auth"/>');
    expect(json.run).toMatch(/^[a-z0-9]{6}$/);
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
    [['--base-url', 'http://127.0.0.1:9', '--checks', 'not_a_server_error,no_such_check'], {}, '--checks: no_such_check is not a check (verify --list-checks lists them)'],
    [['--base-url', 'http://127.0.0.1:9', '--exclude-checks', 'authentication'], {}, '--exclude-checks: authentication is not a check (verify --list-checks lists them)'],
    [['--base-url', 'http://127.0.0.1:9', '--run', 'Not-A-Run'], {}, '--run must be 1 to 12 lower-case letters or digits'],
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
