"""Rate limits, server errors, timeouts and refused connections, made on purpose by the mock (`Prefer: fault=...`)."""

from __future__ import annotations

import socket
import uuid
from typing import List

import httpx
import pytest

from vendor_api import APIConnectionError, APITimeoutError, PlatformClient, RateLimitError
from vendor_api.testing import MockServer

TEAM_ID = "jqfwg345gi25n5ju2yz5iz6m"


def recording_client(server: MockServer, statuses: List[int], sleeps: List[float], **options: object) -> PlatformClient:
    http = httpx.Client(event_hooks={"response": [lambda response: statuses.append(response.status_code)]})
    client = PlatformClient(base_url=server.url, token="any", http_client=http, **options)  # type: ignore[arg-type]
    client._sleep = sleeps.append  # the wait asked for is recorded; the mock answers the retry at once
    return client


def once(kind: str) -> str:
    return f"fault={kind}, times=1, key={uuid.uuid4()}"


def test_a_429_on_an_idempotent_operation_is_retried_after_retry_after(platform_mock_server: MockServer) -> None:
    statuses: List[int] = []
    sleeps: List[float] = []
    client = recording_client(platform_mock_server, statuses, sleeps)
    team = client.get_team(id=TEAM_ID, extra_headers={"Prefer": once("429") + ", retry-after=1"})
    assert team.data.id == TEAM_ID
    assert statuses == [429, 200]
    assert sleeps == [1.0]


def test_a_429_on_a_non_idempotent_operation_is_raised_as_rate_limit_error(platform_mock_server: MockServer) -> None:
    statuses: List[int] = []
    sleeps: List[float] = []
    client = recording_client(platform_mock_server, statuses, sleeps)
    with pytest.raises(RateLimitError) as caught:
        client.terminate_job(deployment_id="cm10dep0nightlyetl0000001", job_run_name="nightly-etl-1763769600", extra_headers={"Prefer": once("429")})
    assert statuses == [429]
    assert sleeps == []
    assert caught.value.status_code == 429
    assert caught.value.headers["retry-after"] == "1"


def test_5xx_are_retried_up_to_max_retries(platform_mock_server: MockServer) -> None:
    statuses: List[int] = []
    client = recording_client(platform_mock_server, statuses, [], max_retries=2)
    prefer = f"fault=503, times=2, key={uuid.uuid4()}, retry-after=0"
    assert client.get_team(id=TEAM_ID, extra_headers={"Prefer": prefer}).data.id == TEAM_ID
    assert statuses == [503, 503, 200]


def test_a_slow_answer_is_an_api_timeout_error(platform_mock_server: MockServer) -> None:
    client = PlatformClient(base_url=platform_mock_server.url, token="any", timeout=0.5, max_retries=0)
    with pytest.raises(APITimeoutError) as caught:
        client.get_team(id=TEAM_ID, extra_headers={"Prefer": "delay=5000"})
    assert caught.value.timeout == 0.5


def test_a_dropped_connection_is_an_api_connection_error(platform_mock_server: MockServer) -> None:
    client = PlatformClient(base_url=platform_mock_server.url, token="any", max_retries=0)
    with pytest.raises(APIConnectionError):
        client.get_team(id=TEAM_ID, extra_headers={"Prefer": "fault=reset"})


def test_a_refused_connection_is_retried_then_raised() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sleeps: List[float] = []
    client = PlatformClient(base_url=f"http://127.0.0.1:{port}", token="any", max_retries=2)
    client._sleep = sleeps.append
    with pytest.raises(APIConnectionError, match="getTeam could not reach the server") as caught:
        client.get_team(id=TEAM_ID)
    assert not isinstance(caught.value, APITimeoutError)
    assert len(sleeps) == 2
