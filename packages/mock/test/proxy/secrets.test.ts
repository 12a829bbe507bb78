// "Neither logs, report, recordings nor error messages ever contain a token, password or secret value": known
// secrets are sent through the validation proxy, run in this process (startProxy, warnings captured) and as the CLI
// (stdout and stderr captured, --record DIR, --report FILE, the Markdown summary printed on SIGTERM), in front of
// (a) the sandbox, (b) a deviant upstream that echoes secrets under secret keys inside answers that break the
// contract, and (c) unreachable upstreams whose URLs carry a password in their userinfo; each pass-through and
// --strict. Then every output is searched for every secret: none may hold one. Each output must also be non-empty
// and name the operations, so that the search is not vacuous.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, startProxy, type ProxyReport, type RunningSandbox } from '../../src/index.js';
import { firstSuccess, loadModel, validRequest } from '../helpers/spec.js';
import { listeningUrl, MINUTES, runProxyCli, stopProxyCli, type ProxyCli } from './proxy-cli.js';
import { closedPort, json, startUpstreamDouble, type Answer, type SeenRequest, type UpstreamDouble } from './upstream-double.js';

const model = loadModel();
const TEAM_ID = 'jqfwg345gi25n5ju2yz5iz6m';
const GET_FILE = new URL(validRequest('http://x', model.operation('getFile')).url);

// The secrets the client sends (besides the sandbox's token, known once it is issued).
const OLD_PASSWORD = 'old-Pa55word-e2e-4471';
const NEW_PASSWORD = 'new-Pa55word-e2e-9182';
const SHORT_PASSWORD = 'Sh0rt-7';
const SECRET_VALUE = 'sk-live-e2e-secret-value-5550';
const API_KEY = 'key-live-e2e-31415926';
const SESSION = 'sess-e2e-27182818';
const FORGED_TOKEN = 'forged-e2e-token-16180339';
// Only the deviant upstream knows these: it echoes them under secret keys (and once elsewhere).
const UPSTREAM_SECRET = 'upstream-secret-e2e-8080';
const UPSTREAM_TOKEN = 'upstream-token-e2e-4242';
// The password in the upstream URLs' userinfo.
const USERINFO_PASSWORD = 'userinfo-passw0rd-e2e-3131';

/** Answers of the deviant upstream carry this header: their bodies are the upstream's own, passed on as they came. */
const ECHO_HEADER = 'x-upstream-echo';

// ------------------------------------------------------------------------------------------------ the requests

interface ClientRequest {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** JSON unless `raw` */
  body?: unknown;
  raw?: { contentType: string; text: string };
  /** replaces the bearer token */
  authorization?: string;
}

function requests(): ClientRequest[] {
  const passwords = { loginId: 'ada@acme.example', oldPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD };
  const group = { name: 'e2e-keys', integrationId: 'acme:aws:secrets-manager', secrets: [{ key: 'OPENAI_API_KEY', value: SECRET_VALUE }] };
  return [
    { label: 'changePassword', method: 'POST', path: '/api/svc/v1/users/change-password', body: passwords },
    // the new password again under a key no rule knows: a finding there (additionalProperties) must not show it
    { label: 'changePassword, extra field', method: 'POST', path: '/api/svc/v1/users/change-password', body: { ...passwords, note: NEW_PASSWORD } },
    { label: 'changePassword, short password', method: 'POST', path: '/api/svc/v1/users/change-password', body: { ...passwords, newPassword: SHORT_PASSWORD } },
    {
      label: 'changePassword, form-encoded',
      method: 'POST',
      path: '/api/svc/v1/users/change-password',
      raw: { contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams(passwords).toString() },
    },
    {
      label: 'changePassword, malformed JSON',
      method: 'POST',
      path: '/api/svc/v1/users/change-password',
      raw: { contentType: 'application/json', text: JSON.stringify(passwords).slice(0, -1) },
    },
    { label: 'createSecretGroup', method: 'POST', path: '/api/svc/v1/secret-groups', body: group },
    {
      label: 'createSecretGroup, invalid',
      method: 'POST',
      path: '/api/svc/v1/secret-groups',
      body: { name: 'e2e-bad', integrationId: '', secrets: [{ key: 'K', value: SECRET_VALUE, comment: SECRET_VALUE }], description: SECRET_VALUE },
    },
    { label: 'getTeam, token in the query too', method: 'GET', path: `/api/svc/v1/teams/${TEAM_ID}?access_token=${API_KEY}` },
    { label: 'getTeam, forged token', method: 'GET', path: `/api/svc/v1/teams/${TEAM_ID}`, authorization: `Bearer ${FORGED_TOKEN}` },
    { label: 'getTeam, answer broken off', method: 'GET', path: '/api/svc/v1/teams/broken-off' },
    { label: 'getFile (gateway)', method: 'GET', path: `${GET_FILE.pathname}${GET_FILE.search}`, headers: { 'x-vendor-provider-name': 'openai' } },
    { label: 'not in the spec', method: 'GET', path: `/api/svc/v1/not-in-the-spec?api_key=${API_KEY}` },
  ];
}

