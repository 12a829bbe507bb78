"""A token function is called before every attempt, retries included, and its tokens never leak."""

from __future__ import annotations

import itertools
import logging

import pytest

from vendor_api import InternalServerError

from .conftest import ServerFactory, async_client_of, sync_client_of
from .server import Answer, Route, Seen, json_answer

TEAM = {"data": {"id": "t1", "tenantName": "acme"}}


def busy_twice() -> Route:
    answers = itertools.count()

    def route(seen: Seen) -> Answer:
        if next(answers) < 2:
            return json_answer({"statusCode": 503, "message": "busy"}, status=503, headers={"retry-after": "0"})
        return json_answer(TEAM)

    return route


def test_a_token_function_is_called_once_per_attempt(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    server = start_server(busy_twice())
    issued = (f"tok-rotating-{n:04d}" for n in itertools.count(1))
    calls = []

    def token() -> str:
        calls.append(1)
        return next(issued)

    client = sync_client_of(server, token=token)
    with caplog.at_level(logging.DEBUG, logger="vendor_api"):
        assert client.get_team(id="t1").data.tenant_name == "acme"
    assert len(calls) == 3
    assert [seen.headers["authorization"] for seen in server.requests] == [f"Bearer tok-rotating-{n:04d}" for n in (1, 2, 3)]
    assert "tok-rotating" not in caplog.text
    assert "tok-rotating" not in repr(client)


def test_a_token_function_s_token_is_redacted_from_an_error(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer({"statusCode": 500, "message": f"bad {seen.headers['authorization'][7:]}"}, status=500))
    with pytest.raises(InternalServerError) as caught:
        sync_client_of(server, token=lambda: "tok-leaky-123456", max_retries=0).get_team(id="t1")
    assert "tok-leaky-123456" not in str(caught.value)
    assert "tok-leaky-123456" not in repr(caught.value.raw_body)


@pytest.mark.anyio
async def test_an_async_token_function_is_awaited_before_every_attempt(start_server: ServerFactory) -> None:
    server = start_server(busy_twice())
    calls = []

    async def token() -> str:
        calls.append(1)
        return f"tok-async-{len(calls)}"

    client = async_client_of(server, token=token)
    await client.get_team(id="t1")
    assert len(calls) == 3
    assert [seen.headers["authorization"] for seen in server.requests] == ["Bearer tok-async-1", "Bearer tok-async-2", "Bearer tok-async-3"]


def test_a_token_function_that_returns_no_string_is_a_clear_error(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer(TEAM))
    with pytest.raises(TypeError, match="getTeam: the token function must return a non-empty string"):
        sync_client_of(server, token=lambda: None).get_team(id="t1")
    assert server.requests == []


def test_an_async_token_function_on_the_sync_client_is_refused_at_construction() -> None:
    from vendor_api import PlatformClient

    async def token() -> str:
        return "tok-async-0"

    with pytest.raises(TypeError, match="an async function needs AsyncPlatformClient"):
        PlatformClient(base_url="https://api.example", token=token)  # type: ignore[arg-type]
