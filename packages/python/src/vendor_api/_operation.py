"""How the generated operation table describes an operation (generated/operations.py fills it in from the spec)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple, Union

from typing_extensions import Literal

__all__ = ["OffsetPagination", "Operation", "PageTokenPagination", "Pagination"]


@dataclass(frozen=True)
class PageTokenPagination:
    """``x-pagination`` style ``page-token``: each page names the next one; the last names none."""

    token_parameter: str
    limit_parameter: str
    next_token_at: Tuple[str, ...]
    items_at: Tuple[str, ...]


@dataclass(frozen=True)
class OffsetPagination:
    """``x-pagination`` style ``offset``: the caller skips ``offset`` items; each page tells the total."""

    offset_parameter: str
    limit_parameter: str
    total_at: Tuple[str, ...]
    items_at: Tuple[str, ...]


Pagination = Union[PageTokenPagination, OffsetPagination]


@dataclass(frozen=True)
class Operation:
    """One operation of the contract: where it goes, whether it may be retried, how it fails and pages."""

    operation_id: str
    method: str
    path: str
    address_space: Literal["control_plane", "gateway"]
    idempotent: bool
    error_shape: str
    # The name of its error body's model in vendor_api.generated.models (imported on the first error).
    error_model: Optional[str]
    pagination: Optional[Pagination]
