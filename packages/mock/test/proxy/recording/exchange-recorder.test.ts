// `--record DIR`: the recorder fed hand-made checked exchanges, writing into a temp directory.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckedExchange, SeenBody } from '../../../src/conformance/checking/checked-exchange.js';
import { createExchangeRecorder } from '../../../src/proxy/recording/exchange-recorder.js';
import type { MockOperation } from '../../../src/spec/operation-table.js';

const TOKEN = 'eyJhbGciOi.tok-live-9f8e7d6c5b4a';
const PASSWORD = 'p4ssw0rd-xyz';
const SECRET_VALUE = 's3cr3t-value-7q7q';
const API_KEY = 'key-live-31415926';
const KNOWN_SECRETS = [TOKEN, PASSWORD, SECRET_VALUE, API_KEY];

function operation(operationId: string, method: string, pathTemplate: string): MockOperation {
  return { operationId, method, path: pathTemplate, errorShape: 'control-plane', invalidInputStatus: 400, bodyRequired: false, secured: false, destructive: false, idempotent: false, parameters: [], responses: [] };
}

const GET_TEAM = operation('getTeam', 'GET', '/api/svc/v1/teams/{id}');
const CREATE_SECRET_GROUP = operation('createSecretGroup', 'POST', '/api/svc/v1/secret-groups');

const json = (value: unknown): SeenBody => ({ kind: 'json', value });

/** A GET /api/svc/v1/teams/{id} answered 200, with a bearer token; overrides make the other cases. */
function exchange(overrides: Partial<CheckedExchange> = {}): CheckedExchange {
  return {
    operation: GET_TEAM,
    method: 'GET',
    path: '/api/svc/v1/teams/t1',
    query: new URLSearchParams(),
    requestHeaders: { authorization: `Bearer ${TOKEN}`, accept: 'application/json', host: 'localhost:4010' },
    requestBody: { kind: 'none' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: json({ data: { id: 't1', name: 'platform' } }),
    findings: [],
    durationMs: 3,
    ...overrides,
  };
}

/** The 200 answer of team `n`: distinct bodies make distinct examples. */
const team = (n: number) => exchange({ path: `/api/svc/v1/teams/t${n}`, responseBody: json({ data: { id: `t${n}`, name: `team ${n}` } }) });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'exchange-recorder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readJson(...parts: string[]): Promise<any> {
  return JSON.parse(await readFile(path.join(dir, ...parts), 'utf8'));
}

/** Every file under `dir`, as paths relative to it, sorted. */
async function filesUnder(root = dir): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('exchange recorder: files', () => {
  it('writes an Example Object per exchange at DIR/<operationId>/<status>/recorded-<n>.json', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange({ query: new URLSearchParams('expand=members&tag=a&tag=b') }));
    await recorder.close();

    expect(recorder.written()).toBe(1);
    expect(await filesUnder()).toEqual([path.join('getTeam', '200', 'recorded-1.json')]);
    expect(await readJson('getTeam', '200', 'recorded-1.json')).toEqual({
      summary: 'GET /api/svc/v1/teams/t1, answered 200 (recorded)',
      value: { data: { id: 't1', name: 'platform' } },
      'x-request': {
        method: 'GET',
        path: '/api/svc/v1/teams/t1',
        query: { expand: 'members', tag: ['a', 'b'] },
        // no authorization, and not the proxy's own host
        headers: { accept: 'application/json' },
        body: null,
      },
    });
  });

  it('keeps the findings beside an example that broke the contract, without values', async () => {
    const recorder = createExchangeRecorder(dir);
    const finding = { operationId: 'getTeam', direction: 'response' as const, path: 'body.data.id', rule: 'type', message: 'must be string' };
    await recorder.add(exchange({ findings: [finding] }));
    await recorder.close();
    const example = await readJson('getTeam', '200', 'recorded-1.json');
    expect(example['x-findings']).toEqual(['response body.data.id: type']);
  });
});

