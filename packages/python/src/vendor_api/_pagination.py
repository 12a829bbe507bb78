"""Pages of the list operations, walked as their ``x-pagination`` says (page tokens or offsets), sync and async.

A walk follows the server's own signal: the next page token until a page names none, the offset until the total.
It stops early only when it would ask for a page it has already asked for (the same token again, or the same
offset because a page came back empty while the total says more), with a warning naming the operation. An item
that the previous page already brought (a list that shifted under the walk) is skipped; a page of such repeats
never ends the walk while the server says there is more. What a walk remembers is bounded by the page: the ids
of the last page, and for page tokens the tokens it has asked for (one per page). The TypeScript client's
iterators (packages/client/src/pagination.ts) follow the same rules.
"""

from __future__ import annotations

import json
from typing import (
    Any,
    AsyncIterator,
    Awaitable,
    Callable,
    Dict,
    FrozenSet,
    Generator,
    Generic,
    Iterator,
    List,
    Optional,
    Tuple,
    TypeVar,
    cast,
)

import httpx

from ._logging import logger
from ._operation import OffsetPagination, Operation, PageTokenPagination
from ._response import request_id_of

__all__ = ["AsyncPage", "AsyncPager", "SyncPage"]

ItemT = TypeVar("ItemT")
BodyT = TypeVar("BodyT")

Query = Dict[str, Any]
# What fetching one page gives: the parsed body, its JSON, and the response.
Fetched = Tuple[Any, Any, httpx.Response]

_MISSING: Any = object()


def _at(value: Any, path: Tuple[str, ...]) -> Any:
    """The value at a property path of a JSON body; _MISSING when a step is absent, None when one is null."""
    for key in path:
        if value is None:
            return None
        if not isinstance(value, dict) or key not in value:
            return _MISSING
        value = value[key]  # pyright: ignore[reportUnknownVariableType]
    return value  # pyright: ignore[reportUnknownVariableType]


def _item_key(item: Any) -> Any:
    if isinstance(item, dict) and item.get("id") is not None:  # pyright: ignore[reportUnknownMemberType]
        return item["id"]  # pyright: ignore[reportUnknownVariableType]
    return json.dumps(item, sort_keys=True)


class _Walk:
    """Where a walk stands after a page: the ids of that page and the page tokens asked for so far.

    Immutable: each page keeps the state it was read with, so that walking from a page again (iterating it twice)
    starts from the same place, and a page holds no reference to the pages after it.
    """

    def __init__(
        self,
        operation: Operation,
        parse_item: Callable[[Any], Any],
        requested_tokens: FrozenSet[Any] = frozenset(),
        previous_keys: FrozenSet[Any] = frozenset(),
    ) -> None:
        assert operation.pagination is not None
        self.operation = operation
        self.pagination = operation.pagination
        self.parse_item = parse_item
        self.requested_tokens = requested_tokens
        self.previous_keys = previous_keys

    def read_page(self, data: Any, query: Query) -> Tuple[List[Any], Optional[Query], _Walk]:
        """The page's items (those the previous page did not bring, parsed), the next page's query (None after
        the last) and the walk's state after this page."""
        raw_items = _at(data, self.pagination.items_at)
        items_list: List[Any] = list(raw_items) if isinstance(raw_items, list) else []  # pyright: ignore[reportUnknownArgumentType]
        keys = [_item_key(item) for item in items_list]
        new_items = [self.parse_item(item) for item, key in zip(items_list, keys) if key not in self.previous_keys]
        requested = self.requested_tokens
        if isinstance(self.pagination, PageTokenPagination):
            requested = requested | {query.get(self.pagination.token_parameter)}
        next_query = self._next_query(data, query, len(items_list), requested)
        after = _Walk(self.operation, self.parse_item, requested, frozenset(keys))
        return new_items, next_query, after

    def _next_query(self, data: Any, query: Query, received: int, requested: FrozenSet[Any]) -> Optional[Query]:
        pagination = self.pagination
        operation_id = self.operation.operation_id
        if isinstance(pagination, PageTokenPagination):
            token = _at(data, pagination.next_token_at)
            if token is _MISSING or not token:
                return None
            if token in requested:
                logger.warning("%s stopped early: the server named page token %r again, a page already asked for", operation_id, token)
                return None
            return {**query, pagination.token_parameter: token}
        assert isinstance(pagination, OffsetPagination)
        reported = _at(data, pagination.total_at)
        offset = int(query.get(pagination.offset_parameter) or 0)
        next_offset = offset + received
        # Without a total the walk goes on until an empty page; a null total ends it.
        has_total = reported is not _MISSING and reported is not None
        more = (reported is _MISSING and received > 0) or (has_total and next_offset < cast(int, reported))
        if not more:
            return None
        would_repeat = next_offset == offset
        if would_repeat:
            logger.warning("%s stopped early: an empty page at offset %d while the total is %s", operation_id, offset, reported)
            return None
        return {**query, pagination.offset_parameter: next_offset}


