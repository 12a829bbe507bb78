"""The pytest plugin of vendor_api (registered through the ``pytest11`` entry point): fixtures that run the mock.

- ``platform_mock``: a ``PlatformClient`` on the stateless mock (any token; documented examples back).
- ``platform_sandbox``: a ``PlatformClient`` on a stateful sandbox, with a token for tenant ``acme``.

Each server starts once per test session on a free loopback port and stops when the session ends.
"""

from __future__ import annotations

from typing import Iterator

import pytest

from .._client import PlatformClient
from ._mock_server import MockServer, MockServerError, start_mock

__all__ = ["platform_mock", "platform_mock_server", "platform_sandbox", "platform_sandbox_server"]


def _start(sandbox: bool) -> MockServer:
    try:
        return start_mock(sandbox=sandbox)
    except MockServerError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def platform_mock_server() -> Iterator[MockServer]:
    """The stateless mock, for the whole session: ``.url``."""
    server = _start(sandbox=False)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def platform_sandbox_server() -> Iterator[MockServer]:
    """The sandbox, for the whole session: ``.url`` and ``.token`` (tenant ``acme``)."""
    server = _start(sandbox=True)
    yield server
    server.stop()


@pytest.fixture
def platform_mock(platform_mock_server: MockServer) -> Iterator[PlatformClient]:
    """A client on the stateless mock (both address spaces on its URL)."""
    with PlatformClient(base_url=platform_mock_server.url, gateway_base_url=platform_mock_server.url, token="any") as client:
        yield client


@pytest.fixture
def platform_sandbox(platform_sandbox_server: MockServer) -> Iterator[PlatformClient]:
    """A client on the sandbox, as tenant ``acme``."""
    assert platform_sandbox_server.token is not None
    with PlatformClient(base_url=platform_sandbox_server.url, gateway_base_url=platform_sandbox_server.url, token=platform_sandbox_server.token) as client:
        yield client
