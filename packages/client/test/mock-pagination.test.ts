// The client's iterators against the stateless mock (started in global-setup.ts), for every paginated operation
// of the bundle (x-pagination through the spec model): the mock answers a request that continues paging with a
// last page, so each iterator ends after at most two pages, without the "repeated a page" warning.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { createSpecModel, jsonContentOf, type Pagination, type SpecOperation } from '@vendor/spec-model';
import { pagingOperations, type IteratorName } from '../src/generated/iterators.js';
import { createPlatformClient, type Logger } from '../src/index.js';

const spec = createRequire(import.meta.url)('@vendor/api-types/openapi.json') as Record<string, any>;
const model = createSpecModel(spec);
const paginated = model.operations.filter((op) => op.pagination !== undefined);

function mockUrl(): string {
  const url = inject('mockUrl');
  if (!url) throw new Error(`@vendor/api-mock did not start: ${inject('mockError')}`);
  return url;
}

function valueAt(value: any, path: readonly string[]): any {
  return path.reduce((current, name) => current?.[name], value);
}

function successExample(op: SpecOperation): unknown {
  return jsonContentOf(op.successResponse!.content)!.examples[0]!.value;
}

it('the bundle has paginated operations to check', () => {
  expect(paginated.length).toBeGreaterThan(0);
});

/** A logger that keeps what the client warns; the other levels are dropped. */
function warningLogger(warnings: string[]): Logger {
  const ignore = () => {};
  return { error: ignore, warn: (message) => warnings.push(message), info: ignore, debug: ignore };
}

/** The operation's required path parameters from their examples, as the client's methods take them. */
function pathParams(op: SpecOperation): Record<string, string> {
  const path = op.parameters.filter((p) => p.in === 'path' && p.required);
  return Object.fromEntries(path.map((p) => [p.name, String(p.example)]));
}

/** What a control run changes between the client and the mock, to make the mock repeat itself. */
interface Tamper {
  request?: (url: URL) => void;
  /** Changes the body the client receives; `asked` is the URL the client asked for (before `request` changed it). */
  response?: (body: any, asked: URL) => void;
}

/** Runs the operation's client iterator against the mock: the items, the requests it sent and what it warned. */
async function iterate(op: SpecOperation, tamper: Tamper = {}) {
  const requests: string[] = [];
  const warnings: string[] = [];
  const countingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const asked = new URL(url);
    tamper.request?.(url);
    requests.push(url.pathname + url.search);
    const res = await fetch(url, init);
    if (tamper.response === undefined) return res;
    const body = await res.json();
    tamper.response(body, asked);
    return Response.json(body, { status: res.status });
  };
  const platform = createPlatformClient({
    baseUrl: mockUrl(),
    gatewayBaseUrl: mockUrl(),
    token: 'test-token',
    fetch: countingFetch,
    maxRetries: 0,
    // Set, not inherited from VENDOR_LOG: a level of `off` would hide the warning these tests look for.
    logLevel: 'warn',
    logger: warningLogger(warnings),
  });
  const iterator = (platform as any)[op.pagination!.iteratorName] as (init: object) => AsyncIterable<unknown>;
  const items: unknown[] = [];
  for await (const item of iterator({ params: { path: pathParams(op) } })) items.push(item);
  return { items, requests, warnings };
}

/**
 * A mock that would make the walk ask for a page it already asked for: for page tokens, the token taken out of
 * every request (the first page, naming the same token, comes back); for offsets, a total beyond the example's
 * items and an empty page after the first (the next offset would be the same again).
 */
function repeatingMock(pagination: Pagination): Tamper {
  if (pagination.style === 'page-token') return { request: (url) => url.searchParams.delete(pagination.tokenParameter) };
  const emptyAfterFirst = (body: any, asked: URL) => {
    const holder = valueAt(body, pagination.totalAt.slice(0, -1));
    holder[pagination.totalAt.at(-1)!] = 1000;
    if (asked.searchParams.has(pagination.offsetParameter)) {
      valueAt(body, pagination.itemsAt.slice(0, -1))[pagination.itemsAt.at(-1)!] = [];
    }
  };
  return { request: (url) => url.searchParams.delete(pagination.offsetParameter), response: emptyAfterFirst };
}

describe.each(paginated.map((op) => [op.operationId, op] as const))('%s, paged by the client iterator', (_id, op) => {
  const pagination = op.pagination!;
  const exampleItems = valueAt(successExample(op), pagination.itemsAt) as unknown[];

  it('is an iterator of the generated table, for this operation', () => {
    expect(pagingOperations[pagination.iteratorName as IteratorName].operationId).toBe(op.operationId);
  });

  it('ends after at most two pages, with the items of the example first and no warning', async () => {
    const { items, requests, warnings } = await iterate(op);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(items.slice(0, exampleItems.length)).toEqual(exampleItems);
    expect(warnings).toEqual([]);
  });

  it('(control: the checks above can fail) warns against a mock that repeats the first page', async () => {
    const { requests, warnings } = await iterate(op, repeatingMock(pagination));
    expect(requests.length).toBe(2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^\\[@vendor/api-client\\] ${pagination.iteratorName} stopped early: `));
  });
});


describe("the README's word on iterators against the stateless mock", () => {
  // What the tests above show is what a reader is told: the iterators end there, without the warning.
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const paragraph = readme.slice(readme.indexOf('To try the iterators'), readme.indexOf('\n\n', readme.indexOf('To try the iterators')));

  it('says an iterator there ends without a warning, and keeps the warning for a server that repeats itself', () => {
    expect(paragraph).toContain('The stateless mock');
    expect(paragraph).toMatch(/yields the example's items once\s+and ends, without a warning/);
    expect(paragraph).not.toMatch(/stateless mock[^.]*logs `stopped early/);
  });
});
