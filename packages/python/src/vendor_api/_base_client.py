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
import inspect
import json
import os
import random
import re
import sys
import time
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Type, TypeVar, Union, cast
from urllib.parse import quote

import anyio
import httpx
from typing_extensions import Unpack

from ._exceptions import APIConnectionError, APIResponseValidationError, APITimeoutError, PlatformApiError, PlatformError, error_class_for
from ._logging import logger
from ._operation import Operation
from ._pagination import AsyncPager, Fetched, Query, SyncPage, _Walk  # pyright: ignore[reportPrivateUsage]
from ._response import RawResponse, request_id_of
from ._types import NOT_GIVEN, REQUEST_OPTIONS, NotGiven, RequestOptions, Timeout
from .generated.version import __version__

__all__ = ["AsyncAPIClient", "BaseClient", "SyncAPIClient"]

T = TypeVar("T")
ItemT = TypeVar("ItemT")
BodyT = TypeVar("BodyT")

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
    if not is_number or cast(float, value) < 0:
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
        for child in value:  # pyright: ignore[reportUnknownVariableType]
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
        return [redact(v, secrets) for v in value]  # pyright: ignore[reportUnknownVariableType]
    return value


def to_wire(value: Any) -> Any:
    """A request value as JSON: generated models by their wire names, NOT_GIVEN fields left out."""
    # pydantic is loaded with the first model (a response, or a model passed in), never by this check.
    pydantic_main = sys.modules.get("pydantic.main")
    if pydantic_main is not None and isinstance(value, pydantic_main.BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, Mapping):
        return {str(k): to_wire(v) for k, v in value.items() if not isinstance(v, NotGiven)}  # pyright: ignore[reportUnknownVariableType,reportUnknownArgumentType]
    if isinstance(value, (list, tuple)):
        return [to_wire(v) for v in value]  # pyright: ignore[reportUnknownVariableType]
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
        return "; ".join(_validation_issue(issue) for issue in detail)  # pyright: ignore[reportUnknownVariableType]
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
    where = ".".join(str(part) for part in loc if part != "body") if isinstance(loc, list) else ""  # pyright: ignore[reportUnknownVariableType,reportUnknownArgumentType]
    what = entry.get("msg") if isinstance(entry.get("msg"), str) else json.dumps(entry)
    return f"{where}: {what}" if where else str(what)


# The type adapters of result types that are not model classes (Dict[str, Any], List[X], a union), built once each.
_adapters: Dict[Any, Any] = {}


def _validator(cast_to: Any) -> Callable[[Any], Any]:
    """How to read JSON as ``cast_to``: a model class's own validator, else a pydantic TypeAdapter (built once)."""
    validate = getattr(cast_to, "model_validate", None)
    if isinstance(cast_to, type) and validate is not None:
        return cast(Callable[[Any], Any], validate)
    key = cast_to if _is_hashable(cast_to) else id(cast_to)
    adapter = _adapters.get(key)
    if adapter is None:
        import pydantic

        adapter = pydantic.TypeAdapter(cast_to)
        _adapters[key] = adapter
    return cast(Callable[[Any], Any], adapter.validate_python)


def _is_hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _check_timeout(value: Any, name: str) -> httpx.Timeout:
    """``timeout`` as httpx applies it: seconds for each phase (connect, read, write, pool), per phase, or none."""
    if isinstance(value, httpx.Timeout):
        return value
    _check_count(value, name, allow_none=True)
    return httpx.Timeout(None if value is None else float(value))


# What an attempt was doing when httpx's timeout of that phase ran out.
_TIMEOUT_PHASES = {
    httpx.ConnectTimeout: "connecting",
    httpx.ReadTimeout: "waiting for the response",
    httpx.WriteTimeout: "sending",
    httpx.PoolTimeout: "waiting for a connection",
}


def _longest_phase(timeout: httpx.Timeout) -> float:
    phases = [timeout.connect, timeout.read, timeout.write, timeout.pool]
    return max((phase for phase in phases if phase is not None), default=0.0)


