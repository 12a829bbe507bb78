"""The errors the client raises. No message carries a token or a secret value of the request."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Type

import httpx

__all__ = [
    "APIConnectionError",
    "APIResponseValidationError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "PermissionDeniedError",
    "PlatformApiError",
    "PlatformError",
    "RateLimitError",
    "UnprocessableEntityError",
]


def _rebuild(kind: Type[PlatformError], args: Tuple[Any, ...], state: Dict[str, Any]) -> PlatformError:
    """An error from its class, ``args`` and attributes: how pickle and ``copy.deepcopy`` rebuild one."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class PlatformError(Exception):
    """Base of every error the client raises for a failed call."""

    operation_id: str
    method: str
    url: str

    def __init__(self, message: str, *, operation_id: str, method: str, url: str) -> None:
        super().__init__(message)
        self.message = message
        self.operation_id = operation_id
        self.method = method
        self.url = url

    def __reduce__(self) -> Any:
        # Exception's own reduce calls __init__ with the message alone, which our keyword-only arguments refuse:
        # rebuild from the attributes instead, so that errors cross processes (multiprocessing, Celery).
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


class PlatformApiError(PlatformError):
    """The server answered with a non-2xx status.

    ``body`` is the error body parsed into the operation's error shape (``MlError``, ``ControlPlaneError`` or
    ``GatewayError``), or ``None`` when it was empty or another shape; ``raw_body`` is the body as JSON or text
    (secret values redacted).
    """

    status_code: int
    request_id: Optional[str]
    body: Optional[Any]
    raw_body: Any
    headers: httpx.Headers
    error_shape: str

    def __init__(
        self,
        message: str,
        *,
        operation_id: str,
        method: str,
        url: str,
        status_code: int,
        request_id: Optional[str],
        body: Optional[Any],
        raw_body: Any,
        headers: httpx.Headers,
        error_shape: str,
    ) -> None:
        super().__init__(message, operation_id=operation_id, method=method, url=url)
        self.status_code = status_code
        self.request_id = request_id
        self.body = body
        self.raw_body = raw_body
        self.headers = headers
        self.error_shape = error_shape

    @property
    def status(self) -> int:
        """The HTTP status (the same as ``status_code``)."""
        return self.status_code


class BadRequestError(PlatformApiError):
    """400: the request broke a rule of the contract."""


class AuthenticationError(PlatformApiError):
    """401: no token, or one the server does not accept."""


class PermissionDeniedError(PlatformApiError):
    """403: the token's subject may not do this."""


class NotFoundError(PlatformApiError):
    """404: nothing at that id (or path)."""


class ConflictError(PlatformApiError):
    """409: the request conflicts with the current state."""


class UnprocessableEntityError(PlatformApiError):
    """422: the request broke a rule of the contract (the ML endpoints' invalid-input status)."""


class RateLimitError(PlatformApiError):
    """429: too many requests; ``headers['retry-after']`` says when to try again."""


class InternalServerError(PlatformApiError):
    """5xx: the server failed."""


_BY_STATUS: Dict[int, Type[PlatformApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def error_class_for(status_code: int) -> Type[PlatformApiError]:
    """The subclass of PlatformApiError for a status: one per family Python users expect."""
    if status_code >= 500:
        return InternalServerError
    return _BY_STATUS.get(status_code, PlatformApiError)


class APIResponseValidationError(PlatformError):
    """A 2xx response whose body is not JSON, or cannot be read as the documented type at all (a list where an
    object is documented). ``body`` is the body as JSON or text, ``status_code`` and ``request_id`` the response's."""

    status_code: int
    request_id: Optional[str]
    body: Any

    def __init__(self, message: str, *, operation_id: str, method: str, url: str, status_code: int, request_id: Optional[str], body: Any) -> None:
        super().__init__(message, operation_id=operation_id, method=method, url=url)
        self.status_code = status_code
        self.request_id = request_id
        self.body = body


class APIConnectionError(PlatformError):
    """The request got no HTTP response: refused or reset connection, DNS or TLS failure."""


class APITimeoutError(APIConnectionError):
    """An attempt took longer than the client's ``timeout`` (after the last retry)."""

    timeout: float

    def __init__(self, message: str, *, operation_id: str, method: str, url: str, timeout: float) -> None:
        super().__init__(message, operation_id=operation_id, method=method, url=url)
        self.timeout = timeout