/** The operations the requests name: every output that covers them all must mention each. */
const OPERATIONS = ['changePassword', 'createSecretGroup', 'getTeam', 'getFile'];

interface Received {
  label: string;
  status: number;
  /** status line, headers and body as one text */
  text: string;
  /** the deviant upstream's own answer, passed on unchanged (it echoes secrets: that is the upstream's doing) */
  upstreamEcho: boolean;
}

async function send(base: string, token: string, request: ClientRequest): Promise<Received> {
  const headers: Record<string, string> = {
    authorization: request.authorization ?? `Bearer ${token}`,
    'x-api-key': API_KEY,
    cookie: `session=${SESSION}`,
    ...request.headers,
  };
  let body: string | undefined;
  if (request.raw !== undefined) {
    headers['content-type'] = request.raw.contentType;
    body = request.raw.text;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const answer = await fetch(`${base}${request.path}`, { method: request.method, headers, body });
  const text = await answer.text();
  const headerLines = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  return { label: request.label, status: answer.status, text: `${answer.status}\n${headerLines}\n\n${text}`, upstreamEcho: answer.headers.has(ECHO_HEADER) };
}

// ------------------------------------------------------------------------------------------------ the deviant upstream

function echo(status: number, body: unknown): Answer {
  return json(status, body, { [ECHO_HEADER]: '1' });
}

/** The documented created group, echoing the sent secret and the upstream's own, with findings all around them. */
function deviantSecretGroup(): unknown {
  const body = structuredClone(firstSuccess(model.operation('createSecretGroup')).example) as any;
  const [first] = body.data.associatedSecrets;
  first.value = SECRET_VALUE;
  first.secretVersions[0].value = { raw: UPSTREAM_SECRET }; // type, under a secret key
  body.data.associatedSecrets.push({ ...first, id: 'second', value: UPSTREAM_SECRET, secretVersions: [] });
  body.data.createdBySubject.subjectPatName = { name: UPSTREAM_SECRET }; // type, under a key no rule knows
  delete body.data.createdBySubject.subjectId; // required
  body.data.createdAt = 12345; // type
  return body;
}

/** The passwords a changePassword request sent, read as the upstream reads them (JSON or a form). */
function sentPasswords(request: SeenRequest): { oldPassword: string; newPassword: string } {
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    fields = Object.fromEntries(new URLSearchParams(request.body));
  }
  return { oldPassword: String(fields.oldPassword ?? ''), newPassword: String(fields.newPassword ?? '') };
}

/**
 * A 400 to changePassword in a broken ControlPlaneError: it echoes the passwords it was sent under secret keys,
 * and quotes them in its message and under a key no rule knows.
 */
function deviantPasswordError(request: SeenRequest): unknown {
  const { oldPassword, newPassword } = sentPasswords(request);
  return {
    statusCode: '400', // type
    message: `The old password ${oldPassword} is incorrect; ${newPassword} was not set`,
    details: [{ path: { field: 'oldPassword', got: oldPassword }, rule: 'match', message: 'does not match', oldPassword, newPassword }], // type at path
  };
}

/** The documented team echoing the caller's token where it does not belong, and the upstream's own token. */
function deviantTeam(request: SeenRequest): unknown {
  const callerToken = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  const body = structuredClone(firstSuccess(model.operation('getTeam')).example) as any;
  body.data.description = { text: 'see the key', apiKey: UPSTREAM_TOKEN }; // type; apiKey is a secret key
  body.data.roles = callerToken; // type: the caller's token echoed where an array belongs
  body.data.metadata.scimExternalId = UPSTREAM_TOKEN; // valid, but a secret seen elsewhere in the answer
  body.data.isEditable = 'yes'; // type
  return body;
}

