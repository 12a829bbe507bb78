"""The HTTP core: settings, requests, retries, timeouts and errors, written once for the sync and the async client.

As in openai-python's ``_base_client``: ``BaseClient`` holds every decision (what to send, whether and when to retry,
which error to raise); ``SyncAPIClient`` and ``AsyncAPIClient`` only send and sleep. Retries mirror the TypeScript
client (packages/client/src/retry.ts): only operations the spec marks ``x-idempotent``, on 408, 429, 5xx and
connection errors, 0.5 s doubling up to 8 s minus up to 25 % jitter, ``Retry-After`` (seconds or a date) honoured up
to 60 s.
"""

from __future__ import annotations

import email.utils
import importlib
import json
import os
import random
import re
import sys
import time
import typing
from typing import Any, Callable, Dict, List, Mapping, Optional, TypeVar, Union, cast
from urllib.parse import quote

import anyio
import httpx

from ._exceptions import APIConnectionError, APITimeoutError, PlatformApiError, PlatformError, error_class_for
from ._logging import logger
from ._operation import Operation
from ._pagination import AsyncPager, Fetched, Query, SyncPage, _Walk
from ._response import RawResponse, request_id_of
from ._types import NotGiven
from .generated.version import __version__

__all__ = ["AsyncAPIClient", "BaseClient", "SyncAPIClient"]

T = TypeVar("T")

RETRYABLE_STATUSES = frozenset({408, 429, 500, 502, 503, 504})
# The longest pause a server may ask for with Retry-After; beyond it we give up rather than wait.
MAX_RETRY_AFTER_SECONDS = 60.0
DEFAULT_MAX_RETRIES = 2
DEFAULT_TIMEOUT = 60.0

BASE_URL_ENV = "VENDOR_API_BASE_URL"
GATEWAY_BASE_URL_ENV = "VENDOR_API_GATEWAY_BASE_URL"
TOKEN_ENV = "VENDOR_API_TOKEN"

# Body keys whose values (and everything below them) may be secret; the same rule as the TypeScript client's logs.
SECRET_KEY = re.compile(
    r"pass|secret|token|api.?key|authori[sz]ation|credential|private|^(value|ca_cert|auth_data|(additional_)?headers|env)$",
    re.IGNORECASE,
)
_HTTP_URL_WITHOUT_CREDENTIALS = re.compile(r"^https?://[^/?#@]+([/?#]|$)", re.IGNORECASE)


def backoff_delay(retry: int, rand: Callable[[], float] = random.random, base: float = 0.5) -> float:
    """Seconds before retry number ``retry`` (0 for the first): 0.5 s doubling, capped at 8 s, minus up to 25 % jitter."""
    capped = min(8.0, base * (2.0**retry))
    return capped * (1 - rand() / 4)


