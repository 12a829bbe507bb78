"""The test server (tests/served/server.py), and clients of both flavours pointed at it."""

from __future__ import annotations

from typing import Any, Callable, Iterator, List

import pytest

from vendor_api import AsyncPlatformClient, PlatformClient

from .server import Route, TestServer

ServerFactory = Callable[[Route], TestServer]


@pytest.fixture
def start_server() -> Iterator[ServerFactory]:
    """Starts test servers on 127.0.0.1; each is stopped after the test."""
    started: List[TestServer] = []

    def start(route: Route) -> TestServer:
        server = TestServer(route)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


TOKEN = "tok-served-0123456789"


def sync_client_of(server: TestServer, **options: Any) -> PlatformClient:
    """A client of the control plane at ``/cp`` and the gateway at ``/gw`` of the server; retries do not wait."""
    client = PlatformClient(base_url=f"{server.url}/cp", gateway_base_url=f"{server.url}/gw", token=options.pop("token", TOKEN), **options)
    client._sleep = lambda seconds: None
    return client


def async_client_of(server: TestServer, **options: Any) -> AsyncPlatformClient:
    client = AsyncPlatformClient(base_url=f"{server.url}/cp", gateway_base_url=f"{server.url}/gw", token=options.pop("token", TOKEN), **options)

    async def no_wait(seconds: float) -> None:
        return None

    client._sleep = no_wait
    return client
