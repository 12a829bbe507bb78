// The client's two page walkers, one per x-pagination style. Which operations page, and where their pages keep
// the items, the next token or the total, is generated from the spec into generated/iterators.ts, whose table
// picks a walker for each operation.
import type { Log } from './log.js';
import type { PageWithResponse, WithResponse } from './method-types.js';

type Query = Record<string, unknown>;

/** After a page: the query of the next one, `'end'` after the last, or why the walk stops early. */
type NextPage = Query | 'end' | { repeated: string };

/** How one walk finds the page after `page`, which `query` fetched and which held `items`. */
type NextPageRule = (page: unknown, query: Query, items: unknown[]) => NextPage;

/** A paging operation, as the generated table describes it. */
export interface PagingDescriptor {
  /** The list operation that every page is a call of. */
  readonly operationId: string;
  /** The items of a page (its `x-pagination.itemsAt`). */
  readonly items: (page: any) => readonly unknown[] | null | undefined;
  /** The walker of the operation's style (`byPageToken(...)` or `byOffset(...)`), started from a walk's first query. */
  readonly nextPage: (firstQuery: Query) => NextPageRule;
}

/** The element type of the array at `Path` in the page body `Body` (optional and nullable steps looked through). */
export type PageItem<Body, Path extends readonly string[]> = Path extends readonly [infer Key extends string, ...infer Rest extends readonly string[]]
  ? PageItem<Key extends keyof NonNullable<Body> ? NonNullable<Body>[Key] : never, Rest>
  : NonNullable<Body> extends readonly (infer Item)[]
    ? Item
    : never;

/**
 * Pages through a list operation, yielding the first page and then each page that brings an item the page before
 * it did not (a list that shifted under the walk repeats a few), with those items. It follows the server's own
 * signal (a next token; the offset until the total), and stops early only when it would ask for a page it has
 * already asked for (the same token, or the same offset after an empty page while the total says more), logged
 * (warn) so that it can be told from the end: it never loops forever, and a page of repeats never ends a walk the
 * server says goes on. What it remembers is bounded by the page (the last page's ids, and the tokens asked for).
 * The Python SDK's pages (packages/python/src/vendor_api/_pagination.py) follow the same rules.
 */
export async function* walkPages(
  iteratorName: string,
  fetchPage: (query: Query) => Promise<WithResponse<unknown>>,
  firstQuery: Query,
  paging: PagingDescriptor,
  signal: AbortSignal | undefined,
  log: Log,
): AsyncGenerator<PageWithResponse<any, any>> {
  const nextPage = paging.nextPage(firstQuery);
  let previousKeys = new Set<unknown>();
  let query = firstQuery;
  for (let isFirstPage = true; ; isFirstPage = false) {
    const fetched = await fetchPage(query);
    const items = paging.items(fetched.data) ?? [];
    const keys = items.map(itemKey);
    const newItems = items.filter((_, index) => !previousKeys.has(keys[index]));
    previousKeys = new Set(keys);
    // The first page even when empty: an empty list is an answer too, with its request id.
    if (newItems.length > 0 || isFirstPage) {
      yield { ...fetched, items: newItems };
      // The caller may have aborted while handling the page: send no further request.
      signal?.throwIfAborted();
    }
    const next = nextPage(fetched.data, query, items as unknown[]);
    if (next === 'end') return;
    if ('repeated' in next && typeof next.repeated === 'string') {
      log('warn')?.(`${iteratorName} stopped early: ${next.repeated}`);
      return;
    }
    query = { ...query, ...(next as Query) };
  }
}

/** What tells an item from another: its `id`, else its JSON. */
function itemKey(item: unknown): unknown {
  return (item as any)?.id ?? JSON.stringify(item);
}

/** The items of a walk's pages, one by one: what iterating an iterator yields. */
export async function* itemsOf(pages: AsyncIterable<PageWithResponse<unknown, unknown>>, signal?: AbortSignal): AsyncGenerator<any> {
  for await (const page of pages) {
    for (const item of page.items) {
      yield item;
      // The caller may have aborted while handling the item: send no further request.
      signal?.throwIfAborted();
    }
  }
}

/**
 * `style: page-token`: sends the token each page names as `tokenParameter`, until a page names none. Never asks
 * for a token twice (nor the one the walk started from).
 */
export function byPageToken(tokenParameter: string, nextToken: (page: any) => unknown) {
  return (firstQuery: Query): NextPageRule => {
    const requested = new Set([firstQuery[tokenParameter]]);
    return (page) => {
      const token = nextToken(page);
      if (!token) return 'end';
      if (requested.has(token)) return { repeated: `page token ${JSON.stringify(token)} came again` };
      requested.add(token);
      return { [tokenParameter]: token };
    };
  };
}

/**
 * `style: offset`: adds the number of items received to `offsetParameter`, until the total. Without a total it goes
 * on until an empty page; a `null` total ends the walk. An empty page while the total says more would ask for the
 * same offset again: the walk stops there.
 */
export function byOffset(offsetParameter: string, total: (page: any) => number | null | undefined) {
  return (): NextPageRule => (page, query, items) => {
    const reported = total(page);
    const offset = (query[offsetParameter] as number | undefined) ?? 0;
    const nextOffset = offset + items.length;
    const hasTotal = reported !== undefined && reported !== null;
    const more = (reported === undefined && items.length > 0) || (hasTotal && nextOffset < reported);
    if (!more) return 'end';
    if (nextOffset === offset) return { repeated: `empty page at offset ${offset} of ${reported}` };
    return { [offsetParameter]: nextOffset };
  };
}
