// The generated Postman collection, run with newman against the mock as it is published: every request
// reaches the mock at the address its environment gives, authenticates, sends a body the mock accepts,
// and its own tests (status, body, required fields, generated from the spec) pass. A proxy that breaks
// the mock's answers on purpose proves the tests fail when the contract is broken.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startMock, type RunningMock } from '@vendor/api-mock';
// @ts-expect-error newman ships no type declarations
import newman from 'newman';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { docsOperations, docsRoot, readDocsBundle, resolveRef, type DocsOperation } from './support/docs-bundle.js';

const downloads = path.join(docsRoot, 'src/generated/downloads');
const readJson = (name: string) => JSON.parse(readFileSync(path.join(downloads, name), 'utf8'));
const collection = readJson('platform-api.postman_collection.json');
const environment = readJson('platform-api-mock.postman_environment.json');
const doc = readDocsBundle();
const operations = docsOperations(doc);

interface Item { name: string; request: any; response: { code: number; name: string }[]; event?: any[]; item?: Item[] }
const requestItems = (items: Item[]): Item[] => items.flatMap((item) => (item.item ? requestItems(item.item) : [item]));
const items = requestItems(collection.item);

/** `/teams/{id}` -> `teams/:id`, the collection's form of a path. */
const postmanPath = (specPath: string) => specPath.replace(/^\//, '').replace(/\{([^}]+)\}/g, ':$1');
const itemKey = (item: Item) => `${item.request.method} ${item.request.url.path.join('/')}`;
const operationKey = (op: DocsOperation) => `${op.method.toUpperCase()} ${postmanPath(op.path)}`;
const operationOf = (item: Item) => operations.find((op) => operationKey(op) === itemKey(item))!;
const scriptOf = (item: Item) => (item.event ?? []).filter((e) => e.listen === 'test').flatMap((e) => e.script.exec).join('\n');

/** The status a request's saved examples promise for a normal call: its first 2xx example. */
const promisedStatus = (item: Item) => item.response.map((r) => r.code).find((code) => code >= 200 && code < 300);

/** The operation's first success response in the spec: its status and JSON body schema. */
function documentedSuccess(op: DocsOperation): { status: number; schema: any } {
  const [status, response] = Object.entries<any>(op.operation.responses).find(([code]) => /^2\d\d$/.test(code))!;
  return { status: Number(status), schema: resolveRef(doc, resolveRef(doc, response).content?.['application/json']?.schema) ?? {} };
}

/** Required fields of the body, and one level into a required `data` envelope (of `data`, or of each of its items). */
function documentedRequiredFields(op: DocsOperation): { body: string[]; data: string[] } {
  const { schema } = documentedSuccess(op);
  const body: string[] = schema.required ?? [];
  const dataSchema = body.includes('data') ? resolveRef(doc, schema.properties?.data) : undefined;
  const data: string[] = dataSchema?.required ?? resolveRef(doc, dataSchema?.items)?.required ?? [];
  return { body, data };
}

interface Failure { source: { name: string }; error: { test: string; message: string } }
interface Execution { item: { name: string }; assertions?: { assertion: string; error?: Error }[] }
interface RunSummary { executions: Execution[]; failures: Failure[]; assertions: { total: number; failed: number }; durationMs: number }

function runNewman(options: object): Promise<RunSummary> {
  return new Promise((resolve, reject) => {
    newman.run({ reporters: [], timeoutRequest: 60_000, ...options }, (error: Error | null, summary: any) => {
      if (error) return reject(error);
      const { executions, failures, stats, timings } = summary.run;
      return resolve({ executions, failures, assertions: stats.assertions, durationMs: timings.completed - timings.started });
    });
  });
}

/** The published environment with both base URLs pointed at `url` (the token stays the placeholder: the mock accepts any). */
function environmentAt(url: string) {
  const env = structuredClone(environment);
  for (const value of env.values) if (value.key === 'baseUrl' || value.key === 'gatewayBaseUrl') value.value = url;
  return env;
}

const describeFailure = (f: Failure) => `${f.source.name}: ${f.error.test}: ${f.error.message}`;

interface Answer { status: number; body: string }
type Tamper = (request: { method: string; pathname: string }, answer: Answer) => Answer;

/** Headers a proxy passes on; the connection-level ones belong to each hop. */
function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const hopByHop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => !hopByHop.has(name) && typeof value === 'string')) as Record<string, string>;
}

