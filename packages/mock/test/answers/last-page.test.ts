// The stateless mock's last page (src/answers/last-page.ts): every paginated operation of the real bundle,
// found through the spec model's x-pagination, paged by a raw loop (the client's iterators: packages/client/test/mock-pagination.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpecModel, type Pagination } from '@vendor/spec-model';
import { createAnswerTable, lastPageAnswerFor } from '../../src/answers/answer-table.js';
import { readOperations } from '../../src/spec/operation-table.js';
import { compileValidators } from '../../src/validation/runtime-validators.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { firstSuccess, loadModel, schemaValidator, validRequest, type SpecOperation } from '../helpers/spec.js';

const model = loadModel();
const validatorAt = schemaValidator(model);
const paginated = model.operations.filter((op) => op.pagination !== undefined);
const byStyle = (style: Pagination['style']) => paginated.filter((op) => op.pagination!.style === style);
const cases = (ops: readonly SpecOperation[]) => ops.map((op) => [op.operationId, op] as const);
// More than a walk may take: a loop that is still going after this many pages would go on forever.
const RUNAWAY = 10;

let mock: RunningMock;
const mockWarnings: string[] = [];
beforeAll(async () => {
  mock = await startMock({ onWarning: (line) => mockWarnings.push(line) });
});
afterAll(() => mock.close());

interface Page {
  status: number;
  body: any;
}

/** One request of the operation (its required parameters from their examples), with `query` added. */
async function get(op: SpecOperation, query: Record<string, string | number> = {}): Promise<Page> {
  const request = validRequest(mock.url, op);
  const url = new URL(request.url);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  const res = await fetch(url, request.init);
  return { status: res.status, body: await res.json() };
}

function valueAt(value: any, path: readonly string[]): any {
  return path.reduce((current, name) => current?.[name], value);
}

/** A client's raw paging loop: `while (next)`, the next page from the page before; stops at RUNAWAY pages. */
async function walk(op: SpecOperation): Promise<Page[]> {
  const pagination = op.pagination!;
  const pages: Page[] = [];
  let query: Record<string, string | number> = {};
  while (pages.length < RUNAWAY) {
    const page = await get(op, query);
    pages.push(page);
    const next = nextQuery(pagination, page.body, query);
    if (next === undefined) break;
    query = next;
  }
  return pages;
}

function nextQuery(pagination: Pagination, body: unknown, query: Record<string, string | number>): Record<string, string | number> | undefined {
  const items = valueAt(body, pagination.itemsAt) as unknown[];
  if (pagination.style === 'page-token') {
    const token = valueAt(body, pagination.nextTokenAt);
    if (!token) return undefined;
    return { ...query, [pagination.tokenParameter]: token };
  }
  const offset = Number(query[pagination.offsetParameter] ?? 0) + items.length;
  if (items.length === 0 || offset >= valueAt(body, pagination.totalAt)) return undefined;
  return { ...query, [pagination.offsetParameter]: offset };
}

function expectValidSuccess(op: SpecOperation, page: Page): void {
  const { status, schema } = firstSuccess(op);
  expect(page.status).toBe(status);
  const validate = validatorAt(schema);
  expect(validate(page.body), JSON.stringify(validate.errors)).toBe(true);
}

describe('the bundle', () => {
  it('has paginated operations of both styles', () => {
    expect(byStyle('page-token').length).toBeGreaterThan(0);
    expect(byStyle('offset').length).toBeGreaterThan(0);
  });
});

describe.each(cases(paginated))('%s, paged by a raw loop', (_id, op) => {
  it('ends within two requests, and every page validates', async () => {
    const pages = await walk(op);
    expect(pages.length).toBeLessThanOrEqual(2);
    for (const page of pages) expectValidSuccess(op, page);
    expect(mockWarnings).toEqual([]);
  });

  it('gets the documented example unchanged on the first page', async () => {
    expect((await get(op)).body).toEqual(firstSuccess(op).example);
  });
});

