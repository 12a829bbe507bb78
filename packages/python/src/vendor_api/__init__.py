"""The Platform Control Plane and Gateway API for Python: ``PlatformClient`` and ``AsyncPlatformClient``."""

from typing import TYPE_CHECKING, Any

from ._client import AsyncPlatformClient, PlatformClient
from ._exceptions import (
    APIConnectionError,
    APIResponseValidationError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PermissionDeniedError,
    PlatformApiError,
    PlatformError,
    RateLimitError,
    UnprocessableEntityError,
)
from ._logging import setup_logging
from ._pagination import AsyncPage, AsyncPager, SyncPage
from ._response import RawResponse
from ._types import NOT_GIVEN, AsyncToken, NotGiven, RequestOptions, SyncToken, Timeout
from .generated.version import __version__

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIResponseValidationError",
    "APITimeoutError",
    "AsyncPage",
    "AsyncPager",
    "AsyncPlatformClient",
    "AsyncToken",
    "AuthenticationError",
    "BadRequestError",
    "BaseModel",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "NotGiven",
    "PermissionDeniedError",
    "PlatformApiError",
    "PlatformClient",
    "PlatformError",
    "RateLimitError",
    "RawResponse",
    "RequestOptions",
    "SyncPage",
    "SyncToken",
    "Timeout",
    "UnprocessableEntityError",
    "__version__",
]

setup_logging()

if TYPE_CHECKING:
    from ._models import BaseModel


def __getattr__(name: str) -> Any:
    # pydantic's model machinery is most of the import time: it loads with the first response, or when asked for.
    if name == "BaseModel":
        from ._models import BaseModel

        return BaseModel
    raise AttributeError(f"module 'vendor_api' has no attribute {name!r}")
