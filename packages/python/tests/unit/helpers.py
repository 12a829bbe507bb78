"""Clients on an ``httpx.MockTransport``: the server's answers are scripted, the client's attempts and waits recorded."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Union

import httpx

from vendor_api import AsyncPlatformClient, PlatformClient

Handler = Callable[[httpx.Request], httpx.Response]


class Script:
    """Answers requests from a list of responses (the last one repeats), recording each request."""

    def __init__(self, *answers: httpx.Response) -> None:
        self.answers = list(answers)
        self.requests: List[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        index = min(len(self.requests), len(self.answers)) - 1
        return self.answers[index]


def json_response(status: int, body: Any, headers: Optional[Dict[str, str]] = None) -> httpx.Response:
    return httpx.Response(status, json=body, headers=headers or {})


def sync_client(handler: Union[Handler, Script], sleeps: Optional[List[float]] = None, **options: Any) -> PlatformClient:
    client = PlatformClient(
        base_url=options.pop("base_url", "http://control.test"),
        gateway_base_url=options.pop("gateway_base_url", "http://gateway.test"),
        token=options.pop("token", "test-token-0123456789"),
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
        **options,
    )
    recorded = sleeps if sleeps is not None else []
    client._sleep = recorded.append  # waits are recorded, not slept
    return client


def async_client(handler: Union[Handler, Script], sleeps: Optional[List[float]] = None, **options: Any) -> AsyncPlatformClient:
    client = AsyncPlatformClient(
        base_url=options.pop("base_url", "http://control.test"),
        gateway_base_url=options.pop("gateway_base_url", "http://gateway.test"),
        token=options.pop("token", "test-token-0123456789"),
        http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)),
        **options,
    )
    recorded = sleeps if sleeps is not None else []

    async def record(seconds: float) -> None:
        recorded.append(seconds)

    client._sleep = record
    return client


TEAM = {"data": {"id": "t1", "manifest": {"type": "team", "name": "platform", "members": []}}}
