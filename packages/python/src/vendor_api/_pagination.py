"""Pages of the list operations, walked as their ``x-pagination`` says (page tokens or offsets), sync and async.

Mirrors the TypeScript client: each item is yielded once (by ``id``), and a walk stops by itself after the last page,
or on a page that brings nothing new (a server repeating itself never makes it loop).
"""

from __future__ import annotations

import json
from typing import Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, Optional, Set, Tuple, TypeVar

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
        return item["id"]
    return json.dumps(item, sort_keys=True)


class _Walk:
    """What the pages of one walk share: the items and tokens seen so far, and how the next query is found."""

    def __init__(self, operation: Operation, parse_item: Callable[[Any], Any]) -> None:
        assert operation.pagination is not None
        self.operation = operation
        self.pagination = operation.pagination
        self.parse_item = parse_item
        self.seen: Set[Any] = set()
        self.followed_tokens: Set[Any] = set()

    def read_page(self, data: Any, query: Query, is_first: bool) -> Tuple[List[Any], Optional[Query]]:
        """The new items of a page (parsed) and the query of the next page, or None after the last."""
        raw_items = _at(data, self.pagination.items_at)
        items_list: List[Any] = list(raw_items) if isinstance(raw_items, list) else []  # pyright: ignore[reportUnknownArgumentType]
        new_items: List[Any] = []
        for item in items_list:
            key = _item_key(item)
            if key not in self.seen:
                self.seen.add(key)
                new_items.append(self.parse_item(item))
        if is_first:
            self.followed_tokens.add(query.get(getattr(self.pagination, "token_parameter", ""), None))
        next_query = self._next_query(data, query, len(items_list))
        brought_new = len(new_items) > 0
        if not brought_new and next_query is not None:
            if items_list:
                logger.warning("%s stopped early: the server repeated a page", self.operation.operation_id)
            next_query = None
        return new_items, next_query

    def _next_query(self, data: Any, query: Query, received: int) -> Optional[Query]:
        pagination = self.pagination
        if isinstance(pagination, PageTokenPagination):
            token = _at(data, pagination.next_token_at)
            if token is _MISSING or not token:
                return None
            if token in self.followed_tokens:
                logger.warning("%s stopped early: the server repeated a page token", self.operation.operation_id)
                return None
            self.followed_tokens.add(token)
            return {**query, pagination.token_parameter: token}
        assert isinstance(pagination, OffsetPagination)
        reported = _at(data, pagination.total_at)
        offset = int(query.get(pagination.offset_parameter) or 0) + received
        # Without a total the walk goes on until an empty page; a null total ends it.
        before_total = reported is _MISSING or (reported is not None and offset < reported)
        return {**query, pagination.offset_parameter: offset} if before_total else None


class SyncPage(Generic[ItemT, BodyT]):
    """One page of a list operation. Iterating it yields every item of this page and the pages after it."""

    def __init__(self, walk: _Walk, fetch: Callable[[Query], Fetched], query: Query, fetched: Fetched, is_first: bool) -> None:
        self._walk = walk
        self._fetch = fetch
        self.body: BodyT = fetched[0]
        self.http_response: httpx.Response = fetched[2]
        self.items: List[ItemT]
        self.items, self._next_query = walk.read_page(fetched[1], query, is_first)
        # Fetched once: iterating a page twice walks the same pages again without asking the server.
        self._next: Optional[SyncPage[ItemT, BodyT]] = None

    @property
    def request_id(self) -> Optional[str]:
        return request_id_of(self.http_response)

    def has_next_page(self) -> bool:
        return self._next_query is not None

    def next_page(self) -> SyncPage[ItemT, BodyT]:
        """The page after this one (fetched on first use); RuntimeError when there is none."""
        if self._next_query is None:
            raise RuntimeError(f"{self._walk.operation.operation_id}: no next page (check has_next_page() first)")
        if self._next is None:
            self._next = SyncPage(self._walk, self._fetch, self._next_query, self._fetch(self._next_query), is_first=False)
        return self._next

    def iter_pages(self) -> Iterator[SyncPage[ItemT, BodyT]]:
        """This page, then each following page, fetched as needed."""
        page: SyncPage[ItemT, BodyT] = self
        yield page
        while page.has_next_page():
            page = page.next_page()
            yield page

    def __iter__(self) -> Iterator[ItemT]:
        for page in self.iter_pages():
            yield from page.items


class AsyncPage(Generic[ItemT, BodyT]):
    """One page of a list operation, async. ``async for`` over it yields every item of this page and those after."""

    def __init__(self, walk: _Walk, fetch: Callable[[Query], Awaitable[Fetched]], query: Query, fetched: Fetched, is_first: bool) -> None:
        self._walk = walk
        self._fetch = fetch
        self.body: BodyT = fetched[0]
        self.http_response: httpx.Response = fetched[2]
        self.items: List[ItemT]
        self.items, self._next_query = walk.read_page(fetched[1], query, is_first)
        self._next: Optional[AsyncPage[ItemT, BodyT]] = None

    @property
    def request_id(self) -> Optional[str]:
        return request_id_of(self.http_response)

    def has_next_page(self) -> bool:
        return self._next_query is not None

    async def next_page(self) -> AsyncPage[ItemT, BodyT]:
        """The page after this one (fetched on first use); RuntimeError when there is none."""
        if self._next_query is None:
            raise RuntimeError(f"{self._walk.operation.operation_id}: no next page (check has_next_page() first)")
        if self._next is None:
            fetched = await self._fetch(self._next_query)
            self._next = AsyncPage(self._walk, self._fetch, self._next_query, fetched, is_first=False)
        return self._next

    async def iter_pages(self) -> AsyncIterator[AsyncPage[ItemT, BodyT]]:
        page: AsyncPage[ItemT, BodyT] = self
        yield page
        while page.has_next_page():
            page = await page.next_page()
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
        return AsyncPage(self._new_walk(), self._fetch, self._query, fetched, is_first=True)

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
