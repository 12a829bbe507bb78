"""Small types shared by the client's modules."""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Mapping, Optional, Union

import httpx
from typing_extensions import Literal, TypedDict, final

__all__ = ["NOT_GIVEN", "AsyncToken", "NotGiven", "RequestOptions", "SyncToken", "Timeout"]


@final
class NotGiven:
    """The default of an optional body field: the field is not sent (``None`` sends JSON ``null``)."""

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __reduce__(self) -> Any:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()

# What `timeout` takes: seconds for each phase httpx times (connect, read, write, pool), an httpx.Timeout with a
# value per phase, or None for no limit.
Timeout = Union[float, httpx.Timeout, None]

# A bearer token, or a function that returns the current one (called before every attempt, retries included).
SyncToken = Union[str, Callable[[], str]]
AsyncToken = Union[str, Callable[[], str], Callable[[], Awaitable[str]]]


class RequestOptions(TypedDict, total=False):
    """The options every method takes besides the operation's own arguments (all optional)."""

    extra_headers: Optional[Mapping[str, str]]
    """Headers added to (or replacing) the request's own."""
    extra_query: Optional[Mapping[str, object]]
    """Query parameters added to the request's own (one the contract does not describe yet, say)."""
    extra_body: Optional[Mapping[str, object]]
    """Properties merged into the JSON body."""
    timeout: Timeout
    """This call's timeout instead of the client's (see ``Timeout``)."""
    max_retries: int
    """This call's retries instead of the client's (idempotent operations only)."""


REQUEST_OPTIONS = frozenset(RequestOptions.__annotations__)
