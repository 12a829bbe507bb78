"""Retries as the TypeScript client does them: only idempotent operations, on 408/429/5xx and connection errors."""

from __future__ import annotations

import email.utils
import time
from typing import List

import httpx
import pytest

from vendor_api import APIConnectionError, InternalServerError, RateLimitError
from vendor_api._base_client import backoff_delay, parse_retry_after, retry_delay

from .helpers import TEAM, Script, async_client, json_response, sync_client

ERROR = {"statusCode": 503, "message": "try later"}


def test_retry_after_reads_seconds_and_http_dates() -> None:
    assert parse_retry_after("2") == 2.0
    assert parse_retry_after("0.5") == 0.5
    now = time.time()
    in_ten = email.utils.formatdate(now + 10, usegmt=True)
    assert 8.0 <= (parse_retry_after(in_ten, now=now) or 0) <= 10.0
    assert parse_retry_after("not a date") is None
    assert parse_retry_after("") is None
    assert parse_retry_after(None) is None


def test_backoff_doubles_from_half_a_second_to_eight_with_up_to_a_quarter_of_jitter() -> None:
    assert backoff_delay(0, rand=lambda: 0.0) == 0.5
    assert backoff_delay(1, rand=lambda: 0.0) == 1.0
    assert backoff_delay(10, rand=lambda: 0.0) == 8.0
    assert backoff_delay(0, rand=lambda: 1.0) == 0.375


def test_retry_delay_gives_up_after_max_retries_and_on_a_pause_longer_than_a_minute() -> None:
    assert retry_delay(0, 2, None, lambda retry: 0.1) == 0.1
    assert retry_delay(2, 2, None, lambda retry: 0.1) is None
    assert retry_delay(0, 2, "3", lambda retry: 0.1) == 3.0
    assert retry_delay(0, 2, "61", lambda retry: 0.1) is None


@pytest.mark.parametrize("status", [408, 429, 500, 502, 503, 504])
def test_an_idempotent_operation_is_retried_on_a_retryable_status(status: int) -> None:
    script = Script(json_response(status, ERROR, {"retry-after": "0"}), json_response(200, TEAM))
    sleeps: List[float] = []
    team = sync_client(script, sleeps).get_team(id="t1")
    assert team.data.id == "t1"
    assert len(script.requests) == 2
    assert sleeps == [0.0]


def test_retry_after_is_honoured_over_the_backoff() -> None:
    script = Script(json_response(429, ERROR, {"retry-after": "7"}), json_response(200, TEAM))
    sleeps: List[float] = []
    sync_client(script, sleeps).get_team(id="t1")
    assert sleeps == [7.0]


def test_without_retry_after_the_wait_is_the_backoff() -> None:
    script = Script(json_response(503, ERROR), json_response(503, ERROR), json_response(200, TEAM))
    sleeps: List[float] = []
    sync_client(script, sleeps).get_team(id="t1")
    assert len(sleeps) == 2
    assert 0.375 <= sleeps[0] <= 0.5
    assert 0.75 <= sleeps[1] <= 1.0


def test_a_non_idempotent_operation_is_never_retried() -> None:
    script = Script(json_response(503, ERROR), json_response(200, {"message": "ok"}))
    with pytest.raises(InternalServerError):
        sync_client(script).terminate_job(deployment_id="d1", job_run_name="r1")
    assert len(script.requests) == 1


def test_a_status_that_is_not_retryable_is_raised_at_once() -> None:
    script = Script(json_response(409, {"statusCode": 409, "message": "conflict"}), json_response(200, TEAM))
    with pytest.raises(Exception, match="409"):
        sync_client(script).get_team(id="t1")
    assert len(script.requests) == 1


def test_max_retries_per_client_and_per_call() -> None:
    script = Script(json_response(429, ERROR, {"retry-after": "0"}))
    client = sync_client(script, max_retries=4)
    with pytest.raises(RateLimitError):
        client.get_team(id="t1")
    assert len(script.requests) == 5
    script.requests.clear()
    with pytest.raises(RateLimitError):
        client.with_options(max_retries=0).get_team(id="t1")
    assert len(script.requests) == 1
    # The copy changed nothing of the client it was made from.
    assert client.max_retries == 4


def test_connection_errors_are_retried_then_raised() -> None:
    attempts: List[httpx.Request] = []

    def refuse(request: httpx.Request) -> httpx.Response:
        attempts.append(request)
        raise httpx.ConnectError("connection refused", request=request)

    with pytest.raises(APIConnectionError, match="could not reach the server"):
        sync_client(refuse).get_team(id="t1")
    assert len(attempts) == 3


@pytest.mark.anyio
async def test_the_async_client_retries_the_same_way() -> None:
    script = Script(json_response(503, ERROR, {"retry-after": "1"}), json_response(200, TEAM))
    sleeps: List[float] = []
    async with async_client(script, sleeps) as client:
        team = await client.get_team(id="t1")
    assert team.data.id == "t1"
    assert sleeps == [1.0]
    script2 = Script(json_response(503, ERROR))
    async with async_client(script2) as client:
        with pytest.raises(InternalServerError):
            await client.create_secret_group(name="g", integration_id="i", secrets=[{"key": "K", "value": "v"}])
    assert len(script2.requests) == 1
