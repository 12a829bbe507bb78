"""Every operation with its documented example against the stateless mock (started by the package's own fixture)."""

from __future__ import annotations

import re
import socket
from typing import Any, Dict

import httpx
import pytest

from vendor_api import APIConnectionError, AsyncPlatformClient, NotFoundError, PlatformClient
from vendor_api.generated.models import ControlPlaneError
from vendor_api.testing import MockServer

from ..generated.examples import CALLS


def as_wire(result: Any) -> Any:
    return result.to_dict() if hasattr(result, "to_dict") else result


def items_of(body: Dict[str, Any]) -> Any:
    return body["data"]


@pytest.mark.parametrize("call", CALLS, ids=[c["operationId"] for c in CALLS])
def test_each_operation_answers_its_documented_example(platform_mock: PlatformClient, call: Dict[str, Any]) -> None:
    result = getattr(platform_mock, call["method"])(**call["kwargs"])
    if call["paginated"]:
        # The first page is the documented example; the mock ends the walk on the next page.
        assert as_wire(result.body)["data"] == items_of(call["expected"])
        assert [as_wire(item) for item in result] == items_of(call["expected"])
    else:
        assert as_wire(result) == call["expected"]


@pytest.mark.anyio
@pytest.mark.parametrize("call", CALLS, ids=[c["operationId"] for c in CALLS])
async def test_each_operation_answers_its_documented_example_async(platform_mock_server: MockServer, call: Dict[str, Any]) -> None:
    async with AsyncPlatformClient(base_url=platform_mock_server.url, token="any") as client:
        if call["paginated"]:
            items = [as_wire(item) async for item in getattr(client, call["method"])(**call["kwargs"])]
            assert items == items_of(call["expected"])
        else:
            assert as_wire(await getattr(client, call["method"])(**call["kwargs"])) == call["expected"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("call", CALLS, ids=[c["operationId"] for c in CALLS])
def test_each_operation_goes_to_its_own_address_space(platform_mock_server: MockServer, call: Dict[str, Any]) -> None:
    # The other address space points at a port where nothing listens: a call sent there fails.
    nowhere = f"http://127.0.0.1:{free_port()}"
    is_gateway = call["addressSpace"] == "gateway"
    base_url, gateway_base_url = (nowhere, platform_mock_server.url) if is_gateway else (platform_mock_server.url, nowhere)
    with PlatformClient(base_url=base_url, gateway_base_url=gateway_base_url, token="any", max_retries=0) as client:
        getattr(client, call["method"])(**call["kwargs"])
    wrong = (platform_mock_server.url, nowhere) if is_gateway else (nowhere, platform_mock_server.url)
    with PlatformClient(base_url=wrong[0], gateway_base_url=wrong[1], token="any", max_retries=0) as client:
        with pytest.raises(APIConnectionError):
            getattr(client, call["method"])(**call["kwargs"])


def test_a_404_is_a_not_found_error_with_the_body_in_the_operations_shape_and_the_request_id(
    platform_mock: PlatformClient, platform_mock_server: MockServer
) -> None:
    with pytest.raises(NotFoundError) as caught:
        platform_mock.get_team(id="jqfwg345gi25n5ju2yz5iz6m", extra_headers={"Prefer": "code=404"})
    error = caught.value
    assert error.status_code == 404
    assert isinstance(error.body, ControlPlaneError)
    assert error.body.status_code == 404
    assert error.error_shape == "control-plane"
    assert error.request_id is not None
    assert re.fullmatch(r"req_[0-9a-f]{12}[0-9a-z]{8}", error.request_id)
    assert f"(request id {error.request_id})" in str(error)
    # The id names this very request in the mock's journal.
    journal = httpx.get(f"{platform_mock_server.url}/_mock/requests", params={"requestId": error.request_id}).json()
    assert [(entry["operationId"], entry["status"]) for entry in journal["requests"]] == [("getTeam", 404)]


def test_raw_response_against_the_mock(platform_mock: PlatformClient) -> None:
    raw = platform_mock.with_raw_response.get_team(id="jqfwg345gi25n5ju2yz5iz6m")
    assert raw.status_code == 200
    assert raw.headers["content-type"].startswith("application/json")
    assert raw.parse().data.manifest is not None