describe('exchange recorder: which exchanges', () => {
  it('keeps at most 5 distinct examples per operation and status, numbered in the order they came', async () => {
    const recorder = createExchangeRecorder(dir);
    for (let n = 1; n <= 8; n++) await recorder.add(team(n));
    await recorder.add(exchange({ status: 404, responseBody: json({ statusCode: 404, message: 'No team t9' }) }));
    await recorder.close();

    expect(recorder.written()).toBe(6);
    const files = await filesUnder();
    expect(files.filter((file) => file.startsWith(path.join('getTeam', '200')))).toHaveLength(5);
    expect(files).toContain(path.join('getTeam', '404', 'recorded-1.json'));
    for (let n = 1; n <= 5; n++) expect((await readJson('getTeam', '200', `recorded-${n}.json`)).value.data.id).toBe(`t${n}`);
  });

  it('honours perStatus', async () => {
    const recorder = createExchangeRecorder(dir, { perStatus: 2 });
    for (let n = 1; n <= 4; n++) await recorder.add(team(n));
    await recorder.close();
    expect(recorder.written()).toBe(2);
  });

  it('skips duplicates: the same bodies and query, even in another key order or on another path', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange());
    await recorder.add(exchange());
    await recorder.add(exchange({ path: '/api/svc/v1/teams/t2', responseBody: json({ data: { name: 'platform', id: 't1' } }) }));
    // the same answer to another query is another example
    await recorder.add(exchange({ query: new URLSearchParams('expand=members') }));
    await recorder.close();
    expect(recorder.written()).toBe(2);
    expect(await filesUnder()).toEqual([path.join('getTeam', '200', 'recorded-1.json'), path.join('getTeam', '200', 'recorded-2.json')]);
  });

  it('tells duplicates by their redacted form: answers differing only in a secret are one example', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange({ responseBody: json({ data: { id: 't1', token: 'one-token-aaaa' } }) }));
    await recorder.add(exchange({ responseBody: json({ data: { id: 't1', token: 'another-token-bbbb' } }) }));
    await recorder.close();
    expect(recorder.written()).toBe(1);
  });

  it('records nothing of unknown operations', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange({ operation: undefined, path: '/api/svc/v1/nowhere' }));
    await recorder.close();
    expect(recorder.written()).toBe(0);
    expect(await filesUnder()).toEqual([]);
    expect(recorder.skipped()).toEqual([]);
  });

  it('records only JSON answers, and notes the others once per operation, status and reason', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange({ responseBody: { kind: 'other', mediaType: 'text/csv', bytes: 120 } }));
    await recorder.add(exchange({ responseBody: { kind: 'other', mediaType: 'text/csv', bytes: 99 } }));
    await recorder.add(exchange({ status: 204, responseBody: { kind: 'none' } }));
    await recorder.close();
    expect(recorder.written()).toBe(0);
    expect(recorder.skipped()).toEqual(['getTeam 200: response body is text/csv, not JSON', 'getTeam 204: no response body']);
  });

  it("records the service's answers only: not the proxy's own, but the one strict mode replaced", async () => {
    const recorder = createExchangeRecorder(dir);
    const proxyError = json({ statusCode: 502, message: 'The upstream could not be reached' });
    await recorder.add(exchange({ status: 502, responseBody: proxyError, proxyAnswer: { status: 502, reason: 'unreachable' } }));
    await recorder.add(exchange({ status: 400, responseBody: { kind: 'none' }, proxyAnswer: { status: 400, reason: 'invalid-request' } }));
    const finding = { operationId: 'getTeam', direction: 'response' as const, path: 'body.data.id', rule: 'type', message: 'must be string' };
    await recorder.add(exchange({ responseBody: json({ data: { id: 7 } }), findings: [finding], proxyAnswer: { status: 502, reason: 'invalid-response' } }));
    await recorder.close();

    expect(await filesUnder()).toEqual([path.join('getTeam', '200', 'recorded-1.json')]);
    expect((await readJson('getTeam', '200', 'recorded-1.json')).value).toEqual({ data: { id: 7 } });
    expect(recorder.skipped()).toEqual(['getTeam 502: the proxy answered, not the service (unreachable)', 'getTeam 400: the proxy answered, not the service (invalid-request)']);
  });

  it('describes a request body that is not JSON instead of writing it', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(exchange({ method: 'POST', requestBody: { kind: 'other', mediaType: 'multipart/form-data', bytes: 2048 } }));
    await recorder.close();
    const example = await readJson('getTeam', '200', 'recorded-1.json');
    expect(example['x-request'].body).toBe('[2048 bytes of multipart/form-data, not recorded]');
  });

  it('continues an earlier run: its files count towards the limit and towards duplicates', async () => {
    const first = createExchangeRecorder(dir);
    for (let n = 1; n <= 3; n++) await first.add(team(n));
    await first.close();

    const second = createExchangeRecorder(dir);
    for (let n = 2; n <= 9; n++) await second.add(team(n));
    await second.close();
    expect(second.written()).toBe(2);
    expect((await readJson('getTeam', '200', 'recorded-4.json')).value.data.id).toBe('t4');
    expect((await readJson('getTeam', '200', 'recorded-5.json')).value.data.id).toBe('t5');
    expect(await filesUnder()).toHaveLength(5);
  });
});

