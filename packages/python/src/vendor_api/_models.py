"""The base of every generated response model: liberal in what it reads, exact in what it gives back."""

from __future__ import annotations

from typing import Any, Dict

import pydantic
from pydantic import ConfigDict

__all__ = ["BaseModel"]


class BaseModel(pydantic.BaseModel):
    """A response body or a part of one.

    Unknown properties are kept (``model.model_extra``, and in ``to_dict()``); attributes are snake_case, aliased to
    the wire names; ``to_dict()`` gives back the JSON the server sent, by its wire names.
    """

    # extra='allow': the service adds fields over time. populate_by_name: models can also be built by attribute name.
    # defer_build: a model's validator is built when first used, so that importing the package stays fast.
    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=(), defer_build=True)

    def to_dict(self) -> Dict[str, Any]:
        """The wire JSON of this model: wire names, unknown properties kept, only the fields that were set."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)