describe.each(cases(byStyle('page-token')))('%s, page-token style', (_id, op) => {
  const pagination = op.pagination as Extract<Pagination, { style: 'page-token' }>;

  it('documents a first page with a next token (else there is nothing to end)', () => {
    expect(valueAt(firstSuccess(op).example, pagination.nextTokenAt)).toBeTruthy();
  });

  it("answers any token with the last page: the example's items, no next token, and it validates", async () => {
    const exampleItems = valueAt(firstSuccess(op).example, pagination.itemsAt);
    for (const token of ['some-token', String(valueAt(firstSuccess(op).example, pagination.nextTokenAt))]) {
      const page = await get(op, { [pagination.tokenParameter]: token });
      expectValidSuccess(op, page);
      expect(valueAt(page.body, pagination.nextTokenAt) ?? undefined).toBeUndefined();
      expect(valueAt(page.body, pagination.itemsAt)).toEqual(exampleItems);
    }
  });
});

describe.each(cases(byStyle('offset')))('%s, offset style', (_id, op) => {
  const pagination = op.pagination as Extract<Pagination, { style: 'offset' }>;
  const total = valueAt(firstSuccess(op).example, pagination.totalAt) as number;

  it('documents a first page with a total and items', () => {
    expect(total).toBeGreaterThan(0);
    expect(valueAt(firstSuccess(op).example, pagination.itemsAt).length).toBeGreaterThan(0);
  });

  it('answers an offset below the total with the example unchanged', async () => {
    expect((await get(op, { [pagination.offsetParameter]: total - 1 })).body).toEqual(firstSuccess(op).example);
  });

  it('answers an offset at or past the total with no items, the example otherwise, and it validates', async () => {
    for (const offset of [total, total + 5]) {
      const page = await get(op, { [pagination.offsetParameter]: offset });
      expectValidSuccess(op, page);
      expect(valueAt(page.body, pagination.itemsAt)).toEqual([]);
      expect(valueAt(page.body, pagination.totalAt)).toBe(total);
    }
  });
});

describe('the next token on a synthetic spec: left out, or null where the schema requires it', () => {
  /** A page-token list operation whose page schema has `pagination.next` as `nextSchema`, required or not. */
  const listDoc = (nextSchema: object, nextRequired: boolean, itemsSchema: object = { type: 'array' }) => ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          'x-error-shape': 'control-plane',
          'x-idempotent': true,
          'x-pagination': { style: 'page-token', tokenParameter: 'page_token', limitParameter: 'limit', nextTokenAt: 'pagination.next', itemsAt: 'data' },
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer' } },
            { name: 'page_token', in: 'query', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'a page',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data', 'pagination'],
                    properties: {
                      data: itemsSchema,
                      pagination: { type: 'object', required: nextRequired ? ['next'] : [], properties: { next: nextSchema } },
                    },
                  },
                  example: { data: [{ id: 'a' }], pagination: { next: 'tok-1' } },
                },
              },
            },
          },
        },
      },
    },
  });

  /** What a request with a page token gets, parsed; undefined when it gets the example unchanged. */
  async function lastPageBody(doc: ReturnType<typeof listDoc>): Promise<unknown> {
    const operations = readOperations(createSpecModel(doc));
    const choose = createAnswerTable(await compileValidators(doc, operations), operations);
    const choice = choose(operations[0]!, {}, undefined);
    if (choice.kind !== 'static') throw new Error(`expected a static answer, got ${choice.kind}`);
    expect(lastPageAnswerFor(choice.answer, { query: new URLSearchParams('limit=5') })).toBeUndefined();
    const lastPage = lastPageAnswerFor(choice.answer, { query: new URLSearchParams('page_token=anything') });
    if (lastPage === undefined) return undefined;
    expect(lastPage.headers['content-length']).toBe(String(lastPage.body.length));
    return JSON.parse(new TextDecoder().decode(lastPage.body));
  }

  it('leaves out an optional next token', async () => {
    expect(await lastPageBody(listDoc({ type: ['string', 'null'] }, false))).toEqual({ data: [{ id: 'a' }], pagination: {} });
  });

  it('sets a required, nullable next token to null', async () => {
    expect(await lastPageBody(listDoc({ type: ['string', 'null'] }, true))).toEqual({ data: [{ id: 'a' }], pagination: { next: null } });
  });

  it('serves the example unchanged when no last page would validate (a next token required and not nullable)', async () => {
    expect(await lastPageBody(listDoc({ type: 'string' }, true))).toBeUndefined();
  });
});
