"""Testing helpers: the pytest fixtures ``platform_mock`` and ``platform_sandbox`` (registered by the package's
pytest plugin), and ``start_mock()`` to run the mock or the sandbox from any other code."""

from ._mock_server import MockServer, MockServerError, start_mock

__all__ = ["MockServer", "MockServerError", "start_mock"]