describe('exchange recorder: secrets', () => {
  it('never writes the Authorization header, and masks passwords, tokens and secret values as ***', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.add(
      exchange({
        operation: CREATE_SECRET_GROUP,
        method: 'POST',
        path: '/api/svc/v1/secret-groups',
        query: new URLSearchParams(`name=prod&access_token=${TOKEN}`),
        requestHeaders: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'x-api-key': API_KEY, cookie: `session=${TOKEN}` },
        requestBody: json({ name: 'prod', password: PASSWORD, secrets: [{ key: 'DB_PASSWORD', value: SECRET_VALUE }] }),
        status: 201,
        // the service echoes the secret, and (a bug, but it happens) the caller's token, under keys the rule does not know
        responseBody: json({ data: { id: 'sg1', secrets: [{ key: 'DB_PASSWORD', value: SECRET_VALUE }], note: `created with ${TOKEN}`, echo: SECRET_VALUE } }),
      }),
    );
    await recorder.close();

    const example = await readJson('createSecretGroup', '201', 'recorded-1.json');
    const request = example['x-request'];
    expect(Object.keys(request.headers)).not.toContain('authorization');
    expect(request.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': '***', cookie: '***' });
    expect(request.query).toEqual({ name: 'prod', access_token: '***' });
    expect(request.body).toEqual({ name: 'prod', password: '***', secrets: [{ key: '***', value: '***' }] });
    expect(example.value).toEqual({ data: { id: 'sg1', secrets: [{ key: '***', value: '***' }], note: 'created with ***', echo: '***' } });
  });

  it('leaves no known secret in any written file', async () => {
    const recorder = createExchangeRecorder(dir);
    const withSecrets = (n: number) =>
      exchange({
        operation: CREATE_SECRET_GROUP,
        method: 'POST',
        path: '/api/svc/v1/secret-groups',
        requestHeaders: { authorization: [`Bearer ${TOKEN}`], 'x-api-key': API_KEY },
        requestBody: json({ name: `group-${n}`, password: PASSWORD, secrets: [{ key: 'K', value: SECRET_VALUE }] }),
        status: 201,
        responseBody: json({ data: { id: `sg${n}`, secrets: [{ key: 'K', value: SECRET_VALUE }] } }),
      });
    for (let n = 1; n <= 3; n++) await recorder.add(withSecrets(n));
    await recorder.add(team(1));
    await recorder.close();

    const files = await filesUnder();
    expect(files).toHaveLength(4);
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      for (const secret of KNOWN_SECRETS) expect(text, `${file} holds a secret`).not.toContain(secret);
      expect(text.toLowerCase(), file).not.toContain('authorization');
      expect(text, file).not.toContain('Bearer');
    }
  });
});

describe('exchange recorder: writes and failures', () => {
  it('writes one at a time: exchanges added at once are numbered in the order they were added, within the limit', async () => {
    const recorder = createExchangeRecorder(dir);
    await Promise.all(Array.from({ length: 12 }, (_, i) => recorder.add(team(i + 1))));
    await recorder.close();
    expect(recorder.written()).toBe(5);
    expect(await filesUnder()).toHaveLength(5);
    for (let n = 1; n <= 5; n++) expect((await readJson('getTeam', '200', `recorded-${n}.json`)).value.data.id).toBe(`t${n}`);
  });

  it('reports a failure once through warn, and neither throws nor rejects', async () => {
    // DIR is a file: every directory under it fails to be made.
    const blocked = path.join(dir, 'not-a-directory');
    await writeFile(blocked, 'x');
    const warnings: string[] = [];
    const recorder = createExchangeRecorder(blocked, { warn: (line) => warnings.push(line) });
    for (let n = 1; n <= 3; n++) await expect(recorder.add(team(n))).resolves.toBeUndefined();
    await recorder.add(exchange({ status: 404, responseBody: json({ statusCode: 404, message: 'No team' }) }));
    await expect(recorder.close()).resolves.toBeUndefined();

    expect(recorder.written()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^exchange recorder: could not record an example in .*not-a-directory.*getTeam.*200: /);
  });

  it('records nothing added after close', async () => {
    const recorder = createExchangeRecorder(dir);
    await recorder.close();
    await recorder.add(team(1));
    expect(recorder.written()).toBe(0);
    expect(await filesUnder()).toEqual([]);
  });

  it('refuses a perStatus that is not a whole number from 1', () => {
    expect(() => createExchangeRecorder(dir, { perStatus: 0 })).toThrow(RangeError);
    expect(() => createExchangeRecorder(dir, { perStatus: 1.5 })).toThrow(RangeError);
  });
});