/** An answer computed from the request. */
function echoOf(status: number, bodyOf: (request: SeenRequest) => unknown): Answer {
  return (res, request) => echo(status, bodyOf(request))(res, request);
}

function deviantRoutes(): Record<string, Answer> {
  return {
    'POST /api/svc/v1/users/change-password': echoOf(400, deviantPasswordError),
    'POST /api/svc/v1/secret-groups': echo(200, deviantSecretGroup()),
    [`GET /api/svc/v1/teams/${TEAM_ID}`]: echoOf(200, deviantTeam),
    'GET /api/svc/v1/teams/broken-off': (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000, [ECHO_HEADER]: '1' });
      res.write(`{"data":{"id":"broken-off","password":"${OLD_PASSWORD}","description":"${SECRET_VALUE}"`);
      setImmediate(() => res.destroy());
    },
    [`GET ${GET_FILE.pathname}`]: echo(200, { ...(firstSuccess(model.operation('getFile')).example as object), filename: 12, api_key: UPSTREAM_SECRET }),
    'GET /api/svc/v1/not-in-the-spec': echo(404, { statusCode: 404, message: 'Not found', token: UPSTREAM_TOKEN }),
  };
}

// ------------------------------------------------------------------------------------------------ running the proxy

type Upstream = 'sandbox' | 'deviant' | 'unreachable';

interface Scenario {
  name: string;
  upstream: Upstream;
  strict: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'sandbox', upstream: 'sandbox', strict: false },
  { name: 'sandbox --strict', upstream: 'sandbox', strict: true },
  { name: 'deviant', upstream: 'deviant', strict: false },
  { name: 'deviant --strict', upstream: 'deviant', strict: true },
  { name: 'unreachable', upstream: 'unreachable', strict: false },
];

/** One run of the proxy: everything it wrote or answered, by where it came from. */
interface Run {
  scenario: Scenario;
  how: 'startProxy' | 'CLI';
  received: Received[];
  /** label -> text: logs, warnings, reports, recorded files, answers */
  outputs: Map<string, string>;
  report: ProxyReport;
  recordedFiles: string[];
}

/** Every file under `dir` (none when it was never made), relative to it, with / separators. */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** `http://user:password@host:port`: the proxy must use the host and port, and show nothing else. */
function withUserinfo(url: string, user: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = USERINFO_PASSWORD;
  return parsed.toString().replace(/\/$/, '');
}

