"""Per-call options on every method (extra_headers, extra_query, extra_body, timeout, max_retries), and the client's."""

from __future__ import annotations

import threading

import httpx
import pytest

from vendor_api import APITimeoutError, AsyncPlatformClient, PlatformClient

from .conftest import TOKEN, ServerFactory, async_client_of, sync_client_of
from .server import Answer, json_answer

TEAM = {"data": {"id": "t1", "tenantName": "acme"}}


def held_answers(release: threading.Event) -> Answer:
    """A server that answers only once the test releases it (or stops): later than any timeout given."""
    return Answer(200, b"{}", {"content-type": "application/json"}, hold_until=release)


def test_extra_query_and_extra_body_reach_the_server_with_extra_headers(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer({"data": {"id": "s1", "name": "g", "secrets": []}}))
    sync_client_of(server).create_secret_group(
        name="g",
        integration_id="int-1",
        secrets=[],
        extra_query={"preview": "true"},
        extra_body={"labels": {"env": "dev"}},
        extra_headers={"x-trace": "abc"},
    )
    seen = server.requests[0]
    assert seen.query == {"preview": "true"}
    assert seen.body == {"name": "g", "integrationId": "int-1", "secrets": [], "labels": {"env": "dev"}}
    assert seen.headers["x-trace"] == "abc"


@pytest.mark.anyio
async def test_the_async_methods_take_the_same_options(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer(TEAM))
    await async_client_of(server).get_team(id="t1", extra_query={"expand": "members"}, extra_headers={"x-trace": "def"})
    assert server.requests[0].query == {"expand": "members"}
    assert server.requests[0].headers["x-trace"] == "def"


@pytest.mark.parametrize("timeout", [0.2, httpx.Timeout(5.0, read=0.2)], ids=["float", "httpx.Timeout"])
def test_a_per_call_timeout_bounds_the_wait_for_a_late_server(start_server: ServerFactory, timeout: object) -> None:
    release = threading.Event()
    server = start_server(lambda seen: held_answers(release))
    client = sync_client_of(server, timeout=300.0)
    with pytest.raises(APITimeoutError, match="getTeam timed out waiting for the response"):
        client.get_team(id="t1", timeout=timeout, max_retries=0)  # type: ignore[arg-type]
    release.set()
    assert len(server.requests) == 1


@pytest.mark.anyio
async def test_an_async_per_call_timeout_bounds_the_wait_too(start_server: ServerFactory) -> None:
    release = threading.Event()
    server = start_server(lambda seen: held_answers(release))
    with pytest.raises(APITimeoutError):
        await async_client_of(server).get_team(id="t1", timeout=httpx.Timeout(0.2), max_retries=0)
    release.set()


def test_the_client_takes_an_httpx_timeout_and_with_options_another(start_server: ServerFactory) -> None:
    release = threading.Event()
    server = start_server(lambda seen: held_answers(release))
    client = sync_client_of(server, timeout=httpx.Timeout(300.0))
    assert client.timeout == httpx.Timeout(300.0)
    with pytest.raises(APITimeoutError):
        client.with_options(timeout=httpx.Timeout(0.2), max_retries=0).get_team(id="t1")
    release.set()
    assert client.timeout == httpx.Timeout(300.0)


def test_a_per_call_max_retries_replaces_the_clients(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer({"statusCode": 503, "message": "busy"}, status=503, headers={"retry-after": "0"}))
    with pytest.raises(Exception, match="503"):
        sync_client_of(server, max_retries=5).get_team(id="t1", max_retries=1)
    assert len(server.requests) == 2


def test_a_user_http_client_keeps_its_own_timeout_unless_one_is_given() -> None:
    own = httpx.Client(timeout=300.0)
    assert PlatformClient(base_url="https://api.example", token=TOKEN, http_client=own).timeout == httpx.Timeout(300.0)
    assert PlatformClient(base_url="https://api.example", token=TOKEN, http_client=own, timeout=5).timeout == httpx.Timeout(5.0)
    assert PlatformClient(base_url="https://api.example", token=TOKEN).timeout == httpx.Timeout(60.0)
    own_async = httpx.AsyncClient(timeout=httpx.Timeout(120.0, connect=3.0))
    assert AsyncPlatformClient(base_url="https://api.example", token=TOKEN, http_client=own_async).timeout == httpx.Timeout(120.0, connect=3.0)


def test_with_options_default_headers_and_token_apply_to_the_copy_only(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer(TEAM))
    client = sync_client_of(server, default_headers={"x-team": "core"})
    client.with_options(token="tok-other-987654", default_headers={"x-run": "7"}).get_team(id="t1")
    client.get_team(id="t1")
    first, second = server.requests
    assert first.headers["authorization"] == "Bearer tok-other-987654"
    assert (first.headers["x-team"], first.headers["x-run"]) == ("core", "7")
    assert second.headers["authorization"] == f"Bearer {TOKEN}"
    assert "x-run" not in second.headers


def test_an_unknown_option_is_a_type_error_naming_it(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer(TEAM))
    with pytest.raises(TypeError, match="getTeam: unexpected keyword argument 'extra_quer'"):
        sync_client_of(server).get_team(id="t1", extra_quer={"a": 1})  # type: ignore[call-arg]
    assert server.requests == []


def test_a_negative_timeout_names_the_option(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer(TEAM))
    with pytest.raises(ValueError, match="timeout must be a non-negative number"):
        sync_client_of(server).get_team(id="t1", timeout=-1)


def test_the_raw_forms_wrap_the_methods_with_the_same_options(start_server: ServerFactory) -> None:
    versions = {"data": [{"id": "v1", "fqn": "agent-skill:acme/r/s:1"}], "pagination": {"total": 1, "offset": 0, "limit": 1}}
    server = start_server(lambda seen: json_answer(versions if "versions" in seen.path else TEAM, headers={"x-request-id": "req-raw"}))
    client = sync_client_of(server)
    raw = client.with_raw_response.get_team(id="t1", extra_headers={"x-trace": "raw"})
    assert (raw.status_code, raw.request_id) == (200, "req-raw")
    assert raw.parse().data.tenant_name == "acme"
    assert server.requests[0].headers["x-trace"] == "raw"
    page = client.with_raw_response.list_agent_skill_versions(limit=1).parse()
    assert [v.id for v in page] == ["v1"]
    assert client.with_raw_response.get_team.__doc__ == client.get_team.__doc__


@pytest.mark.anyio
async def test_the_async_raw_forms_answer_the_response_and_a_list_s_first_page(start_server: ServerFactory) -> None:
    versions = {"data": [{"id": "v1", "fqn": "agent-skill:acme/r/s:1"}], "pagination": {"total": 1, "offset": 0, "limit": 1}}
    server = start_server(lambda seen: json_answer(versions if "versions" in seen.path else TEAM))
    client = async_client_of(server)
    raw = await client.with_raw_response.get_team(id="t1", extra_query={"a": "1"})
    assert raw.parse().data.id == "t1"
    assert server.requests[0].query == {"a": "1"}
    first = (await client.with_raw_response.list_agent_skill_versions(limit=1)).parse()
    assert [v.id for v in first.items] == ["v1"]
