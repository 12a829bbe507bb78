"""Pagination from x-pagination: page tokens and offsets, every item once, stopping by itself."""

from __future__ import annotations

from typing import Any, Dict, List

import httpx
import pytest

from vendor_api import AsyncPage, SyncPage
from vendor_api.generated.models import AgentSkillVersion, AgentTurn

from .helpers import async_client, sync_client


def turn(n: int) -> Dict[str, Any]:
    return {"id": f"turn-{n}", "session_id": "s1", "state": {"status": "running"}, "created_at": "2026-11-22T05:39:30Z"}


def version(n: int) -> Dict[str, Any]:
    return {"id": f"v{n}", "fqn": f"agent-skill:acme/r/s:{n}", "manifest": {"type": "agent-skill", "name": "s", "source": {"type": "inline", "skill_md": "#"}}}


def turns_server(pages: int, per_page: int = 2) -> Any:
    """Token pages: page k's token is `t<k>`; the last page names no token."""
    requests: List[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        token = request.url.params.get("page_token")
        index = 0 if token is None else int(token[1:])
        next_token = f"t{index + 1}" if index + 1 < pages else None
        data = [turn(index * per_page + i) for i in range(per_page)]
        return httpx.Response(200, json={"data": data, "pagination": {"limit": per_page, "next_page_token": next_token}})

    handler.requests = requests  # type: ignore[attr-defined]
    return handler


def versions_server(total: int) -> Any:
    requests: List[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        offset = int(request.url.params.get("offset", "0"))
        limit = int(request.url.params.get("limit", "10"))
        data = [version(n) for n in range(offset, min(total, offset + limit))]
        return httpx.Response(200, json={"data": data, "pagination": {"total": total, "offset": offset, "limit": limit}})

    handler.requests = requests  # type: ignore[attr-defined]
    return handler


def test_page_tokens_are_followed_to_the_last_page() -> None:
    server = turns_server(pages=3)
    page = sync_client(server).list_agent_session_turns(tenant_name="acme", session_id="s1", limit=2)
    ids = [item.id for item in page]
    assert ids == [f"turn-{n}" for n in range(6)]
    assert all(isinstance(item, AgentTurn) for item in page.items)
    sent = [request.url.params.get("page_token") for request in server.requests]
    assert sent == [None, "t1", "t2"]
    # Iterating again walks the pages again (a walk holds only its current page, so they were not kept).
    assert len(list(page)) == 6
    assert [request.url.params.get("page_token") for request in server.requests[3:]] == ["t1", "t2"]


def test_page_level_control() -> None:
    page = sync_client(turns_server(pages=2)).list_agent_session_turns(tenant_name="acme", session_id="s1")
    assert isinstance(page, SyncPage)
    assert page.has_next_page()
    second = page.next_page()
    assert [t.id for t in second.items] == ["turn-2", "turn-3"]
    assert not second.has_next_page()
    with pytest.raises(RuntimeError, match="no next page"):
        second.next_page()
    assert len(list(page.iter_pages())) == 2


def test_offsets_advance_by_the_items_received_until_the_total() -> None:
    server = versions_server(total=5)
    items = list(sync_client(server).list_agent_skill_versions(agent_skill_id="s", limit=2))
    assert [v.id for v in items] == ["v0", "v1", "v2", "v3", "v4"]
    assert all(isinstance(v, AgentSkillVersion) for v in items)
    assert [request.url.params.get("offset") for request in server.requests] == [None, "2", "4"]
    assert all(request.url.params.get("agent_skill_id") == "s" for request in server.requests)


def test_a_server_repeating_a_page_does_not_make_the_walk_loop() -> None:
    def same_page(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"data": [turn(1)], "pagination": {"limit": 1, "next_page_token": f"t{len(request.url.params)}x"}})

    items = list(sync_client(same_page).list_agent_session_turns(tenant_name="acme", session_id="s1"))
    assert [t.id for t in items] == ["turn-1"]


def test_an_empty_list_is_one_empty_page() -> None:
    def empty(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json={"data": [], "pagination": {"total": 0, "offset": 0, "limit": 10}})

    page = sync_client(empty).list_agent_skill_versions()
    assert page.items == []
    assert not page.has_next_page()
    assert list(page) == []


@pytest.mark.anyio
async def test_async_for_walks_every_page() -> None:
    async with async_client(turns_server(pages=3)) as client:
        ids = [item.id async for item in client.list_agent_session_turns(tenant_name="acme", session_id="s1")]
        assert ids == [f"turn-{n}" for n in range(6)]
        first = await client.list_agent_session_turns(tenant_name="acme", session_id="s1")
        assert isinstance(first, AsyncPage)
        assert first.has_next_page()
        second = await first.next_page()
        assert [t.id for t in second.items] == ["turn-2", "turn-3"]
    async with async_client(versions_server(total=3)) as client:
        pages = [page async for page in client.list_agent_skill_versions(limit=1).iter_pages()]
        assert [[v.id for v in page.items] for page in pages] == [["v0"], ["v1"], ["v2"]]
