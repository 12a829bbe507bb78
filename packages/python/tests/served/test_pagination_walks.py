"""Pagination that loses nothing, against a server that changes under the walk or repeats itself (sync and async).

The same three behaviours are checked for the TypeScript client's iterators in
packages/client/test/pagination-walks.test.ts.
"""

from __future__ import annotations

import logging
from typing import Any, Dict, List, Optional

import pytest

from .conftest import ServerFactory, async_client_of, sync_client_of
from .server import Answer, Seen, json_answer

SESSION = "01arz3ndektsv4rrffq69g5fav.g"


def version(name: str) -> Dict[str, Any]:
    return {"id": name, "fqn": f"agent-skill:acme/r/s:{name}", "manifest": {"type": "agent-skill", "name": "s", "source": {"type": "inline", "skill_md": "#"}}}


def turn(turn_id: str) -> Dict[str, Any]:
    return {"id": turn_id, "session_id": SESSION, "state": {"status": "running"}, "created_at": "2026-11-22T05:39:30Z"}


class GrowingList:
    """Offset pages of a list to which two items are added at the front once the first page has been served."""

    def __init__(self) -> None:
        self.items = [version(f"v{n}") for n in range(1, 7)]

    def __call__(self, seen: Seen) -> Answer:
        offset = int(seen.query.get("offset", "0"))
        limit = int(seen.query.get("limit", "10"))
        page = self.items[offset : offset + limit]
        body = {"data": page, "pagination": {"total": len(self.items), "offset": offset, "limit": limit}}
        if offset == 0:
            self.items = [version("new1"), version("new2"), *self.items]
        return json_answer(body)


def token_pages(pages: Dict[Optional[str], Any]) -> Any:
    def route(seen: Seen) -> Answer:
        ids, next_token = pages[seen.query.get("page_token")]
        return json_answer({"data": [turn(i) for i in ids], "pagination": {"limit": 2, "next_page_token": next_token}})

    return route


# A server that names a token it already answered: tA -> tB -> tA again.
REPEATED_TOKEN = {None: (["t1", "t2"], "tA"), "tA": (["t3", "t4"], "tB"), "tB": (["t5"], "tA")}
# A page of only items already yielded, which still names a next page with new items.
PAGE_OF_REPEATS = {None: (["t1", "t2"], "tA"), "tA": (["t1", "t2"], "tB"), "tB": (["t3"], None)}


def test_items_inserted_mid_walk_lose_none_of_the_items_there_were(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    server = start_server(GrowingList())
    with caplog.at_level(logging.WARNING, logger="vendor_api"):
        ids = [v.id for v in sync_client_of(server).list_agent_skill_versions(limit=2)]
    assert ids == ["v1", "v2", "v3", "v4", "v5", "v6"]
    assert [seen.query.get("offset") for seen in server.requests] == [None, "2", "4", "6"]
    assert "stopped early" not in caplog.text


def test_a_repeated_token_ends_the_walk_with_a_warning_naming_the_operation(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    server = start_server(token_pages(REPEATED_TOKEN))
    with caplog.at_level(logging.WARNING, logger="vendor_api"):
        ids = [t.id for t in sync_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)]
    assert ids == ["t1", "t2", "t3", "t4", "t5"]
    assert [seen.query.get("page_token") for seen in server.requests] == [None, "tA", "tB"]
    assert "listAgentSessionTurns stopped early: the server named page token 'tA' again" in caplog.text


def test_a_page_of_repeats_never_ends_the_walk_while_the_server_names_a_next_page(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    server = start_server(token_pages(PAGE_OF_REPEATS))
    with caplog.at_level(logging.WARNING, logger="vendor_api"):
        ids = [t.id for t in sync_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)]
    assert ids == ["t1", "t2", "t3"]
    assert len(server.requests) == 3
    assert "stopped early" not in caplog.text


def test_an_empty_page_while_the_total_says_more_ends_the_walk_with_a_warning(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    def route(seen: Seen) -> Answer:
        offset = int(seen.query.get("offset", "0"))
        page = [version("v1"), version("v2")] if offset == 0 else []
        return json_answer({"data": page, "pagination": {"total": 10, "offset": offset, "limit": 2}})

    server = start_server(route)
    with caplog.at_level(logging.WARNING, logger="vendor_api"):
        ids = [v.id for v in sync_client_of(server).list_agent_skill_versions(limit=2)]
    assert ids == ["v1", "v2"]
    assert len(server.requests) == 2
    assert "listAgentSkillVersions stopped early: an empty page at offset 2 while the total is 10" in caplog.text


def test_a_walk_holds_only_its_current_page(start_server: ServerFactory) -> None:
    server = start_server(GrowingList())
    first = sync_client_of(server).list_agent_skill_versions(limit=2)
    pages = 0
    for page in first.iter_pages():
        pages += 1
        # What a page remembers of the walk is the ids of one page, never every id seen so far.
        assert len(page._walk.previous_keys) <= 2
    assert pages == 4
    assert first._next is None  # the first page keeps no chain of the pages after it


@pytest.mark.anyio
async def test_async_items_inserted_mid_walk_lose_nothing(start_server: ServerFactory) -> None:
    server = start_server(GrowingList())
    ids = [v.id async for v in async_client_of(server).list_agent_skill_versions(limit=2)]
    assert ids == ["v1", "v2", "v3", "v4", "v5", "v6"]


@pytest.mark.anyio
async def test_async_a_repeated_token_ends_the_walk_with_a_warning(start_server: ServerFactory, caplog: pytest.LogCaptureFixture) -> None:
    server = start_server(token_pages(REPEATED_TOKEN))
    with caplog.at_level(logging.WARNING, logger="vendor_api"):
        ids: List[str] = [t.id async for t in async_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)]
    assert ids == ["t1", "t2", "t3", "t4", "t5"]
    assert len(server.requests) == 3
    assert "listAgentSessionTurns stopped early" in caplog.text


@pytest.mark.anyio
async def test_async_a_page_of_repeats_never_ends_the_walk(start_server: ServerFactory) -> None:
    server = start_server(token_pages(PAGE_OF_REPEATS))
    ids = [t.id async for t in async_client_of(server).list_agent_session_turns(tenant_name="acme", session_id=SESSION)]
    assert ids == ["t1", "t2", "t3"]
    assert len(server.requests) == 3
