// The generated Postman collection, run with newman against the mock: every request reaches the mock at the
// address its environment gives, authenticates, sends a body the mock accepts, and gets the status its
// saved example promises. The mock serves that status because the run asks for it (`Prefer: code=...`,
// added to this test's copy only; the published collection sends no Prefer header).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startMock, type RunningMock } from '@vendor/api-mock';
// @ts-expect-error newman ships no type declarations
import newman from 'newman';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { docsOperations, docsRoot } from './support/docs-bundle.js';

const downloads = path.join(docsRoot, 'src/generated/downloads');
const readJson = (name: string) => JSON.parse(readFileSync(path.join(downloads, name), 'utf8'));
const collection = readJson('platform-api.postman_collection.json');
const environment = readJson('platform-api-mock.postman_environment.json');

interface Item { name: string; request: any; response: { code: number; name: string }[]; item?: Item[] }
const requestItems = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requestItems(item.item) : [item]));
const items = requestItems(collection.item);

/** The status a request's saved examples promise for a normal call: its first 2xx example. */
const promisedStatus = (item: Item) => item.response.map((r) => r.code).find((code) => code >= 200 && code < 300);

interface Execution { item: { name: string }; response?: { code: number; text: () => string }; requestError?: Error }
function runNewman(options: object): Promise<{ executions: Execution[]; failures: unknown[] }> {
  return new Promise((resolve, reject) => {
    newman.run({ reporters: [], timeoutRequest: 60_000, ...options }, (error: Error | null, summary: any) => {
      if (error) return reject(error);
      return resolve({ executions: summary.run.executions, failures: summary.run.failures });
    });
  });
}

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, onWarning: () => {} });
});
afterAll(async () => {
  await mock?.close();
});

describe('Postman collection (generated)', () => {
  test('has a request for every operation of the docs, and every request names the status it promises', () => {
    const methodsAndPaths = new Set(items.map((i) => `${i.request.method} ${i.request.url.path.join('/')}`));
    const expected = docsOperations().map((op) => `${op.method.toUpperCase()} ${op.path.replace(/^\//, '').replace(/\{([^}]+)\}/g, ':$1')}`);
    expect([...methodsAndPaths].sort()).toEqual([...new Set(expected)].sort());
    for (const item of items) expect(promisedStatus(item), item.name).toBeDefined();
  });

  test('sends control-plane requests to {{baseUrl}}, gateway ones to {{gatewayBaseUrl}}, all with {{token}}', () => {
    const gatewayPaths = new Set(docsOperations().filter((op) => op.gateway).map((op) => `${op.method.toUpperCase()} ${op.path.replace(/^\//, '').replace(/\{([^}]+)\}/g, ':$1')}`));
    for (const item of items) {
      const key = `${item.request.method} ${item.request.url.path.join('/')}`;
      expect(item.request.url.host, item.name).toEqual([gatewayPaths.has(key) ? '{{gatewayBaseUrl}}' : '{{baseUrl}}']);
    }
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
    expect(environment.values.map((v: any) => v.key).sort()).toEqual(['baseUrl', 'gatewayBaseUrl', 'token']);
  });

  test('newman runs every request against the mock and each gets the status its example promises', async () => {
    const run = structuredClone(collection);
    for (const item of requestItems(run.item)) {
      item.request.header = [...(item.request.header ?? []), { key: 'Prefer', value: `code=${promisedStatus(item)}` }];
    }
    const env = structuredClone(environment);
    for (const value of env.values) if (value.key === 'baseUrl' || value.key === 'gatewayBaseUrl') value.value = mock.url;
    const { executions } = await runNewman({ collection: run, environment: env });
    expect(executions).toHaveLength(items.length);
    const got = executions.map((e) => ({ name: e.item.name, status: e.response?.code ?? String(e.requestError) }));
    const promised = items.map((item) => ({ name: item.name, status: promisedStatus(item) }));
    const mismatches = got.filter((g, i) => g.status !== promised[i]!.status).map((g, i) => `${g.name}: got ${g.status}, promised ${promised[i]!.status} ${executions[i]?.response?.text().slice(0, 300) ?? ''}`);
    expect(mismatches).toEqual([]);
  });

  test('control: a request the mock must refuse (no token) does not get its promised status', async () => {
    const run = structuredClone(collection);
    run.auth = { type: 'noauth' };
    run.item = [requestItems(run.item)[0]];
    const env = structuredClone(environment);
    for (const value of env.values) if (value.key === 'baseUrl' || value.key === 'gatewayBaseUrl') value.value = mock.url;
    const { executions } = await runNewman({ collection: run, environment: env });
    expect(executions[0]?.response?.code).toBe(401);
  });
});
