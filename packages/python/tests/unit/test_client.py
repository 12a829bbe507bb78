"""Settings (arguments, environment variables, checks), address spaces, request shape, raw responses, logging."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from typing import List

import httpx
import pytest

import vendor_api
from vendor_api import APITimeoutError, PlatformClient, __version__
from vendor_api.generated.models import McpServerV2Response

from .helpers import TEAM, Script, json_response, sync_client

VIRTUAL = {"type": "mcp-server/virtual", "name": "tools", "description": "d", "collaborators": [], "servers": []}
MCP_SERVER = {
    "data": {
        "id": "m1",
        "fqn": "acme:mcp-server:tools",
        "tenantName": "acme",
        "manifest": VIRTUAL,
        "createdBySubject": {"subjectId": "s", "subjectType": "user"},
    }
}


def test_settings_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VENDOR_API_BASE_URL", "https://api.example/")
    monkeypatch.setenv("VENDOR_API_TOKEN", "env-token")
    monkeypatch.delenv("VENDOR_API_GATEWAY_BASE_URL", raising=False)
    client = PlatformClient()
    assert client.base_url == "https://api.example"
    assert client.gateway_base_url == "https://api.example"
    monkeypatch.setenv("VENDOR_API_GATEWAY_BASE_URL", "https://gateway.example")
    assert PlatformClient().gateway_base_url == "https://gateway.example"


def test_a_missing_token_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VENDOR_API_TOKEN", raising=False)
    with pytest.raises(ValueError, match="VENDOR_API_TOKEN"):
        PlatformClient(base_url="https://api.example")


def test_a_missing_base_url_names_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VENDOR_API_BASE_URL", raising=False)
    with pytest.raises(ValueError, match="VENDOR_API_BASE_URL"):
        PlatformClient(token="t")


def test_bad_options_are_refused_naming_the_option_without_repeating_credentials() -> None:
    with pytest.raises(ValueError, match="base_url") as caught:
        PlatformClient(base_url="https://user:hunter2@api.example", token="t")
    assert "hunter2" not in str(caught.value)
    with pytest.raises(ValueError, match="max_retries"):
        PlatformClient(base_url="https://api.example", token="t", max_retries=-1)
    with pytest.raises(ValueError, match="timeout"):
        PlatformClient(base_url="https://api.example", token="t", timeout=-5)
    with pytest.raises(ValueError, match="getTeam: id must be a non-empty string"):
        sync_client(Script(json_response(200, TEAM))).get_team(id="")


def test_the_repr_never_shows_the_token() -> None:
    client = PlatformClient(base_url="https://api.example", token="tok-secret-123")
    assert "tok-secret-123" not in repr(client)


def test_gateway_operations_go_to_the_gateway_and_the_others_to_the_control_plane() -> None:
    seen: List[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.host)
        if request.url.host == "gateway.test":
            return httpx.Response(200, json={"id": "f1", "object": "file"})
        return httpx.Response(200, json=TEAM)

    client = sync_client(handler)
    client.get_team(id="t1")
    client.get_file(id="f1", x_vendor_provider_name="openai-main")
    assert seen == ["control.test", "gateway.test"]


def test_the_request_carries_wire_names_the_token_and_only_the_fields_given() -> None:
    script = Script(json_response(200, MCP_SERVER))
    sync_client(script).create_or_update_mcp_server(
        manifest={"type": "mcp-server/virtual", "name": "tools", "description": "d", "collaborators": [], "servers": [{"name": "a"}]},
        dry_run=True,
    )
    request = script.requests[0]
    assert request.method == "PUT"
    assert request.url.path == "/api/svc/v1/mcp"
    assert request.headers["authorization"] == "Bearer test-token-0123456789"
    assert request.headers["user-agent"] == f"vendor-api-python/{__version__}"
    assert json.loads(request.content) == {
        "manifest": {"type": "mcp-server/virtual", "name": "tools", "description": "d", "collaborators": [], "servers": [{"name": "a"}]},
        "dryRun": True,
    }


def test_query_and_header_parameters_use_their_wire_names_and_path_parameters_are_escaped() -> None:
    script = Script(json_response(200, {"step": "60s", "graphs": []}))
    sync_client(script).get_metric_charts(workspace_id="w/1", application_id="a1", filter_entity="pod", start_ts=5)
    url = script.requests[0].url
    assert url.raw_path.decode().startswith("/api/svc/v1/metrics/w%2F1/charts?")
    assert dict(url.params) == {"applicationId": "a1", "filterEntity": "pod", "startTs": "5"}
    script2 = Script(json_response(200, {"id": "f1"}))
    sync_client(script2).get_file(id="f1", x_vendor_provider_name="openai-main", extra_headers={"Prefer": "code=200"})
    assert script2.requests[0].headers["x-vendor-provider-name"] == "openai-main"
    assert script2.requests[0].headers["prefer"] == "code=200"


def test_generated_models_are_accepted_as_request_fields() -> None:
    script = Script(json_response(200, MCP_SERVER))
    view = McpServerV2Response.model_validate(MCP_SERVER)
    assert view.data.manifest is not None
    sync_client(script).create_or_update_mcp_server(manifest=view.data.manifest)
    assert json.loads(script.requests[0].content)["manifest"]["name"] == "tools"


def test_the_raw_response_gives_status_headers_request_id_and_the_parsed_model() -> None:
    client = sync_client(Script(json_response(200, TEAM, {"x-request-id": "req-9"})))
    raw = client.with_raw_response.get_team(id="t1")
    assert raw.status_code == 200
    assert raw.request_id == "req-9"
    assert raw.headers["content-type"] == "application/json"
    assert raw.parse().data.id == "t1"


def test_a_timeout_is_an_api_timeout_error() -> None:
    def slow(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    with pytest.raises(APITimeoutError, match=r"getTeam timed out waiting for the response \(timeout 2 s\)"):
        sync_client(slow, timeout=2, max_retries=0).get_team(id="t1")


def test_debug_logging_shows_each_attempt_and_why_it_is_retried_without_the_token(caplog: pytest.LogCaptureFixture) -> None:
    script = Script(json_response(503, {"statusCode": 503, "message": "busy"}, {"retry-after": "0"}), json_response(200, TEAM))
    with caplog.at_level(logging.DEBUG, logger="vendor_api"):
        sync_client(script, token="tok-do-not-log-77").get_team(id="t1")
    lines = [record.getMessage() for record in caplog.records if record.name == "vendor_api"]
    assert any("getTeam: GET /api/svc/v1/teams/{id} -> 503" in line and "retry in 0 ms" in line for line in lines)
    assert any("getTeam: GET /api/svc/v1/teams/{id} -> 200" in line for line in lines)
    assert not any("tok-do-not-log-77" in line for line in lines)


SCRIPT = """
import httpx
from vendor_api import PlatformClient
team = {"data": {"id": "t1"}}
transport = httpx.MockTransport(lambda request: httpx.Response(200, json=team))
client = PlatformClient(base_url="http://control.test", token="tok-env-secret-55", http_client=httpx.Client(transport=transport))
client.get_team(id="t1")
"""


def test_vendor_api_log_debug_prints_each_attempt_without_the_token() -> None:
    env = {**os.environ, "VENDOR_API_LOG": "debug"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert "vendor_api DEBUG] getTeam: GET /api/svc/v1/teams/{id} -> 200 in" in done.stderr
    assert "tok-env-secret-55" not in done.stderr


def test_a_bad_vendor_api_log_is_a_warning_naming_the_accepted_values_never_an_import_error() -> None:
    env = {**os.environ, "VENDOR_API_LOG": "loud"}
    done = subprocess.run([sys.executable, "-c", "import vendor_api; print(vendor_api.__version__)"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == vendor_api.__version__
    assert "VENDOR_API_LOG='loud' is not a level: use one of debug, error, info, warn, warning" in done.stderr
