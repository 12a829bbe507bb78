"""``client.with_raw_response.<method>(...)``: the response itself, parsed only when asked."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Generic, Optional, TypeVar, cast

import httpx
from typing_extensions import ParamSpec

if TYPE_CHECKING:
    from ._pagination import AsyncPage, AsyncPager

__all__ = ["RawResponse", "async_pager_to_raw_response", "async_to_raw_response", "request_id_of", "to_raw_response"]

T = TypeVar("T")

# Where servers and the gateways in front of them put the id of a request, in the order they are read.
_REQUEST_ID_HEADERS = ("x-request-id", "request-id", "x-amzn-requestid")


def request_id_of(response: httpx.Response) -> Optional[str]:
    """The response's request id (quote it when reporting a problem), else ``None``."""
    for name in _REQUEST_ID_HEADERS:
        value: Optional[str] = response.headers.get(name)
        if value:
            return value
    return None


class RawResponse(Generic[T]):
    """The 2xx response of a call: ``.status_code``, ``.headers``, ``.request_id``, ``.parse()`` for the model."""

    def __init__(self, response: httpx.Response, parse: Callable[[], T]) -> None:
        self.http_response = response
        self._parse = parse
        self._parsed: Optional[T] = None
        self._is_parsed = False

    @property
    def status_code(self) -> int:
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        return self.http_response.headers

    @property
    def request_id(self) -> Optional[str]:
        return request_id_of(self.http_response)

    def json(self) -> Any:
        """The body as JSON, unparsed (``None`` when empty)."""
        return self.http_response.json() if self.http_response.content else None

    def parse(self) -> T:
        """The body as the operation's response model, or a list operation's first page (parsed once)."""
        if not self._is_parsed:
            self._parsed = self._parse()
            self._is_parsed = True
        return self._parsed  # type: ignore[return-value]


P = ParamSpec("P")
ItemT = TypeVar("ItemT")
BodyT = TypeVar("BodyT")


def to_raw_response(method: Callable[P, T]) -> Callable[P, RawResponse[T]]:
    """A method that answers the raw response instead (``with_raw_response``): the same call, the same options."""

    @functools.wraps(method)
    def raw(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        # `_raw` is the core's private option: it hands back the response, parsed on .parse().
        call = cast(Callable[..., RawResponse[T]], method)
        return call(*args, _raw=True, **kwargs)

    return raw


def async_to_raw_response(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[RawResponse[T]]]:
    """``to_raw_response`` for an async method."""

    @functools.wraps(method)
    async def raw(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        call = cast(Callable[..., Awaitable[RawResponse[T]]], method)
        return await call(*args, _raw=True, **kwargs)

    return raw


def async_pager_to_raw_response(
    method: Callable[P, AsyncPager[ItemT, BodyT]],
) -> Callable[P, Awaitable[RawResponse[AsyncPage[ItemT, BodyT]]]]:
    """``to_raw_response`` for an async list method: the first page's response, ``.parse()`` giving the page."""

    @functools.wraps(method)
    async def raw(*args: P.args, **kwargs: P.kwargs) -> RawResponse[AsyncPage[ItemT, BodyT]]:
        page = await method(*args, **kwargs)
        return RawResponse(page.http_response, lambda: page)

    return raw
