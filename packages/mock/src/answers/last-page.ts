// The last page of a paginated operation in the stateless mock. The mock serves one documented example per
// response, so a client that follows the example's next token (or pages past its total) would get the same
// page forever; a request that continues paging gets the example as the last page instead.
import type { Pagination } from '@vendor/spec-model';

/** How the last page drops the next token: the field left out, or set to null (for a schema that requires it). */
export type NextTokenEnding = 'absent' | 'null';

/**
 * Whether the request continues a walk: it carries the token parameter (any value: every token leads to the
 * last page), or an offset at or past the example's total.
 */
export function continuesPaging(pagination: Pagination, query: URLSearchParams, example: unknown): boolean {
  if (pagination.style === 'page-token') return query.has(pagination.tokenParameter);
  const offset = query.get(pagination.offsetParameter);
  if (offset === null) return false;
  const total = valueAt(example, pagination.totalAt);
  if (typeof total !== 'number') return false;
  return Number(offset) >= total;
}

/**
 * The example as the last page: for page-token style the example's items without a next token; for offset
 * style, past the total, no items (the total says there are none left).
 */
export function lastPageOf(pagination: Pagination, example: unknown, ending: NextTokenEnding): unknown {
  const page = structuredClone(example);
  if (pagination.style === 'page-token') {
    endTokenWalk(page, pagination.nextTokenAt, ending);
    return page;
  }
  setAt(page, pagination.itemsAt, []);
  return page;
}

function endTokenWalk(page: unknown, nextTokenAt: readonly string[], ending: NextTokenEnding): void {
  if (ending === 'null') {
    setAt(page, nextTokenAt, null);
    return;
  }
  const holder = objectAt(page, nextTokenAt.slice(0, -1));
  if (holder !== undefined) delete holder[nextTokenAt.at(-1)!];
}

/** Sets the property at `path`, when the object that holds it exists (an example without it stays without it). */
function setAt(page: unknown, path: readonly string[], value: unknown): void {
  const holder = objectAt(page, path.slice(0, -1));
  if (holder !== undefined) holder[path.at(-1)!] = value;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const name of path) {
    if (!isObject(current)) return undefined;
    current = current[name];
  }
  return current;
}

function objectAt(value: unknown, path: readonly string[]): Record<string, unknown> | undefined {
  const found = valueAt(value, path);
  if (isObject(found)) return found;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
