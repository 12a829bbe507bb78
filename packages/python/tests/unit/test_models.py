"""Responses liberal: every documented body reads back unchanged; unknown fields, nulls and new enum values are kept."""

from __future__ import annotations

import typing
from typing import Any, Dict

import pydantic
import pytest

from vendor_api.generated import models
from vendor_api.generated.models import AgentTurn, McpServerV2Response, TeamResponse

from ..generated.examples import RESPONSE_BODIES


def model_named(name: str) -> Any:
    namespace: Dict[str, Any] = {**vars(typing), **vars(models)}
    return eval(name, namespace)  # the generator's own type expressions (e.g. "Dict[str, Any]")


@pytest.mark.parametrize("case", RESPONSE_BODIES, ids=[f"{c['operationId']}-{c['status']}-{c['example']}" for c in RESPONSE_BODIES])
def test_every_documented_body_reads_back_unchanged(case: Dict[str, Any]) -> None:
    adapter: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(model_named(case["model"]))
    parsed = adapter.validate_python(case["body"])
    assert adapter.dump_python(parsed, mode="json", by_alias=True, exclude_unset=True) == case["body"]


def test_unknown_properties_are_kept_and_given_back() -> None:
    body = {"data": {"id": "t1", "futureField": {"x": 1}, "manifest": {"type": "team", "name": "p", "members": [], "newThing": True}}}
    team = TeamResponse.model_validate(body)
    assert team.to_dict() == body
    assert team.data.model_extra == {"futureField": {"x": 1}}


def test_null_in_optional_fields_and_unknown_enum_values_are_accepted() -> None:
    body: Dict[str, Any] = {
        "data": {
            "id": "m1",
            "fqn": "acme:mcp-server:n",
            "tenantName": "acme",
            "manifest": {"type": "mcp-server/remote", "name": "n", "description": "d", "collaborators": [], "url": "https://x", "auth_data": None},
            "createdBySubject": {"subjectId": "s", "subjectType": "zz-future-value", "subjectSlug": None},
            "proxyUrl": None,
        }
    }
    server = McpServerV2Response.model_validate(body)
    assert server.data.created_by_subject is not None
    assert server.data.created_by_subject.subject_type == "zz-future-value"
    assert server.to_dict() == body


def test_snake_case_attributes_are_aliased_to_wire_names() -> None:
    team = TeamResponse.model_validate({"data": {"id": "t1", "tenantName": "acme", "isEditable": True}})
    assert team.data.tenant_name == "acme"
    assert team.data.is_editable is True
    assert team.to_dict() == {"data": {"id": "t1", "tenantName": "acme", "isEditable": True}}


def test_a_discriminated_state_picks_its_variant_and_types_still_hold() -> None:
    done = AgentTurn.model_validate({"id": "t", "session_id": "s", "created_at": "c", "state": {"status": "error", "message": "m", "completed_at": "c"}})
    assert type(done.state).__name__ == "AgentTurnStateError"
    with pytest.raises(pydantic.ValidationError):
        TeamResponse.model_validate({"data": {"id": "t1", "members": "not-a-list"}})