class _Call:
    """One call of an operation, as the generated method describes it, with its options and what its errors need."""

    def __init__(
        self,
        operation: Operation,
        *,
        path: Optional[Mapping[str, Any]] = None,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        options: Optional[Mapping[str, Any]] = None,
    ) -> None:
        given = dict(options or {})
        unknown = sorted(set(given) - REQUEST_OPTIONS)
        if unknown:
            accepted = ", ".join(sorted(REQUEST_OPTIONS))
            raise TypeError(f"{operation.operation_id}: unexpected keyword argument {unknown[0]!r} (the options every method takes: {accepted})")
        self.operation = operation
        self.path = path or {}
        self.query = {k: v for k, v in (query or {}).items() if v is not None}
        self.query.update(given.get("extra_query") or {})
        self.headers = {k: str(v) for k, v in (headers or {}).items() if v is not None}
        self.headers.update(given.get("extra_headers") or {})
        extra_body = given.get("extra_body")
        self.has_body = not isinstance(body, NotGiven) or bool(extra_body)
        self.body: Any = to_wire(body) if not isinstance(body, NotGiven) else None
        if extra_body:
            if self.body is not None and not isinstance(self.body, dict):
                raise TypeError(f"{operation.operation_id}: extra_body merges into a JSON object, and this body is not one")
            base: Dict[str, Any] = self.body or {}  # pyright: ignore[reportUnknownMemberType,reportUnknownVariableType]
            self.body = {**base, **to_wire(extra_body)}
        self.timeout: Optional[httpx.Timeout] = _check_timeout(given["timeout"], "timeout") if "timeout" in given else None
        self.max_retries: Optional[int] = None
        if "max_retries" in given:
            _check_count(given["max_retries"], "max_retries")
            self.max_retries = int(given["max_retries"])
        # The token of the latest attempt, redacted from whatever an error of this call says.
        self.token = ""

    def with_query(self, query: Query) -> _Call:
        copy = _Call.__new__(_Call)
        copy.__dict__.update(self.__dict__)
        copy.query = {**self.query, **query}
        return copy


# Methods the escape hatch (client.get, ...) retries as the typed methods retry idempotent operations.
_REPEATABLE_METHODS = frozenset({"GET", "PUT", "DELETE"})


def _escape_hatch_operation(method: str, path: str, gateway: bool) -> Operation:
    """An operation the contract does not describe, called by its path: ``client.get("/api/...", cast_to=...)``."""
    if not isinstance(path, str) or not path.startswith("/"):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise ValueError(f"path must start with / (a path on the base URL, not a full URL); got {path!r}")
    return Operation(
        operation_id=f"{method} {path}",
        method=method,
        path=path,
        address_space="gateway" if gateway else "control_plane",
        idempotent=method in _REPEATABLE_METHODS,
        error_shape="unknown",
        error_model=None,
        pagination=None,
    )


