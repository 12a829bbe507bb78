"""Shared by every test: the async tests run on asyncio (anyio's pytest plugin, which httpx brings)."""

from __future__ import annotations

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