class SyncPage(Generic[ItemT, BodyT]):
    """One page of a list operation. Iterating it yields every item of this page and the pages after it."""

    def __init__(self, walk: _Walk, fetch: Callable[[Query], Fetched], query: Query, fetched: Fetched) -> None:
        self._fetch = fetch
        self._operation_id = walk.operation.operation_id
        self.body: BodyT = fetched[0]
        self.http_response: httpx.Response = fetched[2]
        self.items: List[ItemT]
        self.items, self._next_query, self._walk = walk.read_page(fetched[1], query)
        self._next: Optional[SyncPage[ItemT, BodyT]] = None

    @property
    def request_id(self) -> Optional[str]:
        return request_id_of(self.http_response)

    def has_next_page(self) -> bool:
        return self._next_query is not None

    def next_page(self) -> SyncPage[ItemT, BodyT]:
        """The page after this one (fetched on first use); RuntimeError when there is none."""
        if self._next is None:
            self._next = self._fetch_next()
        return self._next

    def _fetch_next(self) -> SyncPage[ItemT, BodyT]:
        if self._next_query is None:
            raise RuntimeError(f"{self._operation_id}: no next page (check has_next_page() first)")
        return SyncPage(self._walk, self._fetch, self._next_query, self._fetch(self._next_query))

    def iter_pages(self) -> Iterator[SyncPage[ItemT, BodyT]]:
        """This page, then each following page, fetched as needed (only the current page is held)."""
        page: SyncPage[ItemT, BodyT] = self
        yield page
        while page.has_next_page():
            page = page._fetch_next()
            yield page

    def __iter__(self) -> Iterator[ItemT]:
        for page in self.iter_pages():
            yield from page.items


class AsyncPage(Generic[ItemT, BodyT]):
    """One page of a list operation, async. ``async for`` over it yields every item of this page and those after."""

    def __init__(self, walk: _Walk, fetch: Callable[[Query], Awaitable[Fetched]], query: Query, fetched: Fetched) -> None:
        self._fetch = fetch
        self._operation_id = walk.operation.operation_id
        self.body: BodyT = fetched[0]
        self.http_response: httpx.Response = fetched[2]
        self.items: List[ItemT]
        self.items, self._next_query, self._walk = walk.read_page(fetched[1], query)
        self._next: Optional[AsyncPage[ItemT, BodyT]] = None

    @property
    def request_id(self) -> Optional[str]:
        return request_id_of(self.http_response)

    def has_next_page(self) -> bool:
        return self._next_query is not None

    async def next_page(self) -> AsyncPage[ItemT, BodyT]:
        """The page after this one (fetched on first use); RuntimeError when there is none."""
        if self._next is None:
            self._next = await self._fetch_next()
        return self._next

    async def _fetch_next(self) -> AsyncPage[ItemT, BodyT]:
        if self._next_query is None:
            raise RuntimeError(f"{self._operation_id}: no next page (check has_next_page() first)")
        fetched = await self._fetch(self._next_query)
        return AsyncPage(self._walk, self._fetch, self._next_query, fetched)

    async def iter_pages(self) -> AsyncIterator[AsyncPage[ItemT, BodyT]]:
        page: AsyncPage[ItemT, BodyT] = self
        yield page
        while page.has_next_page():
            page = await page._fetch_next()
            yield page

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        async for page in self.iter_pages():
            for item in page.items:
                yield item


class AsyncPager(Generic[ItemT, BodyT]):
    """What an async list method returns: ``await`` it for the first page, or ``async for`` over every item."""

    def __init__(self, new_walk: Callable[[], _Walk], fetch: Callable[[Query], Awaitable[Fetched]], query: Query) -> None:
        self._new_walk = new_walk
        self._fetch = fetch
        self._query = query

    async def _first_page(self) -> AsyncPage[ItemT, BodyT]:
        # Each await or `async for` is a walk of its own, from the first page.
        fetched = await self._fetch(self._query)
        return AsyncPage(self._new_walk(), self._fetch, self._query, fetched)

    def __await__(self) -> Generator[Any, None, AsyncPage[ItemT, BodyT]]:
        return self._first_page().__await__()

    async def iter_pages(self) -> AsyncIterator[AsyncPage[ItemT, BodyT]]:
        first = await self._first_page()
        async for page in first.iter_pages():
            yield page

    async def __aiter__(self) -> AsyncIterator[ItemT]:
        first = await self._first_page()
        async for item in first:
            yield item
