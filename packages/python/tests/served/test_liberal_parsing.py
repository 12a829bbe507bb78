"""Responses liberal: what the service may send tomorrow reads as a model; what no model can read is a PlatformError."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from vendor_api import APIResponseValidationError, PlatformError
from vendor_api.generated.models import AgentTurnStateDone, AgentTurnStateUnknown, McpServerManifestViewUnknown

from .conftest import ServerFactory, async_client_of, sync_client_of
from .server import Answer, Seen, json_answer

SESSION = "01arz3ndektsv4rrffq69g5fav.g"


def turn(turn_id: str, state: Dict[str, Any]) -> Dict[str, Any]:
    return {"id": turn_id, "session_id": SESSION, "state": state, "created_at": "2026-11-22T05:39:30Z"}


QUEUED = {"status": "queued", "position": 3, "queued_at": "2026-11-22T05:39:31Z"}


def turns_route(seen: Seen) -> Answer:
    done = {"status": "done", "required_actions": [], "completed_at": "2026-11-22T05:40:00Z"}
    return json_answer({"data": [turn("t1", QUEUED), turn("t2", done)], "pagination": {"limit": 2, "next_page_token": None}})


def test_a_turn_state_the_spec_does_not_list_reads_as_the_unknown_model_with_every_field(start_server: ServerFactory) -> None:
    server = start_server(turns_route)
    turns = list(sync_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION))
    assert [t.id for t in turns] == ["t1", "t2"]
    queued = turns[0].state
    assert isinstance(queued, AgentTurnStateUnknown)
    assert queued.status == "queued"
    assert queued.to_dict() == QUEUED
    assert isinstance(turns[1].state, AgentTurnStateDone)
    assert server.requests[0].path == f"/gw/acme/v1/agents/sessions/{SESSION}/turns"


@pytest.mark.anyio
async def test_the_async_client_reads_an_unknown_turn_state_too(start_server: ServerFactory) -> None:
    server = start_server(turns_route)
    turns = [t async for t in async_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)]
    assert turns[0].state.status == "queued"
    assert turns[0].state.to_dict() == QUEUED


def test_an_mcp_manifest_type_the_spec_does_not_list_keeps_every_field(start_server: ServerFactory) -> None:
    manifest = {"type": "mcp-server/grpc", "name": "search", "endpoint": "grpc://search:443", "reflection": True}
    server = start_server(lambda seen: json_answer({"data": {"id": "m1", "fqn": "mcp:acme/search", "manifest": manifest}}))
    found = sync_client_of(server).get_mcp_server(id="m1")
    assert found.data.manifest is not None
    assert isinstance(found.data.manifest, McpServerManifestViewUnknown)
    assert found.data.manifest.type == "mcp-server/grpc"
    assert found.data.manifest.to_dict() == manifest


def test_a_response_missing_a_field_the_spec_requires_reads_as_none(start_server: ServerFactory) -> None:
    # AgentTurn requires id, session_id, state and created_at: this body has neither id nor created_at.
    body = {"data": [{"session_id": SESSION, "state": {"status": "running"}}], "pagination": {"limit": 1}}
    server = start_server(lambda seen: json_answer(body))
    page = sync_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)
    assert len(page.items) == 1
    assert page.items[0].id is None
    assert page.items[0].created_at is None
    assert page.items[0].to_dict() == body["data"][0]


def test_a_2xx_body_that_is_not_json_is_an_api_response_validation_error(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: Answer(200, b"<html>gateway says hi</html>", {"content-type": "text/html", "x-request-id": "req-html-1"}))
    with pytest.raises(APIResponseValidationError) as caught:
        sync_client_of(server).get_team(id="t1")
    error = caught.value
    assert isinstance(error, PlatformError)
    assert error.status_code == 200
    assert error.body == "<html>gateway says hi</html>"
    assert error.request_id == "req-html-1"
    assert "getTeam: the 200 response's body is not JSON" in str(error)


def test_a_list_where_an_object_is_documented_is_an_api_response_validation_error(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: json_answer([{"id": "t1"}], headers={"x-request-id": "req-list-2"}))
    with pytest.raises(APIResponseValidationError) as caught:
        sync_client_of(server).get_team(id="t1")
    assert caught.value.status_code == 200
    assert caught.value.body == [{"id": "t1"}]
    assert caught.value.request_id == "req-list-2"
    assert "cannot be read as TeamResponse" in str(caught.value)


@pytest.mark.anyio
async def test_the_async_client_raises_the_same_error_for_a_body_that_is_not_json(start_server: ServerFactory) -> None:
    server = start_server(lambda seen: Answer(200, b"not json", {"content-type": "text/plain"}))
    with pytest.raises(APIResponseValidationError, match="is not JSON"):
        await async_client_of(server).get_team(id="t1")
