// End to end: `--record DIR` through the proxy in front of the sandbox, then `npm run examples:import -- DIR`.
// Every operation's documented request is sent twice, then once more without its Authorization header (a variant
// answered otherwise), and one list operation with seven distinct queries (past the limit of 5). DIR must then hold,
// per operation and status, at most 5 distinct examples, never a credential; and examples:import must turn DIR into
// YAML that parses and names each recorded operation.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments, type Document } from 'yaml';
import { startMock, startProxy, type CheckedExchange, type RunningProxy, type RunningSandbox } from '../../src/index.js';
import { loadModel, validRequest, type BuiltRequest } from '../helpers/spec.js';
import { MINUTES } from './proxy-cli.js';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const importScript = path.join(repoRoot, 'scripts/examples-import.mjs');

const operations = loadModel().operations;
const LIST_OPERATION = 'listAgentSkillVersions';
const PAST_THE_LIMIT = 7;
const PER_STATUS = 5;

/** What the client sent and got, as the recorder would tell examples apart (before its redaction). */
interface Sent {
  operationId: string;
  method: string;
  status: number;
  /** a JSON answer with a body: what makes an example */
  json: boolean;
  /** query, request body and answer as text, for counting distinct exchanges */
  key: string;
}

async function send(operationId: string, request: BuiltRequest): Promise<Sent> {
  const answer = await fetch(request.url, request.init);
  const text = await answer.text();
  const isJson = /^application\/(.+\+)?json/.test(answer.headers.get('content-type') ?? '') && text !== '';
  const query = [...new URL(request.url).searchParams].sort();
  const key = JSON.stringify([query, request.init.body ?? null, isJson ? JSON.parse(text) : text]);
  return { operationId, method: String(request.init.method), status: answer.status, json: isJson, key };
}

/** Every file under `root`, relative to it, with / separators. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** What the recorder tells examples apart by: query, request body and answer, keys in one order. */
function fingerprint(example: any): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  };
  return JSON.stringify(sorted([example['x-request'].query, example['x-request'].body, example.value]));
}

