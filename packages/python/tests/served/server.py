"""A small HTTP server the tests start on 127.0.0.1 (a threaded ``http.server``): each test scripts its answers.

Unlike the mock, which answers the spec's own examples, it can answer what the service may one day send (a turn
state the spec does not list, a body that is not JSON) and what a broken server does (a late answer, a repeated
page token). Every request is recorded with its headers and body.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional
from urllib.parse import parse_qs, urlsplit

__all__ = ["Answer", "Route", "Seen", "TestServer", "json_answer"]


@dataclass
class Seen:
    """A request as the server received it."""

    method: str
    path: str
    query: Dict[str, str]
    headers: Dict[str, str]
    body: Any


@dataclass
class Answer:
    status: int = 200
    body: bytes = b""
    headers: Dict[str, str] = field(default_factory=dict)
    # Set by a test to hold the answer back until it is released (a server that answers late).
    hold_until: Optional[threading.Event] = None


def json_answer(body: Any, status: int = 200, headers: Optional[Dict[str, str]] = None) -> Answer:
    return Answer(status, json.dumps(body).encode(), {"content-type": "application/json", **(headers or {})})


Route = Callable[[Seen], Answer]


class TestServer:
    """``url`` is the server's root; ``requests`` what it received, in order."""

    __test__ = False  # not a test class, whatever pytest thinks of its name

    def __init__(self, route: Route) -> None:
        self.route = route
        self.requests: List[Seen] = []
        # Released when the server stops, so that a held answer never outlives its test.
        self.stopping = threading.Event()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self) -> None:
                parts = urlsplit(self.path)
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
                seen = Seen(self.command, parts.path, query, {k.lower(): v for k, v in self.headers.items()}, body)
                server.requests.append(seen)
                answer = server.route(seen)
                if answer.hold_until is not None:
                    # Waits for the test (or the server's stop), never for a fixed time.
                    while not answer.hold_until.is_set() and not server.stopping.is_set():
                        answer.hold_until.wait(1.0)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("content-length", str(len(answer.body)))
                self.end_headers()
                try:
                    self.wfile.write(answer.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle

            def log_message(self, format: str, *args: Any) -> None:
                pass  # the tests assert on `requests`, not on the server's log

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        host, port = self._http.server_address[:2]
        self.url = f"http://{host!s}:{port}"
        self._thread = threading.Thread(target=self._http.serve_forever, name="test-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self._http.shutdown()
        self._http.server_close()
        self._thread.join()
