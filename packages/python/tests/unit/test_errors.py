"""Errors: one class per status family, the body in the operation's error shape, the request id, no secrets."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import httpx
import pytest

import vendor_api
from vendor_api import (
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PlatformApiError,
    RateLimitError,
    UnprocessableEntityError,
)
from vendor_api.generated.models import ControlPlaneError, GatewayError, MlError

from .helpers import Script, json_response, sync_client


@pytest.mark.parametrize(
    ("status", "error_class"),
    [
        (400, BadRequestError),
        (401, AuthenticationError),
        (403, PermissionDeniedError),
        (404, NotFoundError),
        (409, ConflictError),
        (422, UnprocessableEntityError),
        (429, RateLimitError),
        (500, InternalServerError),
        (503, InternalServerError),
        (418, PlatformApiError),
    ],
)
def test_each_status_family_has_its_class(status: int, error_class: type) -> None:
    client = sync_client(Script(json_response(status, {"statusCode": status, "message": "no"})), max_retries=0)
    with pytest.raises(PlatformApiError) as caught:
        client.get_team(id="t1")
    assert type(caught.value) is error_class
    assert caught.value.status_code == status


def test_a_404_carries_the_request_id_the_parsed_body_and_the_headers() -> None:
    body = {"statusCode": 404, "message": "Team t1 not found", "code": None}
    client = sync_client(Script(json_response(404, body, {"x-request-id": "req-123"})))
    with pytest.raises(NotFoundError) as caught:
        client.get_team(id="t1")
    error = caught.value
    assert error.request_id == "req-123"
    assert isinstance(error.body, ControlPlaneError)
    assert error.body.message == "Team t1 not found"
    assert error.headers["x-request-id"] == "req-123"
    assert error.operation_id == "getTeam"
    assert str(error) == "getTeam failed with status 404 Not Found: Team t1 not found (request id req-123)"


def test_each_error_shape_is_parsed_into_its_model() -> None:
    ml = {"detail": [{"loc": ["body", "manifest", "name"], "msg": "field required", "type": "missing"}]}
    with pytest.raises(UnprocessableEntityError) as caught:
        sync_client(Script(json_response(422, ml))).get_artifact_version(id="a1")
    assert isinstance(caught.value.body, MlError)
    assert "manifest.name: field required" in str(caught.value)
    gateway = {"error": {"message": "No object with id f1.", "type": "not_found_error", "code": "not_found", "param": None}}
    with pytest.raises(NotFoundError) as caught_gateway:
        sync_client(Script(json_response(404, gateway))).get_file(id="f1", x_vendor_provider_name="p")
    assert isinstance(caught_gateway.value.body, GatewayError)
    assert "No object with id f1. (not_found)" in str(caught_gateway.value)


def test_a_body_in_another_shape_is_kept_raw() -> None:
    client = sync_client(Script(json_response(502, "<html>bad gateway</html>")), max_retries=0)
    with pytest.raises(InternalServerError) as caught:
        client.get_team(id="t1")
    assert caught.value.body is None
    assert caught.value.raw_body == "<html>bad gateway</html>"


def test_no_token_or_secret_of_the_request_appears_in_an_error() -> None:
    token = "tok-very-secret-4242"
    password = "correct-horse-battery-staple"
    echo = {"statusCode": 400, "message": f"password {password} rejected for token {token}"}
    client = sync_client(Script(json_response(400, echo)), token=token)
    with pytest.raises(BadRequestError) as caught:
        client.change_password(login_id="ada@acme.example", new_password=password, old_password="old-password-1")
    text = f"{caught.value} {caught.value.raw_body} {caught.value.body!r}"
    assert password not in text
    assert token not in text
    assert "[REDACTED]" in str(caught.value)


def _every_error() -> list[vendor_api.PlatformError]:
    common = {"operation_id": "getTeam", "method": "GET", "url": "http://control.test/api/svc/v1/teams/t1"}
    headers = httpx.Headers({"x-request-id": "req-7"})
    api = {"request_id": "req-7", "body": None, "raw_body": {"message": "nope"}, "headers": headers, "error_shape": "control-plane"}
    errors: list[vendor_api.PlatformError] = [
        vendor_api.PlatformError("failed", **common),
        vendor_api.APIConnectionError("unreachable", **common),
        vendor_api.APITimeoutError("slow", timeout=2.0, **common),
        vendor_api.APIResponseValidationError("not JSON", status_code=200, request_id="req-8", body="<html>", **common),
    ]
    for kind in (
        vendor_api.PlatformApiError,
        vendor_api.BadRequestError,
        vendor_api.AuthenticationError,
        vendor_api.PermissionDeniedError,
        vendor_api.NotFoundError,
        vendor_api.ConflictError,
        vendor_api.UnprocessableEntityError,
        vendor_api.RateLimitError,
        vendor_api.InternalServerError,
    ):
        errors.append(kind("status error", status_code=418, **api, **common))  # type: ignore[arg-type]
    return errors


@pytest.mark.parametrize("error", _every_error(), ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("copy_of", [lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy], ids=["pickle", "deepcopy"])
def test_every_error_pickles_and_deep_copies_with_its_status_body_and_request_id(error: Any, copy_of: Any) -> None:
    copied = copy_of(error)
    assert type(copied) is type(error)
    assert str(copied) == str(error)
    assert copied.__dict__.keys() == error.__dict__.keys()
    for name in ("operation_id", "url", "status_code", "request_id", "body", "raw_body", "timeout"):
        assert getattr(copied, name, None) == getattr(error, name, None)
