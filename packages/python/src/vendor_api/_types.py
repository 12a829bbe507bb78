"""Small types shared by the client's modules."""

from __future__ import annotations

from typing import Any

from typing_extensions import Literal, final

__all__ = ["NOT_GIVEN", "NotGiven"]


@final
class NotGiven:
    """The default of an optional body field: the field is not sent (``None`` sends JSON ``null``)."""

    def __bool__(self) -> Literal[False]:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __reduce__(self) -> Any:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()
