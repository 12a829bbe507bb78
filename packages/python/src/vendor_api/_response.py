"""``client.with_raw_response.<method>(...)``: the response itself, parsed only when asked."""

from __future__ import annotations

from typing import Any, Callable, Generic, Optional, TypeVar

import httpx

__all__ = ["RawResponse", "request_id_of"]

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

    def __init__(self, response: httpx.Response, parse: Callable[[Any], T]) -> None:
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
        """The body as the operation's response model (parsed once)."""
        if not self._is_parsed:
            self._parsed = self._parse(self.json())
            self._is_parsed = True
        return self._parsed  # type: ignore[return-value]