class BaseClient:
    """What the sync and the async client share: settings, how a request is built, and every retry decision."""

    base_url: str
    gateway_base_url: str
    max_retries: int
    timeout: httpx.Timeout
    _owns_http_client: bool

    def __init__(
        self,
        *,
        base_url: Optional[str],
        gateway_base_url: Optional[str],
        token: Any,
        max_retries: int,
        timeout: Union[Timeout, NotGiven],
        default_headers: Optional[Mapping[str, str]],
        http_client_timeout: Optional[httpx.Timeout],
    ) -> None:
        base_url = base_url if base_url is not None else os.environ.get(BASE_URL_ENV) or None
        if base_url is None:
            raise ValueError(f"base_url is missing: pass base_url=... or set the {BASE_URL_ENV} environment variable")
        self.base_url = _check_base_url(base_url, "base_url", BASE_URL_ENV)
        gateway_base_url = gateway_base_url if gateway_base_url is not None else os.environ.get(GATEWAY_BASE_URL_ENV) or None
        self.gateway_base_url = self.base_url if gateway_base_url is None else _check_base_url(gateway_base_url, "gateway_base_url", GATEWAY_BASE_URL_ENV)
        token = token if token is not None else os.environ.get(TOKEN_ENV) or None
        self._token = self._check_token(token)
        _check_count(max_retries, "max_retries")
        self.max_retries = int(max_retries)
        # A user's own http_client keeps its own timeout unless the client is given one.
        if isinstance(timeout, NotGiven):
            self.timeout = http_client_timeout if http_client_timeout is not None else httpx.Timeout(DEFAULT_TIMEOUT)
        else:
            self.timeout = _check_timeout(timeout, "timeout")
        self._default_headers = dict(default_headers or {})
        self._base_headers = self._headers_with(self._default_headers, self._token)
        self._backoff: Callable[[int], float] = backoff_delay

    @staticmethod
    def _check_token(token: Any) -> Any:
        if token is None or token == "":
            raise ValueError(f"token is missing: pass token=... (a string, or a function returning one) or set the {TOKEN_ENV} environment variable")
        if not isinstance(token, str) and not callable(token):
            raise TypeError(f"token must be a string or a function returning one (got a {type(token).__name__})")
        return token

    @staticmethod
    def _headers_with(default_headers: Mapping[str, str], token: Any) -> Dict[str, str]:
        # What every request carries, built once (a call adds its own headers on top). A token function's token is
        # set on each attempt instead (_authorize).
        headers = {"accept": "application/json", "user-agent": f"vendor-api-python/{__version__}", **default_headers}
        if isinstance(token, str):
            headers["authorization"] = f"Bearer {token}"
        return headers

    @property
    def token(self) -> Any:
        """The token as given: a string, or the function that returns the current one."""
        return self._token

    def __repr__(self) -> str:
        # Never the token.
        return f"{type(self).__name__}(base_url={self.base_url!r}, gateway_base_url={self.gateway_base_url!r})"

    def _copy_with(
        self,
        *,
        max_retries: Optional[int],
        timeout: Union[Timeout, NotGiven],
        token: Any,
        default_headers: Optional[Mapping[str, str]],
    ) -> Any:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        if max_retries is not None:
            _check_count(max_retries, "max_retries")
            copy.max_retries = int(max_retries)
        if not isinstance(timeout, NotGiven):
            copy.timeout = _check_timeout(timeout, "timeout")
        if token is not None:
            copy._token = self._check_token(token)
        if default_headers is not None:
            copy._default_headers = {**self._default_headers, **default_headers}
        copy._base_headers = self._headers_with(copy._default_headers, copy._token)
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
        timeout = call.timeout if call.timeout is not None else self.timeout
        return http.build_request(call.operation.method, self._url(call), params=query, headers=headers, content=content, timeout=timeout)

    def _authorize(self, request: httpx.Request, call: _Call, token: Any) -> None:
        """The attempt's token on its request (a string token is in the base headers already)."""
        if token is self._token and isinstance(token, str):
            call.token = token
            return
        if not isinstance(token, str) or not token:
            raise TypeError(f"{call.operation.operation_id}: the token function must return a non-empty string (got a {type(token).__name__})")
        call.token = token
        request.headers["authorization"] = f"Bearer {token}"

    def _max_retries_for(self, call: _Call) -> int:
        # Only operations that are safe to repeat are retried, whatever max_retries says.
        if not call.operation.idempotent:
            return 0
        return call.max_retries if call.max_retries is not None else self.max_retries

    def _secrets(self, call: _Call) -> List[str]:
        known = [call.token] if call.token else []
        if isinstance(self._token, str):
            known.append(self._token)
        return _collect_secrets(call.body, known)

    def _parse(self, call: _Call, response: httpx.Response, cast_to: Any) -> Any:
        """A 2xx body as ``cast_to``; APIResponseValidationError when it is not JSON or not that type at all."""
        if cast_to is httpx.Response:
            return response
        if cast_to is None:
            return None
        try:
            data = json.loads(response.content) if response.content else None
        except ValueError:
            raise self._invalid_body(call, response, "is not JSON", response.text) from None
        if cast_to is dict or cast_to is list:
            if not isinstance(data, cast_to):
                raise self._invalid_body(call, response, f"is not a JSON {'object' if cast_to is dict else 'array'}", data)
            return cast(Any, data)
        try:
            return _validator(cast_to)(data)
        except ValueError as error:  # pydantic's ValidationError
            what = getattr(cast_to, "__name__", None) or str(cast_to)
            raise self._invalid_body(call, response, f"cannot be read as {what} ({_first_problem(error)})", data) from error

    def _invalid_body(self, call: _Call, response: httpx.Response, problem: str, body: Any) -> APIResponseValidationError:
        request_id = request_id_of(response)
        secrets = self._secrets(call)
        message = f"{call.operation.operation_id}: the {response.status_code} response's body {problem}"
        if request_id:
            message += f" (request id {request_id})"
        return APIResponseValidationError(
            redact(message, secrets),
            operation_id=call.operation.operation_id,
            method=call.operation.method,
            url=str(response.request.url),
            status_code=response.status_code,
            request_id=request_id,
            body=redact(body, secrets),
        )

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
        error_model = call.operation.error_model
        if isinstance(raw_body, dict) and error_model is not None:
            try:
                body = _validator(getattr(importlib.import_module("vendor_api.generated.models"), error_model))(raw_body)
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
            limit = _longest_phase(call.timeout if call.timeout is not None else self.timeout)
            during = next((f" {what}" for kind, what in _TIMEOUT_PHASES.items() if isinstance(cause, kind)), "")
            message = f"{operation_id} timed out{during} (timeout {limit:g} s){where}"
            return APITimeoutError(message, operation_id=operation_id, method=request.method, url=str(request.url), timeout=limit)
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


