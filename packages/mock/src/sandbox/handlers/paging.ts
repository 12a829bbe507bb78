// How the sandbox's list handlers page: by the operation's `x-pagination`, as the spec model reads it. It
// names the query parameters that carry the token, the offset and the page size, and where a page's items,
// next token and total go in its body; nothing here knows those names.
import type { OffsetPagination, PageTokenPagination, Pagination, SpecOperation } from '@vendor/spec-model';
import type { Json } from '../../types.js';
import { parameterDefault } from '../../spec/documented-examples.js';
import type { SandboxContext } from '../../pipeline/seams.js';
import type { Body } from '../store/record-store.js';
import { queryValue } from './request-values.js';

/** The operation's pagination in the style its handler walks; a spec without it cannot be paged (a 500 naming it). */
export function paginationOf(operation: SpecOperation, style: 'page-token'): PageTokenPagination;
export function paginationOf(operation: SpecOperation, style: 'offset'): OffsetPagination;
export function paginationOf(operation: SpecOperation, style: Pagination['style']): Pagination {
  const { pagination } = operation;
  if (pagination?.style !== style) {
    throw new Error(`the sandbox pages ${operation.operationId} by x-pagination with style ${style}; the spec gives ${pagination?.style ?? 'none'}`);
  }
  return pagination;
}

/** The page size a request asks for: its limit parameter, else that parameter's default, else `fallback`. */
export function requestedLimit(ctx: SandboxContext, operation: SpecOperation, pagination: Pagination, fallback: number): number {
  const asked = queryValue(ctx, pagination.limitParameter);
  if (asked !== undefined) return Number(asked);
  const documented = parameterDefault(operation, pagination.limitParameter);
  return Number(documented ?? fallback);
}

/**
 * A page body with each value at its property path (`[['data'], items], [['pagination', 'total'], 3]` gives
 * `{ data: items, pagination: { total: 3 } }`), in the order given.
 */
export function pageBody(fields: ReadonlyArray<readonly [path: readonly string[], value: Json]>): Body {
  const body: Body = {};
  for (const [path, value] of fields) placeAt(body, path, value);
  return body;
}

/**
 * The path of a field beside the one at `path`. The x-pagination says where the next token or the total goes;
 * the page's own size and offset are echoed next to it (`pagination.limit`), where the page schemas list them.
 */
export function besidePath(path: readonly string[], name: string): string[] {
  return [...path.slice(0, -1), name];
}

function placeAt(body: Body, path: readonly string[], value: Json): void {
  let parent = body;
  for (const name of path.slice(0, -1)) {
    const child = parent[name];
    const isObject = child !== null && typeof child === 'object' && !Array.isArray(child);
    if (!isObject) parent[name] = {};
    parent = parent[name] as Body;
  }
  parent[path[path.length - 1]!] = value;
}
