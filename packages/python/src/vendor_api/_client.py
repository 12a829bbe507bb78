"""``PlatformClient`` and ``AsyncPlatformClient``: the generated methods on the HTTP core, with their options."""

from __future__ import annotations

from types import TracebackType
from typing import Mapping, Optional, Type, Union

import httpx

from ._base_client import DEFAULT_MAX_RETRIES
from ._types import NOT_GIVEN, AsyncToken, NotGiven, SyncToken, Timeout
from .generated.methods import AsyncOperations, AsyncRawOperations, SyncOperations, SyncRawOperations

__all__ = ["AsyncPlatformClient", "PlatformClient"]


class PlatformClient(SyncOperations):
    """The Platform API, one blocking method per operation.

    Args:
        base_url: the control plane's base URL; else ``VENDOR_API_BASE_URL``.
        gateway_base_url: the gateway's base URL; else ``VENDOR_API_GATEWAY_BASE_URL``, else ``base_url``.
        token: the bearer token, or a function returning the current one (called before every attempt, retries
            included); else ``VENDOR_API_TOKEN``. Never shown in a repr, an error or a log.
        max_retries: retries of an idempotent operation after a retryable failure (2: up to 3 attempts).
        timeout: as httpx applies it, per phase of each attempt: a float bounds connecting, each read, each write
            and the wait for a pooled connection separately (not the whole attempt); an ``httpx.Timeout`` sets each
            phase; ``None``: no limit. Default 60 s, or the ``http_client``'s own timeout when one is given.
        http_client: an ``httpx.Client`` of your own (hooks, proxies, transports); the client never closes it.
        default_headers: headers sent with every request.
    """

    def __init__(
        self,
        *,
        base_url: Optional[str] = None,
        gateway_base_url: Optional[str] = None,
        token: Optional[SyncToken] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        http_client: Optional[httpx.Client] = None,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(
            base_url=base_url,
            gateway_base_url=gateway_base_url,
            token=token,
            max_retries=max_retries,
            timeout=timeout,
            default_headers=default_headers,
            http_client=http_client,
        )

    def with_options(
        self,
        *,
        max_retries: Optional[int] = None,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        token: Optional[SyncToken] = None,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> PlatformClient:
        """A client like this one with other options, sharing its connections: ``client.with_options(max_retries=0).get_team(...)``.

        ``default_headers`` are added to this client's own.
        """
        copy: PlatformClient = self._copy_with(max_retries=max_retries, timeout=timeout, token=token, default_headers=default_headers)
        return copy

    @property
    def with_raw_response(self) -> SyncRawOperations:
        """Every method, answering the raw response: ``.status_code``, ``.headers``, ``.request_id``, ``.parse()``."""
        return SyncRawOperations(self)

    def __enter__(self) -> PlatformClient:
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException], traceback: Optional[TracebackType]) -> None:
        self.close()


class AsyncPlatformClient(AsyncOperations):
    """The Platform API, one awaitable method per operation; the same options as ``PlatformClient``
    (``http_client``: an ``httpx.AsyncClient``)."""

    def __init__(
        self,
        *,
        base_url: Optional[str] = None,
        gateway_base_url: Optional[str] = None,
        token: Optional[AsyncToken] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        http_client: Optional[httpx.AsyncClient] = None,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> None:
        super().__init__(
            base_url=base_url,
            gateway_base_url=gateway_base_url,
            token=token,
            max_retries=max_retries,
            timeout=timeout,
            default_headers=default_headers,
            http_client=http_client,
        )

    def with_options(
        self,
        *,
        max_retries: Optional[int] = None,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        token: Optional[AsyncToken] = None,
        default_headers: Optional[Mapping[str, str]] = None,
    ) -> AsyncPlatformClient:
        """A client like this one with other options, sharing its connections."""
        copy: AsyncPlatformClient = self._copy_with(max_retries=max_retries, timeout=timeout, token=token, default_headers=default_headers)
        return copy

    @property
    def with_raw_response(self) -> AsyncRawOperations:
        return AsyncRawOperations(self)

    async def __aenter__(self) -> AsyncPlatformClient:
        return self

    async def __aexit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException], traceback: Optional[TracebackType]) -> None:
        await self.close()
