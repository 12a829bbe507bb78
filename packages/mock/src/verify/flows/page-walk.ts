// Walks a paginated operation to its end, as its `x-pagination` says (the spec model reads it): a page-token list
// sends each page's next token until a page has none; an offset list adds the items received until it reaches the
// total. The walk must end (pagination_ends: never-ends), accept the next page it was told to ask for
// (refused-own-token, refused-offset), hand out no token twice (repeated-token), name no item twice (repeated-item)
// and, where a total is given, bring exactly that many items (total-mismatch). A first page that cannot be had
// skips the walk, with the reason.
import type { MockOperation } from '../../spec/operation-table.js';
import { finding } from '../checking/check-case.js';
import { runCase, type RanCase } from '../running/run-case.js';
import type { Target } from '../running/send-case.js';
import type { VerifyContract } from '../verify-contract.js';
import type { CaseFinding, RequestCase } from '../verify-types.js';
import { violationsOf } from '../generation/case-request.js';
import { answerText, serverMessageOf } from '../checking/server-message.js';

/** A walk longer than this has no end in sight. */
export const MAX_PAGES = 200;
/** Small pages, so that even a short list takes several. */
const PAGE_SIZE = '2';

export interface PageWalk {
  ran: RanCase[];
  findings: Array<{ found: CaseFinding; step: RanCase }>;
  /** why the walk could not start */
  skipped?: string;
}

export async function walkPages(contract: VerifyContract, target: Target, op: MockOperation, start: RequestCase, flow: string): Promise<PageWalk> {
  const pagination = op.pagination!;
  const walk: PageWalk = { ran: [], findings: [] };
  let request: RequestCase = { ...structuredClone(start), kind: 'example', flow };
  request.query[pagination.limitParameter] = PAGE_SIZE;
  if (violationsOf(contract.validators, op, request).length > 0) delete request.query[pagination.limitParameter];
  if (pagination.style === 'page-token') delete request.query[pagination.tokenParameter];
  else delete request.query[pagination.offsetParameter];
  const seen = new Set<string>();
  const tokens = new Set<string>();
  let received = 0;
  for (let page = 1; ; page++) {
    const ran = await runCase(contract, target, op, request);
    walk.ran.push(ran);
    const body = ran.answer.body.kind === 'json' ? ran.answer.body.value : undefined;
    const isPage = ran.answer.status >= 200 && ran.answer.status < 300 && body !== undefined;
    if (!isPage && page === 1) return { ...walk, skipped: `the first page got ${answerText(ran.answer)}` };
    if (!isPage) {
      // The server refused the next page it named itself: the walk's finding, not the step's (its request is the
      // server's own, so "a valid request refused" would name the wrong fault).
      const isRefusal = ran.answer.status >= 400 && ran.answer.status < 500;
      if (isRefusal) {
        ran.findings = ran.findings.filter((found) => found.check !== 'positive_data_acceptance');
        const what = pagination.style === 'page-token' ? 'its own next page token' : `offset ${request.query[pagination.offsetParameter]}`;
        const rule = pagination.style === 'page-token' ? 'refused-own-token' : 'refused-offset';
        const serverMessage = serverMessageOf(ran.answer);
        walk.findings.push({ found: { ...finding(op, 'pagination_ends', rule, 'pages', `page ${page} refused ${what} with ${ran.answer.status}`), ...(serverMessage !== undefined && { serverMessage }) }, step: ran });
      }
      return walk;
    }
    const items = valueAt(body, pagination.itemsAt);
    if (!Array.isArray(items)) return walk;
    for (const item of items) {
      const key = itemKey(item);
      if (seen.has(key)) {
        walk.findings.push({ found: finding(op, 'pagination_ends', 'repeated-item', 'pages', `page ${page} repeats an item of an earlier page`), step: ran });
        return walk;
      }
      seen.add(key);
    }
    received += items.length;
    if (page >= MAX_PAGES) {
      walk.findings.push({ found: finding(op, 'pagination_ends', 'never-ends', 'pages', `the pages did not end after ${MAX_PAGES} pages`), step: ran });
      return walk;
    }
    if (pagination.style === 'page-token') {
      const token = valueAt(body, pagination.nextTokenAt);
      const hasNext = typeof token === 'string' && token !== '';
      if (!hasNext) return walk;
      if (tokens.has(token)) {
        walk.findings.push({ found: finding(op, 'pagination_ends', 'repeated-token', 'pages', `page ${page} hands out a next page token an earlier page handed out`), step: ran });
        return walk;
      }
      tokens.add(token);
      request = { ...structuredClone(request), query: { ...request.query, [pagination.tokenParameter]: token } };
      continue;
    }
    const total = valueAt(body, pagination.totalAt);
    const reachedEnd = items.length === 0 || (typeof total === 'number' && received >= total);
    if (reachedEnd) {
      const exact = typeof total !== 'number' || received === total;
      if (!exact) walk.findings.push({ found: finding(op, 'pagination_ends', 'total-mismatch', 'pages', `the pages brought ${received} items; the total says ${total}`), step: ran });
      return walk;
    }
    request = { ...structuredClone(request), query: { ...request.query, [pagination.offsetParameter]: String(received) } };
  }
}

/** A dotted property path's value in a page (`['pagination', 'total']`). */
function valueAt(body: unknown, path: readonly string[]): unknown {
  let node = body;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** An item is the same item when it has the same id (else the same JSON). */
function itemKey(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : `json:${JSON.stringify(item)}`;
}
