"""The base of every generated response model: liberal in what it reads, exact in what it gives back."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, cast

import pydantic
from pydantic import ConfigDict
from pydantic_core import PydanticUndefined

__all__ = ["BaseModel", "tag_picker"]


class BaseModel(pydantic.BaseModel):
    """A response body or a part of one.

    Unknown properties are kept (``model.model_extra``, and in ``to_dict()``); attributes are snake_case, aliased to
    the wire names; ``to_dict()`` gives back the JSON the server sent, by its wire names. A field the contract marks
    required but the body lacks reads as ``None`` (and stays out of ``to_dict()``) rather than failing the call.
    """

    # extra='allow': the service adds fields over time. populate_by_name: models can also be built by attribute name.
    # defer_build: a model's validator is built when first used, so that importing the package stays fast.
    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=(), defer_build=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        # Responses are liberal: a required field the service left out defaults to None. The annotation keeps the
        # documented type for type checkers; the validator (built on first use, defer_build) sees the default.
        for field in cls.model_fields.values():
            is_required = field.default is PydanticUndefined and field.default_factory is None
            if is_required:
                field.default = None

    def to_dict(self) -> Dict[str, Any]:
        """The wire JSON of this model: wire names, unknown properties kept, only the fields that were set."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


def tag_picker(tag: str, variants: Mapping[str, str], unknown: str) -> Callable[[Any], str]:
    """The discriminator of a generated union: the variant named for the value of ``tag``, else ``unknown`` (the
    catch-all model that keeps every field), so that a value the contract does not list yet never fails a call."""

    def pick(value: Any) -> str:
        found: Any = cast(Dict[str, Any], value).get(tag) if isinstance(value, dict) else getattr(value, tag, None)
        if isinstance(found, str):
            return variants.get(found, unknown)
        return unknown

    return pick
