import type { Log } from './log.js';

type Query = Record<string, unknown>;
type Page = { data?: unknown[] | null; pagination?: Record<string, any> | null } | undefined;

/** After a page: the query of the next one, `'end'` after the last, `'repeated'` when the server repeats itself. */
export type NextPage = Query | 'end' | 'repeated';

/** How one list operation finds its next page. */
export type NextPageRule = (pagination: Record<string, any>, query: Query, items: unknown[]) => NextPage;

/**
 * Pages through a list operation, yielding each item once (by `id`). Stops when the rule finds no next page, or
 * when a page brings no item not yet yielded (a server repeating a page, or ignoring the offset): it never loops
 * forever. A stop because the server repeated itself is logged (warn), so that it can be told from the end.
 */
export async function* paginate(
  iteratorName: string,
  fetchPage: (query: Query) => Promise<unknown>,
  firstQuery: Query,
  nextPage: NextPageRule,
  signal: AbortSignal | undefined,
  log: Log,
): AsyncGenerator<any> {
  const seen = new Set<unknown>();
  let query = firstQuery;
  for (;;) {
    const page = (await fetchPage(query)) as Page;
    const items = page?.data ?? [];
    let broughtNewItem = false;
    for (const item of items) {
      const key = (item as any)?.id ?? JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
      broughtNewItem = true;
      yield item;
      // The caller may have aborted while handling the item: send no further request.
      signal?.throwIfAborted();
    }
    // An empty page is the end of the data; a page of items already yielded is the server repeating itself.
    const next = broughtNewItem ? nextPage(page?.pagination ?? {}, query, items) : items.length > 0 ? 'repeated' : 'end';
    if (next === 'repeated') log('warn')?.(`${iteratorName} stopped early: the server repeated a page`);
    if (typeof next === 'string') return;
    query = { ...query, ...next };
  }
}

/** Follows `next_page_token`, never the same token twice. */
export function nextByPageToken(firstToken: unknown): NextPageRule {
  const followed = new Set([firstToken]);
  return (pagination) => {
    const token = pagination.next_page_token;
    if (!token) return 'end';
    if (followed.has(token)) return 'repeated';
    followed.add(token);
    return { page_token: token };
  };
}

/** Walks `offset` by the number of items received, until `total`. */
export const nextByOffset: NextPageRule = (pagination, query, items) => {
  const total = pagination.total === undefined ? Infinity : pagination.total;
  const offset = ((query.offset as number | undefined) ?? 0) + items.length;
  if (offset < total) return { offset };
  return 'end';
};