describe('no secret in any output of the proxy', { timeout: 15 * MINUTES }, () => {
  let sandbox: RunningSandbox;
  let deviant: UpstreamDouble;
  let token: string;
  let root: string;
  let secrets: Record<string, string>;
  const upstreams = {} as Record<Upstream, { upstream: string; gatewayUpstream?: string }>;
  const runs: Run[] = [];
  const clis: ProxyCli[] = [];

  /** The outputs every run has: its answers, and the files it wrote. */
  async function commonOutputs(run: Omit<Run, 'outputs' | 'recordedFiles'>, recordDir: string, reportFile: string, outputs: Map<string, string>) {
    for (const [i, received] of run.received.entries()) {
      if (!received.upstreamEcho) outputs.set(`answer ${i + 1} (${received.label})`, received.text);
    }
    outputs.set('GET /_proxy/report', JSON.stringify(run.report));
    outputs.set('--report file', await readFile(reportFile, 'utf8'));
    const recordedFiles = await filesUnder(recordDir);
    for (const file of recordedFiles) outputs.set(`recorded ${file}`, await readFile(path.join(recordDir, file), 'utf8'));
    return recordedFiles;
  }

  async function runInProcess(scenario: Scenario, recordDir: string, reportFile: string): Promise<Run> {
    const warnings: string[] = [];
    const proxy = await startProxy({
      ...upstreams[scenario.upstream],
      strict: scenario.strict,
      record: recordDir,
      report: reportFile,
      onWarning: (line) => warnings.push(line),
    });
    const received: Received[] = [];
    let report: ProxyReport;
    try {
      for (const request of requests()) received.push(await send(proxy.url, token, request));
      report = (await (await fetch(`${proxy.url}/_proxy/report`)).json()) as ProxyReport;
    } finally {
      await proxy.close();
    }
    const outputs = new Map<string, string>([
      ['warnings', warnings.join('\n')],
      ['Markdown summary', proxy.markdown()],
    ]);
    const run = { scenario, how: 'startProxy' as const, received, report };
    const recordedFiles = await commonOutputs(run, recordDir, reportFile, outputs);
    return { ...run, outputs, recordedFiles };
  }

  async function runCli(scenario: Scenario, recordDir: string, reportFile: string): Promise<Run> {
    const { upstream, gatewayUpstream } = upstreams[scenario.upstream];
    const args = ['--upstream', upstream, '--port', '0', '--record', recordDir, '--report', reportFile];
    if (gatewayUpstream !== undefined) args.push('--gateway-upstream', gatewayUpstream);
    if (scenario.strict) args.push('--strict');
    const cli = runProxyCli(args);
    clis.push(cli);
    const url = await listeningUrl(cli);
    const received: Received[] = [];
    for (const request of requests()) received.push(await send(url, token, request));
    const report = (await (await fetch(`${url}/_proxy/report`)).json()) as ProxyReport;
    expect(await stopProxyCli(cli), `${scenario.name}: exit code\n${cli.stderr()}`).toBe(0);
    const outputs = new Map<string, string>([
      ['CLI stdout', cli.stdout()],
      ['CLI stderr', cli.stderr()],
    ]);
    const run = { scenario, how: 'CLI' as const, received, report };
    const recordedFiles = await commonOutputs(run, recordDir, reportFile, outputs);
    return { ...run, outputs, recordedFiles };
  }

  beforeAll(async () => {
    sandbox = await startMock({ sandbox: {}, onWarning: () => {} });
    token = await sandbox.token('acme');
    deviant = await startUpstreamDouble(deviantRoutes());
    root = await mkdtemp(path.join(tmpdir(), 'proxy-secrets-'));
    secrets = {
      token,
      // a token's signature alone is as secret as the whole
      'token signature': token.split('.').at(-1)!,
      'forged token': FORGED_TOKEN,
      'old password': OLD_PASSWORD,
      'new password': NEW_PASSWORD,
      'short password': SHORT_PASSWORD,
      'secret value': SECRET_VALUE,
      'API key': API_KEY,
      'session cookie': SESSION,
      "upstream's secret": UPSTREAM_SECRET,
      "upstream's token": UPSTREAM_TOKEN,
      'userinfo password': USERINFO_PASSWORD,
    };
    upstreams.sandbox = { upstream: withUserinfo(sandbox.url, 'operator') };
    upstreams.deviant = { upstream: withUserinfo(deviant.url, 'operator') };
    upstreams.unreachable = {
      upstream: `${withUserinfo(`http://127.0.0.1:${await closedPort()}`, 'operator')}/prefix`,
      gatewayUpstream: withUserinfo(`http://127.0.0.1:${await closedPort()}`, 'gateway-operator'),
    };

    // In this process one after the other, the CLI runs side by side: each has its own DIR and FILE.
    for (const scenario of SCENARIOS) {
      const dir = path.join(root, 'in-process', scenario.name.replace(/\W+/g, '-'));
      runs.push(await runInProcess(scenario, path.join(dir, 'recorded'), path.join(dir, 'report.json')));
    }
    const cliRuns = await Promise.all(
      SCENARIOS.map((scenario) => {
        const dir = path.join(root, 'cli', scenario.name.replace(/\W+/g, '-'));
        return runCli(scenario, path.join(dir, 'recorded'), path.join(dir, 'report.json'));
      }),
    );
    runs.push(...cliRuns);
  }, 15 * MINUTES);

  afterAll(async () => {
    await Promise.all(clis.map((cli) => stopProxyCli(cli)));
    await sandbox?.close();
    await deviant?.close();
    if (root !== undefined) await rm(root, { recursive: true, force: true });
  });

  const runOf = (how: Run['how'], name: string) => runs.find((run) => run.how === how && run.scenario.name === name)!;
  /** Built before the runs are: each test looks its run up when it runs. */
  const allRuns = (['startProxy', 'CLI'] as const).flatMap((how) => SCENARIOS.map((scenario) => [how, scenario.name] as const));

  it('every output of every run is free of every known secret', () => {
    expect(runs).toHaveLength(2 * SCENARIOS.length);
    const leaks: string[] = [];
    let searched = 0;
    for (const run of runs) {
      for (const [label, text] of run.outputs) {
        searched += 1;
        for (const [name, secret] of Object.entries(secrets)) {
          const found = leakedPart(text, secret);
          if (found !== undefined) leaks.push(`${run.how} ${run.scenario.name}, ${label}: the ${name}${found === secret ? '' : ' (in part)'}\n    ${excerptAround(text, found)}`);
        }
      }
    }
    expect(searched).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });

  it.each(allRuns)('%s %s: its report counts every request and names the operations', (how, name) => {
    const run = runOf(how, name);
    expect(run, `${how} ${name}`).toBeDefined();
    const sent = requests().length;
    expect(run.report.totals.exchanges).toBe(sent);
    expect(run.report.operations.map((operation) => operation.operationId).sort()).toEqual([...OPERATIONS].sort());
    expect(run.report.unknownOperations.map(({ method, path: unknownPath }) => `${method} ${unknownPath}`)).toEqual(['GET /api/svc/v1/not-in-the-spec']);
    expect(JSON.parse(run.outputs.get('--report file')!)).toEqual(run.report);
    // Nothing failed: the warnings searched are none here (the blocked recorder below makes some).
    if (run.how === 'startProxy') expect(run.outputs.get('warnings')).toBe('');
    else expect(run.outputs.get('CLI stderr')).not.toContain('WARN');
    for (const [label, text] of run.outputs) {
      if (label.startsWith('answer') || label.startsWith('recorded')) expect(text, label).not.toBe('');
    }
  });

  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('CLI %s: stdout logs each exchange, stderr prints the summary, banner shows hosts only', (name, scenario) => {
    const run = runOf('CLI', name);
    const stdout = run.outputs.get('CLI stdout')!;
    const stderr = run.outputs.get('CLI stderr')!;
    expect(stdout).toMatch(/Validation proxy listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toContain(`control plane upstream:  ${new URL(upstreams[scenario.upstream].upstream).host}`);
    expect(stdout).toContain('SIGTERM: stopping the proxy');
    for (const operation of OPERATIONS) expect(stdout, operation).toMatch(new RegExp(`^(GET|POST) \\S+ \\d{3} [\\d.]+ms ${operation}`, 'm'));
    expect(stdout).toMatch(/^GET \/api\/svc\/v1\/not-in-the-spec \d{3} [\d.]+ms not in the spec/m);
    expect(stderr).toContain('# API proxy report');
    expect(stderr).toContain(`${requests().length} exchanges`);
    for (const operation of OPERATIONS) expect(stderr, operation).toContain(operation);
  });

  it.each(SCENARIOS.map((scenario) => [scenario.name, scenario] as const))('startProxy %s: the Markdown names the operations', (name) => {
    const markdown = runOf('startProxy', name).outputs.get('Markdown summary')!;
    expect(markdown).toContain(`${requests().length} exchanges`);
    for (const operation of OPERATIONS) expect(markdown, operation).toContain(operation);
  });

  it('findings name the fields that held secrets, and their samples show *** in place of the values', () => {
    for (const how of ['startProxy', 'CLI'] as const) {
      const report = runOf(how, 'deviant').report;
      const findingsOf = (operationId: string) => report.operations.find((operation) => operation.operationId === operationId)!.findings;
      const sampleAt = (operationId: string, at: string) => {
        const found = findingsOf(operationId).find((finding) => finding.path === at);
        expect(found, `${how}: ${operationId} ${at} among ${findingsOf(operationId).map((finding) => finding.path)}`).toBeDefined();
        return found!.sample;
      };
      // request findings
      expect(sampleAt('changePassword', 'body.note')).toMatchObject({ excerpt: '"***"' });
      expect(sampleAt('changePassword', 'body.newPassword')).toMatchObject({ excerpt: '"***"' });
      expect(sampleAt('createSecretGroup', 'body.description')).toMatchObject({ excerpt: '"***"' });
      // response findings: the upstream's echoes
      expect(sampleAt('changePassword', 'body.details[].path').excerpt).toBe('{"field":"oldPassword","got":"***"}');
      expect(sampleAt('createSecretGroup', 'body.data.associatedSecrets[].secretVersions[].value').excerpt).toBe('{"raw":"***"}');
      expect(sampleAt('createSecretGroup', 'body.data.createdBySubject.subjectPatName').excerpt).toBe('{"name":"***"}');
      expect(sampleAt('getTeam', 'body.data.description').excerpt).toBe('{"text":"see the key","apiKey":"***"}');
      expect(sampleAt('getTeam', 'body.data.roles').excerpt).toBe('"***"');
    }
  });

  it('the secrets did pass through: the upstreams got them, and the deviant one echoed them to the client', () => {
    const seen = deviant.seen.map((request) => `${JSON.stringify(request.headers)}\n${request.target}\n${request.body}`).join('\n');
    for (const secret of [token, OLD_PASSWORD, NEW_PASSWORD, SECRET_VALUE, API_KEY, SESSION]) expect(seen).toContain(secret);
    expect(seen).not.toContain(USERINFO_PASSWORD);
    expect(sandbox.requests('acme').length).toBeGreaterThan(0);
    for (const how of ['startProxy', 'CLI'] as const) {
      const echoed = runOf(how, 'deviant')
        .received.filter((received) => received.upstreamEcho)
        .map((received) => received.text)
        .join('\n');
      for (const secret of [OLD_PASSWORD, SECRET_VALUE, UPSTREAM_SECRET, UPSTREAM_TOKEN, token]) expect(echoed, how).toContain(secret);
    }
  });

  it('the error answers searched include 502s of every kind and the strict 400s', () => {
    for (const how of ['startProxy', 'CLI'] as const) {
      const answers = (name: string, status: number) => runOf(how, name).received.filter((received) => received.status === status && !received.upstreamEcho);
      // unreachable: every request, the host named
      const unreachable = answers('unreachable', 502);
      expect(unreachable, how).toHaveLength(requests().length);
      for (const received of unreachable) expect(received.text).toMatch(/127\.0\.0\.1:\d+|connection refused/);
      // the upstream broke off an answer holding secrets
      expect(answers('deviant', 502).map((received) => received.label), how).toEqual(['getTeam, answer broken off']);
      // strict: broken answers replaced by a 502 listing the findings (the fields, not the values)
      const strict502 = answers('deviant --strict', 502);
      expect(strict502.length, how).toBeGreaterThanOrEqual(4);
      expect(strict502.map((received) => received.text).join('\n')).toContain('subjectPatName');
      // strict: invalid requests refused by the proxy itself, naming the fields
      const refused = (label: string) => runOf(how, 'sandbox --strict').received.find((received) => received.label === label)!;
      expect(refused('changePassword, short password').text, how).toMatch(/^400\n[^]*body\.newPassword[^]*minLength/);
      expect(refused('changePassword, extra field').text, how).toMatch(/^400\n[^]*body\.note[^]*additionalProperties/);
      expect(refused('createSecretGroup, invalid').text, how).toMatch(/^4\d\d\n[^]*body\.description[^]*body\.integrationId|^4\d\d\n[^]*body\.integrationId[^]*body\.description/);
    }
  });

  it('recorded what the upstreams answered, and nothing of the unreachable ones', () => {
    for (const how of ['startProxy', 'CLI'] as const) {
      for (const name of ['sandbox', 'deviant', 'deviant --strict']) {
        const files = runOf(how, name).recordedFiles;
        for (const operation of ['changePassword', 'createSecretGroup', 'getTeam']) {
          expect(files.some((file) => file.startsWith(`${operation}/`)), `${how} ${name}: ${operation} in ${files}`).toBe(true);
        }
      }
      expect(runOf(how, 'unreachable').recordedFiles).toEqual([]);
    }
  });

  it("a recorder that cannot write warns, and the warning holds no secret either", async () => {
    const blocked = path.join(root, 'blocked');
    await writeFile(blocked, 'not a directory');
    const warnings: string[] = [];
    const proxy = await startProxy({ ...upstreams.sandbox, record: blocked, onWarning: (line) => warnings.push(line) });
    try {
      for (const request of requests()) await send(proxy.url, token, request);
    } finally {
      await proxy.close();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^exchange recorder: could not record an example in .*blocked.*(changePassword|createSecretGroup|getTeam|getFile)/);
    for (const [name, secret] of Object.entries(secrets)) expect(leakedPart(warnings.join('\n'), secret), name).toBeUndefined();
  });
});

/** Secrets are searched for in pieces this long too: an excerpt cut short must not show the start of one either. */
const FRAGMENT = 16;

/** The secret, or a FRAGMENT-long piece of it, if the text holds it. */
function leakedPart(text: string, secret: string): string | undefined {
  if (text.includes(secret)) return secret;
  for (let at = 0; at + FRAGMENT <= secret.length; at += 1) {
    const piece = secret.slice(at, at + FRAGMENT);
    if (text.includes(piece)) return piece;
  }
  return undefined;
}

/** A little of the text around a leaked secret, for the failure message. */
function excerptAround(text: string, secret: string): string {
  const at = text.indexOf(secret);
  return JSON.stringify(text.slice(Math.max(0, at - 80), at + secret.length + 40));
}
