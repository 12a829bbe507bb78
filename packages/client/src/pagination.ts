// The client's two page walkers, one per x-pagination style. Which operations page, and where their pages keep
// the items, the next token or the total, is generated from the spec into generated/iterators.ts, whose table
// picks a walker for each operation.
import type { Log } from './log.js';
import type { PageWithResponse, WithResponse } from './method-types.js';

type Query = Record<string, unknown>;

/** After a page: the query of the next one, `'end'` after the last, `'repeated'` when the server repeats itself. */
type NextPage = Query | 'end' | 'repeated';

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
 * Pages through a list operation, yielding the first page and then each page that brings an item not yet seen,
 * with those new items (each item once, by `id`). Stops when the walker finds no next page, or when a page brings
 * nothing new (a server repeating a page, or ignoring the offset): it never loops forever. A stop because the
 * server repeated itself while claiming more pages is logged (warn), so that it can be told from the end.
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
  const seen = new Set<unknown>();
  let query = firstQuery;
  for (let isFirstPage = true; ; isFirstPage = false) {
    const fetched = await fetchPage(query);
    const items = paging.items(fetched.data) ?? [];
    const newItems = items.filter((item) => isNewItem(item, seen));
    const broughtNewItem = newItems.length > 0;
    // The first page even when empty: an empty list is an answer too, with its request id.
    if (broughtNewItem || isFirstPage) {
      yield { ...fetched, items: newItems };
      // The caller may have aborted while handling the page: send no further request.
      signal?.throwIfAborted();
    }
    // A page of items already yielded is the server repeating itself only if it still claims another page;
    // as the last page (a stateless mock's, or a list that changed underneath) it is just the end.
    let next = nextPage(fetched.data, query, items as unknown[]);
    const repeatedItself = !broughtNewItem && items.length > 0 && next !== 'end';
    if (repeatedItself) next = 'repeated';
    else if (!broughtNewItem) next = 'end';
    if (next === 'repeated') log('warn')?.(`${iteratorName} stopped early: the server repeated a page`);
    if (typeof next === 'string') return;
    query = { ...query, ...next };
  }
}

/** Whether `item` was not seen before in this walk (by its `id`, else its JSON); remembers it. */
function isNewItem(item: unknown, seen: Set<unknown>): boolean {
  const key = (item as any)?.id ?? JSON.stringify(item);
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
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
 * `style: page-token`: sends the token each page names as `tokenParameter`, until a page names none. Never follows
 * a token twice (nor the one the walk started from).
 */
export function byPageToken(tokenParameter: string, nextToken: (page: any) => unknown) {
  return (firstQuery: Query): NextPageRule => {
    const followed = new Set([firstQuery[tokenParameter]]);
    return (page) => {
      const token = nextToken(page);
      if (!token) return 'end';
      if (followed.has(token)) return 'repeated';
      followed.add(token);
      return { [tokenParameter]: token };
    };
  };
}

/**
 * `style: offset`: adds the number of items received to `offsetParameter`, until the total. Without a total it goes
 * on until an empty page; a `null` total ends the walk.
 */
export function byOffset(offsetParameter: string, total: (page: any) => number | null | undefined) {
  return (): NextPageRule => (page, query, items) => {
    const reported = total(page);
    const offset = ((query[offsetParameter] as number | undefined) ?? 0) + items.length;
    const beforeTotal = reported === undefined || (reported !== null && offset < reported);
    if (beforeTotal) return { [offsetParameter]: offset };
    return 'end';
  };
}