describe('--record DIR end to end, then examples:import', { timeout: 10 * MINUTES }, () => {
  let sandbox: RunningSandbox;
  let proxy: RunningProxy;
  let token: string;
  let dir: string;
  const warnings: string[] = [];
  const exchanges: CheckedExchange[] = [];
  const sent: Sent[] = [];
  /** `<operationId>/<status>` -> file names in it */
  const buckets = new Map<string, string[]>();
  const examples = new Map<string, any>();

  beforeAll(async () => {
    sandbox = await startMock({ sandbox: {}, onWarning: () => {} });
    token = await sandbox.token('acme');
    dir = await mkdtemp(path.join(tmpdir(), 'record-e2e-'));
    proxy = await startProxy({
      upstream: sandbox.url,
      record: dir,
      onWarning: (line) => warnings.push(line),
      onExchange: (exchange) => exchanges.push(exchange),
    });

    for (const entry of operations) {
      for (let time = 0; time < 2; time += 1) sent.push(await send(entry.operationId, validRequest(proxy.url, entry, token)));
      const anonymous = validRequest(proxy.url, entry, token);
      delete anonymous.init.headers.authorization;
      sent.push(await send(entry.operationId, anonymous));
    }
    const list = operations.find((entry) => entry.operationId === LIST_OPERATION)!;
    for (let limit = 1; limit <= PAST_THE_LIMIT; limit += 1) {
      const request = validRequest(proxy.url, list, token);
      const url = new URL(request.url);
      url.searchParams.set('limit', String(limit));
      sent.push(await send(LIST_OPERATION, { ...request, url: url.toString() }));
    }
    // close() lets the exchanges in flight finish and waits for the recorder's writes: DIR is complete after it.
    await proxy.close();

    for (const file of await filesUnder(dir)) {
      const [operationId, status, name] = file.split('/');
      expect(file, 'DIR/<operationId>/<status>/recorded-<n>.json').toMatch(/^[A-Za-z0-9_-]+\/\d{3}\/recorded-\d+\.json$/);
      const bucket = `${operationId}/${status}`;
      buckets.set(bucket, [...(buckets.get(bucket) ?? []), name!]);
      examples.set(file, JSON.parse(await readFile(path.join(dir, file), 'utf8')));
    }
  }, 10 * MINUTES);

  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('sent every operation through the proxy, each answered by the sandbox (not the proxy)', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(exchanges).toHaveLength(sent.length);
    for (const exchange of exchanges) expect(exchange.proxyAnswer, `${exchange.method} ${exchange.path}`).toBeUndefined();
    // Every documented request succeeded at least once, and the variant without a token was answered otherwise.
    for (const entry of operations) {
      const mine = sent.filter((item) => item.operationId === entry.operationId);
      expect(mine[0]!.status, entry.operationId).toBe(200);
      expect(new Set(mine.map((item) => item.status)).size, `${entry.operationId}: statuses ${mine.map((item) => item.status)}`).toBeGreaterThan(1);
    }
    expect(warnings).toEqual([]);
  });

  it('DIR holds a directory per operation and status the sandbox answered with JSON, and nothing else', () => {
    const expected = new Set(sent.filter((item) => item.json).map((item) => `${item.operationId}/${item.status}`));
    expect(new Set(buckets.keys())).toEqual(expected);
    const recordedOperations = new Set([...buckets.keys()].map((bucket) => bucket.split('/')[0]));
    expect(recordedOperations).toEqual(new Set(operations.map((entry) => entry.operationId)));
  });

  it('at most 5 files per operation and status, each a distinct exchange; repeats of one exchange make one file', () => {
    for (const [bucket, names] of buckets) {
      const [operationId, status] = bucket.split('/');
      const distinctSent = new Set(sent.filter((item) => item.operationId === operationId && String(item.status) === status).map((item) => item.key)).size;
      expect(names.length, bucket).toBeGreaterThanOrEqual(1);
      expect(names.length, `${bucket}: ${names.length} files of ${distinctSent} distinct exchanges`).toBeLessThanOrEqual(Math.min(PER_STATUS, distinctSent));
      expect(names.sort(), bucket).toEqual(Array.from({ length: names.length }, (_, i) => `recorded-${i + 1}.json`).sort());
      const fingerprints = names.map((name) => fingerprint(examples.get(`${bucket}/${name}`)));
      expect(new Set(fingerprints).size, `${bucket}: duplicate examples`).toBe(names.length);
    }
    // The list operation answered 200 to its documented request (twice: one example), then to seven distinct
    // queries: exactly 5 were kept, the first five in the order they came.
    expect(buckets.get(`${LIST_OPERATION}/200`)).toHaveLength(PER_STATUS);
    const limits = Array.from({ length: PER_STATUS }, (_, i) => examples.get(`${LIST_OPERATION}/200/recorded-${i + 1}.json`)['x-request'].query.limit);
    expect(limits).toEqual([undefined, '1', '2', '3', '4']);
    // A GET sent twice with the same answer is one example, not two.
    const getTwice = sent.filter((item) => item.method === 'GET' && item.operationId !== LIST_OPERATION);
    const repeated = getTwice.filter((item, i) => getTwice.findIndex((other) => other.key === item.key) !== i);
    expect(repeated.length, 'some GET answered the same twice (else the duplicate check proves nothing)').toBeGreaterThan(0);
  });

  it('no file holds an Authorization header or the token; each names its request', () => {
    const signature = token.split('.').at(-1)!;
    expect(examples.size).toBeGreaterThan(operations.length);
    for (const [file, example] of examples) {
      const text = JSON.stringify(example);
      const request = example['x-request'];
      expect(Object.keys(request.headers).filter((name) => /authorization/i.test(name)), file).toEqual([]);
      expect(text, file).not.toContain(token);
      expect(text, file).not.toContain(signature);
      // The recorded headers hold no trace of the credential (body keys such as authorization_url are fine).
      expect(JSON.stringify(request.headers), file).not.toMatch(/authorization|bearer/i);
      const [operationId, status] = file.split('/');
      const entry = operations.find((candidate) => candidate.operationId === operationId)!;
      expect(request.method, file).toBe(entry.method.toUpperCase());
      expect(example.summary, file).toBe(`${request.method} ${request.path}, answered ${status} (recorded)`);
      expect(Object.keys(request.headers), file).not.toContain('host');
    }
  });

  it('examples:import DIR prints YAML that parses, one document per operation and status, naming each operation', async () => {
    const { stdout, stderr } = await run(process.execPath, [importScript, dir], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    expect(stderr).toBe('');
    const documents = parseAllDocuments(stdout) as Document[];
    expect(documents).toHaveLength(buckets.size);
    for (const document of documents) expect(document.errors).toEqual([]);
    const blocks = stdout.split(/^---\n/m);
    expect(blocks).toHaveLength(buckets.size);

    const printed = new Set<string>();
    for (const block of blocks) {
      const heading = /^# (\S+) \((GET|PUT|POST|DELETE|PATCH) (\S+)\) (\d{3}): (\d+) recorded examples?$/m.exec(block);
      expect(heading, block.slice(0, 300)).not.toBeNull();
      const [, operationId, method, template, status, count] = heading!;
      const entry = operations.find((candidate) => candidate.operationId === operationId);
      expect(entry, operationId).toBeDefined();
      expect(`${method} ${template}`).toBe(`${entry!.method.toUpperCase()} ${entry!.path}`);
      const bucket = `${operationId}/${status}`;
      printed.add(bucket);
      const names = buckets.get(bucket)!;
      expect(Number(count), bucket).toBe(names.length);
      expect(block, bucket).toMatch(/^# paste under (paths|components)\.\S+\.examples /m);
      const map = parse(block) as Record<string, any>;
      expect(Object.keys(map).sort(), bucket).toEqual(names.map((name) => name.replace(/\.json$/, '')).sort());
      for (const name of names) {
        const example = examples.get(`${bucket}/${name}`);
        const { 'x-findings': _findings, ...pasted } = example;
        expect(map[name.replace(/\.json$/, '')], `${bucket}/${name}`).toEqual(pasted);
      }
    }
    expect(printed).toEqual(new Set(buckets.keys()));
    expect(new Set([...printed].map((bucket) => bucket.split('/')[0]))).toEqual(new Set(operations.map((entry) => entry.operationId)));
    expect(stdout).not.toContain(token);
  });
});