def parse_retry_after(value: Optional[str], now: Optional[float] = None) -> Optional[float]:
    """``Retry-After`` (delta-seconds or an HTTP date) in seconds; ``None`` when absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        seconds = None
    if seconds is not None:
        return seconds if seconds >= 0 else None
    try:
        date = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    current = time.time() if now is None else now
    return max(0.0, date.timestamp() - current)


def retry_delay(attempt: int, max_retries: int, retry_after: Optional[str], backoff: Callable[[int], float]) -> Optional[float]:
    """Seconds to wait before the next attempt after a retryable failure of attempt ``attempt``, or None to give up."""
    if attempt >= max_retries:
        return None
    asked = parse_retry_after(retry_after)
    if asked is None:
        return backoff(attempt)
    if asked > MAX_RETRY_AFTER_SECONDS:
        return None
    return asked


def _check_count(value: Any, name: str, allow_none: bool = False) -> None:
    if value is None and allow_none:
        return
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not is_number or value < 0:
        raise ValueError(f"{name} must be a non-negative number (got {value!r})")


def _check_base_url(value: str, name: str, env: str) -> str:
    if not _HTTP_URL_WITHOUT_CREDENTIALS.match(value):
        # The value is not repeated: a URL with credentials would leak them.
        raise ValueError(f"{name} (or {env}) must be an absolute http(s) URL without credentials")
    return value.rstrip("/")


def _collect_secrets(value: Any, into: List[str], inside_secret: bool = False) -> List[str]:
    if isinstance(value, str):
        if inside_secret and value:
            into.append(value)
    elif isinstance(value, dict):
        for key, child in cast(Dict[str, Any], value).items():
            _collect_secrets(child, into, inside_secret or bool(SECRET_KEY.search(str(key))))
    elif isinstance(value, list):
        for child in value:
            _collect_secrets(child, into, inside_secret)
    return into


def redact(value: Any, secrets: List[str]) -> Any:
    """A copy of ``value`` with each secret replaced by ``[REDACTED]`` (short secrets only as whole strings)."""
    if isinstance(value, str):
        out = value
        for secret in secrets:
            if out == secret:
                out = "[REDACTED]"
            elif len(secret) > 3:
                out = out.replace(secret, "[REDACTED]")
        return out
    if isinstance(value, dict):
        return {redact(k, secrets): redact(v, secrets) for k, v in cast(Dict[str, Any], value).items()}
    if isinstance(value, list):
        return [redact(v, secrets) for v in value]
    return value


def to_wire(value: Any) -> Any:
    """A request value as JSON: generated models by their wire names, NOT_GIVEN fields left out."""
    # pydantic is loaded with the first model (a response, or a model passed in), never by this check.
    pydantic_main = sys.modules.get("pydantic.main")
    if pydantic_main is not None and isinstance(value, pydantic_main.BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, Mapping):
        return {str(k): to_wire(v) for k, v in value.items() if not isinstance(v, NotGiven)}
    if isinstance(value, (list, tuple)):
        return [to_wire(v) for v in value]
    return value


def error_detail(body: Any) -> Optional[str]:
    """One readable line from whichever error shape came back (ml, control plane, gateway), or from a text body."""
    if isinstance(body, str):
        return body.strip()[:500] or None
    if not isinstance(body, dict):
        return None
    shaped = cast(Dict[str, Any], body)
    detail = shaped.get("detail")
    if isinstance(detail, list) and detail:
        return "; ".join(_validation_issue(issue) for issue in detail)
    if isinstance(detail, str):
        return detail
    error = shaped.get("error")
    if isinstance(error, dict) and isinstance(error.get("message"), str):  # pyright: ignore[reportUnknownMemberType]
        gateway = cast(Dict[str, Any], error)
        code = f" ({gateway['code']})" if isinstance(gateway.get("code"), str) else ""
        return str(gateway["message"]) + code
    message = shaped.get("message")
    return message if isinstance(message, str) else None


def _validation_issue(issue: Any) -> str:
    if not isinstance(issue, dict):
        return json.dumps(issue)
    entry = cast(Dict[str, Any], issue)
    loc = entry.get("loc")
    where = ".".join(str(part) for part in loc if part != "body") if isinstance(loc, list) else ""
    what = entry.get("msg") if isinstance(entry.get("msg"), str) else json.dumps(entry)
    return f"{where}: {what}" if where else str(what)


_parsers: Dict[str, Callable[[Any], Any]] = {}


def _parser(name: str) -> Callable[[Any], Any]:
    """How to read a body as the generated type of that name (a model class, or an expression such as
    ``Dict[str, Any]``). The models module is imported on the first call, not with the package."""
    parser = _parsers.get(name)
    if parser is None:
        import pydantic

        models = importlib.import_module("vendor_api.generated.models")
        target = getattr(models, name, None)
        if isinstance(target, type) and issubclass(target, pydantic.BaseModel):
            parser = target.model_validate
        else:
            namespace: Dict[str, Any] = {**vars(typing), **vars(models)}
            adapter: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(eval(name, namespace))  # a type the generator wrote
            parser = adapter.validate_python
        _parsers[name] = parser
    return parser


def parse_as(name: str, data: Any) -> Any:
    """JSON read as the generated type ``name``; ``None`` for an operation without a body."""
    if name == "None":
        return None
    return _parser(name)(data)


class _Call:
    """One call of an operation, as the generated method describes it, with what its errors and logs need."""

    def __init__(
        self,
        operation: Operation,
        *,
        path: Mapping[str, Any],
        query: Mapping[str, Any],
        headers: Mapping[str, Any],
        body: Any,
        extra_headers: Optional[Mapping[str, str]],
    ) -> None:
        self.operation = operation
        self.path = path
        self.query = {k: v for k, v in query.items() if v is not None}
        self.headers = {k: str(v) for k, v in headers.items() if v is not None}
        if extra_headers:
            self.headers.update(extra_headers)
        self.has_body = not isinstance(body, NotGiven)
        self.body = to_wire(body) if self.has_body else None

    def with_query(self, query: Query) -> _Call:
        copy = _Call.__new__(_Call)
        copy.__dict__.update(self.__dict__)
        copy.query = {**self.query, **query}
        return copy


class BaseClient:
    """What the sync and the async client share: settings, how a request is built, and every retry decision."""

    base_url: str
    gateway_base_url: str
    max_retries: int
    timeout: Optional[float]

    def __init__(
        self,
        *,
        base_url: Optional[str],
        gateway_base_url: Optional[str],
        token: Optional[str],
        max_retries: int,
        timeout: Optional[float],
        default_headers: Optional[Mapping[str, str]],
    ) -> None:
        base_url = base_url if base_url is not None else os.environ.get(BASE_URL_ENV) or None
        if base_url is None:
            raise ValueError(f"base_url is missing: pass base_url=... or set the {BASE_URL_ENV} environment variable")
        self.base_url = _check_base_url(base_url, "base_url", BASE_URL_ENV)
        gateway_base_url = gateway_base_url if gateway_base_url is not None else os.environ.get(GATEWAY_BASE_URL_ENV) or None
        self.gateway_base_url = self.base_url if gateway_base_url is None else _check_base_url(gateway_base_url, "gateway_base_url", GATEWAY_BASE_URL_ENV)
        token = token if token is not None else os.environ.get(TOKEN_ENV) or None
        if not token:
            raise ValueError(f"token is missing: pass token=... or set the {TOKEN_ENV} environment variable")
        self._token = token
        _check_count(max_retries, "max_retries")
        _check_count(timeout, "timeout", allow_none=True)
        self.max_retries = int(max_retries)
        self.timeout = None if timeout is None else float(timeout)
        self._default_headers = dict(default_headers or {})
        # What every request carries, built once (a call adds its own headers on top).
        self._base_headers: Dict[str, str] = {
            "accept": "application/json",
            "user-agent": f"vendor-api-python/{__version__}",
            **self._default_headers,
            "authorization": f"Bearer {token}",
        }
        self._timeout_config = httpx.Timeout(self.timeout)
        self._backoff: Callable[[int], float] = backoff_delay

    @property
    def token(self) -> str:
        return self._token

    def __repr__(self) -> str:
        # Never the token.
        return f"{type(self).__name__}(base_url={self.base_url!r}, gateway_base_url={self.gateway_base_url!r})"

    def _copy_with(self: Any, *, max_retries: Optional[int], timeout: Union[float, None, NotGiven]) -> Any:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        if max_retries is not None:
            _check_count(max_retries, "max_retries")
            copy.max_retries = int(max_retries)
        if not isinstance(timeout, NotGiven):
            _check_count(timeout, "timeout", allow_none=True)
            copy.timeout = None if timeout is None else float(timeout)
            copy._timeout_config = httpx.Timeout(copy.timeout)
        # A copy shares its parent's HTTP client and never closes it.
        copy._owns_http_client = False
        return copy

    def _url(self, call: _Call) -> str:
        operation = call.operation
        base = self.gateway_base_url if operation.address_space == "gateway" else self.base_url
        path = operation.path
        for name, value in call.path.items():
            if value is None or (isinstance(value, str) and not value):
                raise ValueError(f"{operation.operation_id}: {name} must be a non-empty string")
            path = path.replace("{" + name + "}", quote(str(value), safe=""))
        return base + path

    def _build_request(self, http: Union[httpx.Client, httpx.AsyncClient], call: _Call) -> httpx.Request:
        headers = {**self._base_headers, **call.headers} if call.headers else dict(self._base_headers)
        content: Optional[bytes] = None
        if call.has_body:
            headers["content-type"] = "application/json"
            content = json.dumps(call.body, separators=(",", ":")).encode()
        query = call.query or None
        return http.build_request(call.operation.method, self._url(call), params=query, headers=headers, content=content, timeout=self._timeout_config)

    def _max_retries_for(self, call: _Call) -> int:
        # Only operations that are safe to repeat are retried, whatever max_retries says.
        return self.max_retries if call.operation.idempotent else 0

    def _secrets(self, call: _Call) -> List[str]:
        return _collect_secrets(call.body, [self._token])

    def _status_error(self, call: _Call, request: httpx.Request, response: httpx.Response) -> PlatformApiError:
        """The error of a non-2xx response: message and body built from the redacted body, so no secret leaks."""
        secrets = self._secrets(call)
        text = response.text
        parsed: Any
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        raw_body = redact(parsed, secrets)
        body: Optional[Any] = None
        if isinstance(raw_body, dict):
            try:
                body = parse_as(call.operation.error_model, raw_body)
            except ValueError:  # pydantic's ValidationError
                body = None  # another shape (a proxy's, say): raw_body still has it
        request_id = request_id_of(response)
        operation_id = call.operation.operation_id
        message = f"{operation_id} failed with status {response.status_code}"
        if response.reason_phrase:
            message += f" {response.reason_phrase}"
        detail = error_detail(raw_body)
        if detail:
            message += f": {detail}"
        if request_id:
            message += f" (request id {request_id})"
        error_class = error_class_for(response.status_code)
        return error_class(
            redact(message, secrets),
            operation_id=operation_id,
            method=request.method,
            url=str(request.url),
            status_code=response.status_code,
            request_id=request_id,
            body=body,
            raw_body=raw_body,
            headers=response.headers,
            error_shape=call.operation.error_shape,
        )

    def _network_error(self, call: _Call, request: httpx.Request, cause: Exception) -> PlatformError:
        operation_id = call.operation.operation_id
        where = f" ({request.method} {request.url})"
        if isinstance(cause, httpx.TimeoutException):
            limit = self.timeout if self.timeout is not None else 0.0
            return APITimeoutError(
                f"{operation_id} timed out after {limit:g} s{where}", operation_id=operation_id, method=request.method, url=str(request.url), timeout=limit
            )
        reason = str(cause) or type(cause).__name__
        message = redact(f"{operation_id} could not reach the server{where}: {reason}", self._secrets(call))
        return APIConnectionError(message, operation_id=operation_id, method=request.method, url=str(request.url))

    def _decide(self, call: _Call, attempt: int, failure: PlatformError, response: Optional[httpx.Response], started: float) -> Optional[float]:
        """After a failed attempt: seconds to wait before the next one, or None to raise ``failure``. Logs the attempt."""
        if response is None:
            retryable = True
            status: Union[int, str] = type(failure).__name__
        else:
            retryable = response.status_code in RETRYABLE_STATUSES
            status = response.status_code
        max_retries = self._max_retries_for(call)
        delay = retry_delay(attempt, max_retries, response.headers.get("retry-after") if response is not None else None, self._backoff) if retryable else None
        self._log_attempt(call, status, started, failure, delay)
        if delay is None and retryable and max_retries > 0:
            logger.warning("%s gave up after %d attempts: %s", call.operation.operation_id, attempt + 1, failure.message)
        return delay

    def _log_attempt(
        self, call: _Call, status: Union[int, str], started: float, failure: Optional[PlatformError] = None, delay: Optional[float] = None
    ) -> None:
        operation = call.operation
        note = "" if delay is None or failure is None else f"retry in {round(delay * 1000)} ms: {failure.message}"
        if logger.isEnabledFor(10):
            duration = round((time.monotonic() - started) * 1000)
            path = operation.path
            logger.debug("%s: %s %s -> %s in %d ms%s", operation.operation_id, operation.method, path, status, duration, f"; {note}" if note else "")
        if note:
            logger.info("%s: %s", operation.operation_id, note)


class SyncAPIClient(BaseClient):
    """Sends with an ``httpx.Client``: blocking calls, ``time.sleep`` between attempts."""

    def __init__(self, *, http_client: Optional[httpx.Client], **settings: Any) -> None:
        super().__init__(**settings)
        if http_client is not None and not isinstance(http_client, httpx.Client):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("http_client must be an httpx.Client (use AsyncPlatformClient for an httpx.AsyncClient)")
        self._owns_http_client = http_client is None
        self._http = http_client if http_client is not None else httpx.Client()
        self._sleep: Callable[[float], None] = time.sleep

    def close(self) -> None:
        """Closes the HTTP client, if the client made it."""
        if self._owns_http_client:
            self._http.close()

    def _send(self, call: _Call) -> httpx.Response:
        """Attempts, retries and waits until a 2xx response (returned) or a final error (raised)."""
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            started = time.monotonic()
            response: Optional[httpx.Response] = None
            try:
                response = self._http.send(request)
                response.read()
            except httpx.TransportError as cause:
                failure: PlatformError = self._network_error(call, request, cause)
            else:
                if response.is_success:
                    self._log_attempt(call, response.status_code, started)
                    return response
                failure = self._status_error(call, request, response)
            delay = self._decide(call, attempt, failure, response, started)
            if delay is None:
                raise failure
            self._sleep(delay)
            attempt += 1

    def _call(self, operation: Operation, result: str, **parts: Any) -> Any:
        response = self._send(_Call(operation, **parts))
        return parse_as(result, response.json() if response.content else None)

    def _call_raw(self, operation: Operation, result: str, **parts: Any) -> RawResponse[Any]:
        response = self._send(_Call(operation, **parts))
        return RawResponse(response, lambda data: parse_as(result, data))

    def _paginate(self, operation: Operation, body_type: str, item_type: str, **parts: Any) -> SyncPage[Any, Any]:
        call = _Call(operation, **parts)

        def fetch(query: Query) -> Fetched:
            response = self._send(call.with_query(query))
            data = response.json() if response.content else None
            return parse_as(body_type, data), data, response

        walk = _Walk(operation, lambda item: parse_as(item_type, item))
        return SyncPage(walk, fetch, dict(call.query), fetch(dict(call.query)), is_first=True)


class AsyncAPIClient(BaseClient):
    """Sends with an ``httpx.AsyncClient``: awaitable calls, ``anyio.sleep`` between attempts."""

    def __init__(self, *, http_client: Optional[httpx.AsyncClient], **settings: Any) -> None:
        super().__init__(**settings)
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("http_client must be an httpx.AsyncClient (use PlatformClient for an httpx.Client)")
        self._owns_http_client = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient()
        self._sleep: Callable[[float], Any] = anyio.sleep

    async def close(self) -> None:
        if self._owns_http_client:
            await self._http.aclose()

    async def _send(self, call: _Call) -> httpx.Response:
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            started = time.monotonic()
            response: Optional[httpx.Response] = None
            try:
                response = await self._http.send(request)
                await response.aread()
            except httpx.TransportError as cause:
                failure: PlatformError = self._network_error(call, request, cause)
            else:
                if response.is_success:
                    self._log_attempt(call, response.status_code, started)
                    return response
                failure = self._status_error(call, request, response)
            delay = self._decide(call, attempt, failure, response, started)
            if delay is None:
                raise failure
            await self._sleep(delay)
            attempt += 1

    async def _call(self, operation: Operation, result: str, **parts: Any) -> Any:
        response = await self._send(_Call(operation, **parts))
        return parse_as(result, response.json() if response.content else None)

    async def _call_raw(self, operation: Operation, result: str, **parts: Any) -> RawResponse[Any]:
        response = await self._send(_Call(operation, **parts))
        return RawResponse(response, lambda data: parse_as(result, data))

    def _paginate(self, operation: Operation, body_type: str, item_type: str, **parts: Any) -> AsyncPager[Any, Any]:
        call = _Call(operation, **parts)

        async def fetch(query: Query) -> Fetched:
            response = await self._send(call.with_query(query))
            data = response.json() if response.content else None
            return parse_as(body_type, data), data, response

        return AsyncPager(lambda: _Walk(operation, lambda item: parse_as(item_type, item)), fetch, dict(call.query))