/** A proxy in front of the mock that lets `tamper` rewrite each answer: a mock that breaks the contract on purpose. */
async function startTamperingProxy(target: string, tamper: Tamper): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url!, target);
      const upstream = await fetch(url, { method: req.method, headers: forwardedHeaders(req.headers), body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
      const answer = tamper({ method: req.method!, pathname: url.pathname }, { status: upstream.status, body: await upstream.text() });
      res.writeHead(answer.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(answer.body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${String(error)}`);
    }
  });
  // The listen callback is the readiness signal: the port is bound when it runs.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { url: `http://127.0.0.1:${port}`, close };
}

/** Whether a request path (`/api/svc/v1/teams/t1`) is an address of the item's path (`api/svc/v1/teams/:id`). */
function isAddressOf(item: Item, pathname: string): boolean {
  const segments = item.request.url.path.map((segment: string) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}$`).test(pathname);
}
const isRequestFor = (item: Item, request: { method: string; pathname: string }) => request.method === item.request.method && isAddressOf(item, request.pathname);

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, onWarning: () => {} });
});
afterAll(async () => {
  await mock?.close();
});

describe('Postman collection (generated)', () => {
  test('has a request for every operation of the docs, and every request names the status it promises', () => {
    const methodsAndPaths = new Set(items.map(itemKey));
    const expected = operations.map(operationKey);
    expect([...methodsAndPaths].sort()).toEqual([...new Set(expected)].sort());
    for (const item of items) expect(promisedStatus(item), item.name).toBeDefined();
  });

  test('sends control-plane requests to {{baseUrl}}, gateway ones to {{gatewayBaseUrl}}, all with {{token}}', () => {
    for (const item of items) {
      expect(item.request.url.host, item.name).toEqual([operationOf(item).gateway ? '{{gatewayBaseUrl}}' : '{{baseUrl}}']);
    }
    expect(collection.auth).toEqual({ type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] });
    expect(environment.values.map((v: any) => v.key).sort()).toEqual(['baseUrl', 'gatewayBaseUrl', 'token']);
  });

  test("every request tests its operation's documented status and the required fields of its response", () => {
    for (const item of items) {
      const op = operationOf(item);
      const script = scriptOf(item);
      expect(script, item.name).toContain(`pm.response.to.have.status(${documentedSuccess(op).status});`);
      const { body, data } = documentedRequiredFields(op);
      for (const field of [...body, ...data]) expect(script, `${item.name}: ${field}`).toContain(JSON.stringify(field));
    }
  });

  test('newman runs the published collection against the mock: every assertion passes, at least two per request', async () => {
    const run = await runNewman({ collection, environment: environmentAt(mock.url) });
    expect(run.failures.map(describeFailure)).toEqual([]);
    expect(run.executions.map((e) => e.item.name)).toEqual(items.map((item) => item.name));
    for (const execution of run.executions) expect(execution.assertions?.length ?? 0, execution.item.name).toBeGreaterThanOrEqual(2);
    expect(run.assertions.failed).toBe(0);
    expect(run.assertions.total).toBeGreaterThanOrEqual(items.length * 2);
  });

  test('newman fails, naming the request and the assertion, when the mock answers another status or drops a required field', async () => {
    // Break requests whose method and path no other request shares, so exactly one request sees each break.
    const unshared = items.filter((item) => items.filter((other) => itemKey(other) === itemKey(item)).length === 1);
    const required = (item: Item) => documentedRequiredFields(operationOf(item));
    const statusTarget = unshared[0]!;
    const bodyTarget = unshared.find((item) => item !== statusTarget && required(item).body.length > 0)!;
    const dataTarget = unshared.find((item) => item !== statusTarget && item !== bodyTarget && required(item).data.length > 0)!;
    expect(bodyTarget, 'a request whose response has a required field').toBeDefined();
    expect(dataTarget, 'a request whose response has a required field inside data').toBeDefined();
    const documentedStatus = documentedSuccess(operationOf(statusTarget)).status;
    const wrongStatus = documentedStatus + 1;
    const droppedField = required(bodyTarget).body[0]!;
    const droppedDataField = required(dataTarget).data[0]!;

    const withoutField = (answer: Answer) => {
      const body = JSON.parse(answer.body);
      delete body[droppedField];
      return { ...answer, body: JSON.stringify(body) };
    };
    const withoutDataField = (answer: Answer) => {
      const body = JSON.parse(answer.body);
      const records = Array.isArray(body.data) ? body.data : [body.data];
      for (const record of records) delete record[droppedDataField];
      return { ...answer, body: JSON.stringify(body) };
    };
    const proxy = await startTamperingProxy(mock.url, (request, answer) => {
      if (isRequestFor(statusTarget, request)) return { ...answer, status: wrongStatus };
      if (isRequestFor(bodyTarget, request)) return withoutField(answer);
      if (isRequestFor(dataTarget, request)) return withoutDataField(answer);
      return answer;
    });
    try {
      const run = await runNewman({ collection, environment: environmentAt(proxy.url) });
      const failuresOf = (item: Item) => run.failures.filter((f) => f.source.name === item.name);
      expect([...new Set(run.failures.map((f) => f.source.name))].sort()).toEqual([statusTarget.name, bodyTarget.name, dataTarget.name].sort());
      expect(failuresOf(statusTarget).map((f) => f.error.test)).toEqual([`status is ${documentedStatus}`]);
      expect(failuresOf(statusTarget)[0]!.error.message).toContain(String(wrongStatus));
      for (const [item, field] of [[bodyTarget, droppedField], [dataTarget, droppedDataField]] as const) {
        expect(failuresOf(item).length, item.name).toBeGreaterThan(0);
        for (const failure of failuresOf(item)) {
          expect(failure.error.test, describeFailure(failure)).toContain(field);
          // The message lists the missing fields only (`missing fields: expected [ 'data' ] to be empty`).
          expect(failure.error.message, describeFailure(failure)).toMatch(/^missing fields/);
          expect(failure.error.message, describeFailure(failure)).toContain(`'${field}'`);
        }
      }
      expect(run.assertions.failed).toBe(run.failures.length);
    } finally {
      await proxy.close();
    }
  });

  test('control: a request the mock must refuse (no token) fails its status test with 401', async () => {
    const run = structuredClone(collection);
    run.auth = { type: 'noauth' };
    run.item = [requestItems(run.item)[0]];
    const { failures } = await runNewman({ collection: run, environment: environmentAt(mock.url) });
    const statusFailure = failures.find((f) => f.error.test.startsWith('status is '));
    expect(statusFailure, failures.map(describeFailure).join('\n')).toBeDefined();
    expect(statusFailure!.error.message).toContain('401');
  });
});
