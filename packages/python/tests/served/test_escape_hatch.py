"""client.get/post/put/patch/delete: a path the spec lacks, with the client's auth, errors and retries."""

from __future__ import annotations

import itertools
from typing import Any, Dict

import httpx
import pytest

from vendor_api import InternalServerError, NotFoundError
from vendor_api.generated.models import TeamResponse

from .conftest import TOKEN, ServerFactory, async_client_of, sync_client_of
from .server import Answer, Seen, json_answer


def busy_once() -> Any:
    answers = itertools.count()

    def route(seen: Seen) -> Answer:
        if next(answers) == 0:
            return json_answer({"message": "busy"}, status=503, headers={"retry-after": "0"})
        return json_answer({"ok": True, "path": seen.path, "query": seen.query, "body": seen.body})

    return route


def test_get_on_a_path_the_spec_lacks_carries_auth_and_is_retried(start_server: ServerFactory) -> None:
    server = start_server(busy_once())
    found: Dict[str, Any] = sync_client_of(server).get("/api/svc/v1/preview/quotas", cast_to=dict, query={"scope": "tenant"}, headers={"x-extra": "1"})
    assert found == {"ok": True, "path": "/cp/api/svc/v1/preview/quotas", "query": {"scope": "tenant"}, "body": None}
    assert len(server.requests) == 2
    assert all(seen.headers["authorization"] == f"Bearer {TOKEN}" and seen.headers["x-extra"] == "1" for seen in server.requests)


def test_post_is_never_retried(start_server: ServerFactory) -> None:
    server = start_server(busy_once())
    with pytest.raises(InternalServerError) as caught:
        sync_client_of(server).post("/api/svc/v1/preview/jobs", cast_to=dict, body={"name": "j"})
    assert caught.value.status_code == 503
    assert caught.value.operation_id == "POST /api/svc/v1/preview/jobs"
    assert len(server.requests) == 1
    assert server.requests[0].body == {"name": "j"}


def test_put_and_delete_are_retried_and_patch_is_not(start_server: ServerFactory) -> None:
    server = start_server(busy_once())
    client = sync_client_of(server)
    assert client.put("/x", cast_to=dict, body={"a": 1})["body"] == {"a": 1}
    assert len(server.requests) == 2
    server.route = busy_once()
    assert client.delete("/x", cast_to=dict)["ok"] is True
    assert len(server.requests) == 4
    server.route = busy_once()
    with pytest.raises(InternalServerError):
        client.patch("/x", cast_to=dict, body={"a": 2})
    assert len(server.requests) == 5


def test_gateway_true_sends_to_the_gateway_and_cast_to_takes_a_model_or_the_response(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer({"data": {"id": "t1", "tenantName": "acme"}}))
    client = sync_client_of(server)
    team = client.get("/acme/v1/teams/t1", cast_to=TeamResponse, gateway=True)
    assert isinstance(team, TeamResponse)
    assert team.data.tenant_name == "acme"
    assert server.requests[0].path == "/gw/acme/v1/teams/t1"
    response = client.get("/api/svc/v1/teams/t1", cast_to=httpx.Response)
    assert response.status_code == 200
    assert response.json()["data"]["id"] == "t1"


def test_an_error_status_is_the_same_platform_error_as_a_typed_method_s(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer({"statusCode": 404, "message": "no such quota"}, status=404, headers={"x-request-id": "req-9"}))
    with pytest.raises(NotFoundError, match=r"GET /api/quotas failed with status 404 Not Found: no such quota \(request id req-9\)"):
        sync_client_of(server).get("/api/quotas", cast_to=dict)


def test_a_path_that_is_not_a_path_is_refused() -> None:
    from vendor_api import PlatformClient

    client = PlatformClient(base_url="https://api.example", token=TOKEN)
    with pytest.raises(ValueError, match="path must start with /"):
        client.get("https://elsewhere.example/x", cast_to=dict)


@pytest.mark.anyio
async def test_the_async_escape_hatch_retries_get_only(start_server: ServerFactory) -> None:
    server = start_server(busy_once())
    client = async_client_of(server)
    found = await client.get("/api/svc/v1/preview/quotas", cast_to=dict)
    assert found["ok"] is True
    assert len(server.requests) == 2
    server.route = busy_once()
    with pytest.raises(InternalServerError):
        await client.post("/api/svc/v1/preview/jobs", cast_to=dict, body={})
    assert len(server.requests) == 3
