"""Runs ``@vendor/api-mock`` (the stateless mock, or ``--sandbox``) on a free loopback port, for tests.

The server is a Node program: in a clone of the platform-api repository (or a project that installed
``@vendor/api-mock`` with npm) its ``bin/api-mock.mjs`` is run with ``node``; elsewhere
``npx --yes @vendor/api-mock@<this SDK's version>``, the mock of the same contract. Readiness is the server's own
"listening on" line, never a fixed wait; only the last lines of its output are kept (for the error when it fails).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import threading
from collections import deque
from pathlib import Path
from typing import Deque, List, Optional

from ..generated.version import __version__

__all__ = ["MockServer", "MockServerError", "start_mock"]

NODE_HINT = "vendor_api.testing needs Node.js 20 or later to run the mock: install it from https://nodejs.org (or your package manager) and put `node` on PATH"
_LISTENING = re.compile(r"listening on (http://127\.0\.0\.1:\d+)")
_BIN = Path("node_modules") / "@vendor" / "api-mock" / "bin" / "api-mock.mjs"
# Start-up may take a while on a busy machine (Node starts, the mock loads its validators): minutes, not seconds.
START_TIMEOUT_SECONDS = 180.0
# The server's output kept for an error message: the last lines, not the whole session's.
OUTPUT_LINES_KEPT = 50


class MockServerError(RuntimeError):
    """The mock could not be started; the message says why in one line."""


class MockServer:
    """A running mock or sandbox: ``url`` (both base URLs), ``token`` (the sandbox's token for tenant ``acme``)."""

    def __init__(self, process: subprocess.Popen[str], url: str, token: Optional[str], output: Deque[str]) -> None:
        self.process = process
        self.url = url
        self.token = token
        self._output = output

    def stop(self) -> None:
        """Stops the server and waits for it (it frees its port as it exits)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self) -> MockServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def _node_major(node: str) -> Optional[int]:
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60, check=False).stdout
    except OSError:
        return None
    match = re.match(r"v(\d+)\.", out.strip())
    return int(match.group(1)) if match else None


def _find_bin(start: Path) -> Optional[Path]:
    """``node_modules/@vendor/api-mock/bin/api-mock.mjs`` in ``start`` or a folder above it."""
    for folder in [start, *start.parents]:
        candidate = folder / _BIN
        if candidate.is_file():
            return candidate
    return None


def _command(node: str) -> List[str]:
    explicit = os.environ.get("VENDOR_API_MOCK_BIN")
    if explicit:
        return [node, explicit]
    found = _find_bin(Path.cwd()) or _find_bin(Path(__file__).resolve().parent)
    if found is not None:
        return [node, str(found)]
    npx = shutil.which("npx")
    if npx is None:
        raise MockServerError(NODE_HINT)
    # The mock published with the same version as this SDK: the same contract, never whichever version is latest.
    return [npx, "--yes", f"@vendor/api-mock@{__version__}"]


def start_mock(*, sandbox: bool = False, node: Optional[str] = None) -> MockServer:
    """Starts the mock (or the sandbox, with a token for tenant ``acme``) on a free port of 127.0.0.1."""
    node_path = node or shutil.which("node")
    major = _node_major(node_path) if node_path else None
    if major is None or major < 20:
        raise MockServerError(NODE_HINT + (f" (found Node {major})" if major is not None else ""))
    args = _command(node_path or "node") + ["--port", "0", "--host", "127.0.0.1"]
    if sandbox:
        # A secret of this run only: its tokens mean nothing to any other sandbox.
        args += ["--sandbox", "--secret", secrets.token_hex(24)]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, bufsize=1)
    output: Deque[str] = deque(maxlen=OUTPUT_LINES_KEPT)
    ready = threading.Event()
    found: dict[str, str] = {}

    def read() -> None:
        # Reads every line for the server's whole life, so that it never blocks on a full pipe.
        assert process.stdout is not None
        expect_token = False
        for line in process.stdout:
            output.append(line.rstrip("\n"))
            match = _LISTENING.search(line)
            if match and "url" not in found:
                found["url"] = match.group(1)
                if not sandbox:
                    ready.set()
            if sandbox and "token for tenant acme" in line:
                expect_token = True
                continue
            if expect_token and line.strip():
                found["token"] = line.strip()
                expect_token = False
                ready.set()
        ready.set()

    threading.Thread(target=read, name="vendor-api-mock-output", daemon=True).start()
    ready.wait(START_TIMEOUT_SECONDS)
    if "url" not in found or (sandbox and "token" not in found):
        server = MockServer(process, "", None, output)
        server.stop()
        last = next((line for line in reversed(output) if line.strip()), "no output")
        raise MockServerError(f"the {'sandbox' if sandbox else 'mock'} did not start ({' '.join(args[:2])}): {last}")
    return MockServer(process, found["url"], found.get("token"), output)
