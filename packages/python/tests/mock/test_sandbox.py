"""Against the stateful sandbox (the package's platform_sandbox fixture): what is created reads back; lists page to the end."""

from __future__ import annotations

import uuid

import pytest

from vendor_api import AsyncPlatformClient, NotFoundError, PlatformClient
from vendor_api.generated.models import RemoteMcpServerManifestView
from vendor_api.testing import MockServer

SKILL = "cm6skill0triage0000000001"
SESSION = "01arz3ndektsv4rrffq69g5fav.g"


def test_create_then_read_an_mcp_server(platform_sandbox: PlatformClient) -> None:
    name = f"tools-{uuid.uuid4().hex[:8]}"
    created = platform_sandbox.create_or_update_mcp_server(
        manifest={
            "type": "mcp-server/remote",
            "name": name,
            "description": "Read-only access to the shared drive",
            "collaborators": [{"subject": "team:platform", "role_id": "mcp-server-manager"}],
            "url": "https://mcp.example.com/sse",
        }
    )
    assert created.data.id is not None
    read = platform_sandbox.get_mcp_server(id=created.data.id)
    assert isinstance(read.data.manifest, RemoteMcpServerManifestView)
    assert read.data.manifest.name == name
    assert read.data.manifest.url == "https://mcp.example.com/sse"


def test_an_unknown_id_is_a_not_found_error_with_the_sandboxs_request_id(platform_sandbox: PlatformClient) -> None:
    with pytest.raises(NotFoundError, match="getMcpServer failed with status 404") as caught:
        platform_sandbox.get_mcp_server(id="no-such-server")
    request_id = caught.value.request_id
    assert request_id is not None and request_id.startswith("req_")
    assert request_id == caught.value.headers["x-request-id"]


def test_skill_versions_page_by_offset_to_the_end(platform_sandbox: PlatformClient) -> None:
    first = platform_sandbox.list_agent_skill_versions(agent_skill_id=SKILL, limit=7)
    assert first.body.pagination is not None
    total = first.body.pagination.total
    assert total is not None and total > 7
    pages = list(first.iter_pages())
    assert len(pages) == -(-total // 7)
    ids = [version.id for version in first]
    assert len(ids) == total == len(set(ids))


def test_session_turns_page_by_token_to_the_end(platform_sandbox: PlatformClient) -> None:
    everything = [turn.id for turn in platform_sandbox.list_agent_session_turns(tenant_name="acme", session_id=SESSION, limit=25)]
    paged = platform_sandbox.list_agent_session_turns(tenant_name="acme", session_id=SESSION, limit=1)
    assert [turn.id for turn in paged] == everything
    assert len(list(paged.iter_pages())) == len(everything) > 1


@pytest.mark.anyio
async def test_both_lists_page_to_the_end_async(platform_sandbox_server: MockServer) -> None:
    async with AsyncPlatformClient(base_url=platform_sandbox_server.url, token=platform_sandbox_server.token) as client:
        versions = [v.id async for v in client.list_agent_skill_versions(agent_skill_id=SKILL, limit=7)]
        first = await client.list_agent_skill_versions(agent_skill_id=SKILL, limit=7)
        assert first.body.pagination is not None
        assert len(versions) == first.body.pagination.total
        turns = [t.id async for t in client.list_agent_session_turns(tenant_name="acme", session_id=SESSION, limit=1)]
        pages = [p async for p in client.list_agent_session_turns(tenant_name="acme", session_id=SESSION, limit=1).iter_pages()]
        assert len(turns) == len(pages) > 1