def _first_problem(error: Exception) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        found = cast(List[Dict[str, Any]], errors())
        if found:
            where = ".".join(str(part) for part in found[0].get("loc", ()))
            return f"{where}: {found[0].get('msg')}" if where else str(found[0].get("msg"))
    return str(error).splitlines()[0]


def _wants_raw(options: Mapping[str, Any]) -> Tuple[bool, Mapping[str, Any]]:
    """Whether ``with_raw_response`` made this call (its private ``_raw`` option), and the user's options."""
    if "_raw" not in options:
        return False, options
    rest = dict(options)
    return bool(rest.pop("_raw")), rest


class SyncAPIClient(BaseClient):
    """Sends with an ``httpx.Client``: blocking calls, ``time.sleep`` between attempts."""

    def __init__(self, *, http_client: Optional[httpx.Client], timeout: Union[Timeout, NotGiven], **settings: Any) -> None:
        if http_client is not None and not isinstance(http_client, httpx.Client):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("http_client must be an httpx.Client (use AsyncPlatformClient for an httpx.AsyncClient)")
        if not isinstance(settings.get("token"), str) and settings.get("token") is not None and inspect.iscoroutinefunction(settings["token"]):
            raise TypeError("token: PlatformClient takes a string or a function returning one; an async function needs AsyncPlatformClient")
        super().__init__(timeout=timeout, http_client_timeout=http_client.timeout if http_client is not None else None, **settings)
        self._owns_http_client = http_client is None
        self._http = http_client if http_client is not None else httpx.Client()
        self._sleep: Callable[[float], None] = time.sleep

    def close(self) -> None:
        """Closes the HTTP client, if the client made it."""
        if self._owns_http_client:
            self._http.close()

    def _current_token(self) -> Any:
        return self._token() if callable(self._token) else self._token

    def _send(self, call: _Call) -> httpx.Response:
        """Attempts, retries and waits until a 2xx response (returned) or a final error (raised)."""
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            # The token is asked for before every attempt, so that a rotating one is always current.
            self._authorize(request, call, self._current_token())
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

    def _request(self, operation: Operation, cast_to: Type[T], *, options: Mapping[str, Any], **parts: Any) -> T:
        """One call of a typed method: sent, retried, and its body read as ``cast_to``."""
        raw, options = _wants_raw(options)
        call = _Call(operation, options=options, **parts)
        response = self._send(call)
        if raw:
            # with_raw_response's wrapper (to_raw_response) declares what it answers.
            return cast(T, RawResponse(response, lambda: self._parse(call, response, cast_to)))
        return cast(T, self._parse(call, response, cast_to))

    def _paginate(self, operation: Operation, page: Type[BodyT], item: Type[ItemT], *, options: Mapping[str, Any], **parts: Any) -> SyncPage[ItemT, BodyT]:
        raw, options = _wants_raw(options)
        call = _Call(operation, options=options, **parts)

        def fetch(query: Query) -> Fetched:
            the_call = call.with_query(query)
            response = self._send(the_call)
            data = response.json() if response.content else None
            return self._parse(the_call, response, page), data, response

        item_validator = _validator(item)
        walk = _Walk(operation, item_validator)
        first: SyncPage[ItemT, BodyT] = SyncPage(walk, fetch, dict(call.query), fetch(dict(call.query)))
        if raw:
            return cast(SyncPage[ItemT, BodyT], RawResponse(first.http_response, lambda: first))
        return first

    def _escape_hatch(self, method: str, path: str, cast_to: Any, query: Any, headers: Any, gateway: bool, body: Any, options: Mapping[str, Any]) -> Any:
        operation = _escape_hatch_operation(method, path, gateway)
        return self._request(operation, cast_to, path={}, query=query, headers=headers, body=body, options=options)

    def get(
        self,
        path: str,
        *,
        cast_to: Type[T],
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``GET path`` with the client's auth, timeouts, retries, logging and errors, for what the SDK lacks.

        ``cast_to``: a model class, ``dict``, ``list`` or ``httpx.Response``. ``gateway=True`` sends to
        ``gateway_base_url``. Retried as idempotent operations are.
        """
        return cast(T, self._escape_hatch("GET", path, cast_to, query, headers, gateway, NOT_GIVEN, options))

    def post(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``POST path`` with ``body`` as JSON, like ``get`` (never retried: a POST may not be safe to repeat)."""
        return cast(T, self._escape_hatch("POST", path, cast_to, query, headers, gateway, body, options))

    def put(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``PUT path`` with ``body`` as JSON, like ``get`` (retried)."""
        return cast(T, self._escape_hatch("PUT", path, cast_to, query, headers, gateway, body, options))

    def patch(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``PATCH path`` with ``body`` as JSON, like ``get`` (never retried)."""
        return cast(T, self._escape_hatch("PATCH", path, cast_to, query, headers, gateway, body, options))

    def delete(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``DELETE path``, like ``get`` (retried)."""
        return cast(T, self._escape_hatch("DELETE", path, cast_to, query, headers, gateway, body, options))


class AsyncAPIClient(BaseClient):
    """Sends with an ``httpx.AsyncClient``: awaitable calls, ``anyio.sleep`` between attempts."""

    def __init__(self, *, http_client: Optional[httpx.AsyncClient], timeout: Union[Timeout, NotGiven], **settings: Any) -> None:
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("http_client must be an httpx.AsyncClient (use PlatformClient for an httpx.Client)")
        super().__init__(timeout=timeout, http_client_timeout=http_client.timeout if http_client is not None else None, **settings)
        self._owns_http_client = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient()
        self._sleep: Callable[[float], Any] = anyio.sleep

    async def close(self) -> None:
        if self._owns_http_client:
            await self._http.aclose()

    async def _current_token(self) -> Any:
        if not callable(self._token):
            return self._token
        token = self._token()
        return await token if inspect.isawaitable(token) else token

    async def _send(self, call: _Call) -> httpx.Response:
        request = self._build_request(self._http, call)
        attempt = 0
        while True:
            self._authorize(request, call, await self._current_token())
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

    async def _request(self, operation: Operation, cast_to: Type[T], *, options: Mapping[str, Any], **parts: Any) -> T:
        raw, options = _wants_raw(options)
        call = _Call(operation, options=options, **parts)
        response = await self._send(call)
        if raw:
            return cast(T, RawResponse(response, lambda: self._parse(call, response, cast_to)))
        return cast(T, self._parse(call, response, cast_to))

    def _paginate(self, operation: Operation, page: Type[BodyT], item: Type[ItemT], *, options: Mapping[str, Any], **parts: Any) -> AsyncPager[ItemT, BodyT]:
        call = _Call(operation, options=options, **parts)

        async def fetch(query: Query) -> Fetched:
            the_call = call.with_query(query)
            response = await self._send(the_call)
            data = response.json() if response.content else None
            return self._parse(the_call, response, page), data, response

        item_validator = _validator(item)
        return AsyncPager(lambda: _Walk(operation, item_validator), fetch, dict(call.query))

    async def _escape_hatch(self, method: str, path: str, cast_to: Any, query: Any, headers: Any, gateway: bool, body: Any, options: Mapping[str, Any]) -> Any:
        operation = _escape_hatch_operation(method, path, gateway)
        return await self._request(operation, cast_to, path={}, query=query, headers=headers, body=body, options=options)

    async def get(
        self,
        path: str,
        *,
        cast_to: Type[T],
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``GET path``, as ``PlatformClient.get``."""
        return cast(T, await self._escape_hatch("GET", path, cast_to, query, headers, gateway, NOT_GIVEN, options))

    async def post(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``POST path``, as ``PlatformClient.post`` (never retried)."""
        return cast(T, await self._escape_hatch("POST", path, cast_to, query, headers, gateway, body, options))

    async def put(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``PUT path``, as ``PlatformClient.put`` (retried)."""
        return cast(T, await self._escape_hatch("PUT", path, cast_to, query, headers, gateway, body, options))

    async def patch(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``PATCH path``, as ``PlatformClient.patch`` (never retried)."""
        return cast(T, await self._escape_hatch("PATCH", path, cast_to, query, headers, gateway, body, options))

    async def delete(
        self,
        path: str,
        *,
        cast_to: Type[T],
        body: Any = NOT_GIVEN,
        query: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        gateway: bool = False,
        **options: Unpack[RequestOptions],
    ) -> T:
        """``DELETE path``, as ``PlatformClient.delete`` (retried)."""
        return cast(T, await self._escape_hatch("DELETE", path, cast_to, query, headers, gateway, body, options))
