"""The testing helper's failures are one line that says what to do."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from vendor_api.testing import MockServerError, start_mock


@pytest.mark.parametrize("node", ["/nonexistent/node", sys.executable])
def test_without_node_20_the_mock_fails_with_one_line_saying_what_to_install(node: str) -> None:
    # A missing program, and a program that is not Node (python answers `--version` with no `vNN.`).
    with pytest.raises(MockServerError) as caught:
        start_mock(node=node)
    message = str(caught.value)
    assert "\n" not in message
    assert "Node.js 20 or later" in message
    assert "install" in message


def test_an_old_node_is_named(tmp_path: Path) -> None:
    fake = tmp_path / "node"
    fake.write_text("#!/bin/sh\necho v18.19.0\n")
    fake.chmod(0o755)
    with pytest.raises(MockServerError, match=r"found Node 18"):
        start_mock(node=str(fake))


def test_without_a_local_mock_npx_runs_the_mock_of_the_sdks_own_version(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from vendor_api import __version__
    from vendor_api.testing import _mock_server

    monkeypatch.delenv("VENDOR_API_MOCK_BIN", raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(_mock_server, "_find_bin", lambda start: None)
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    assert _mock_server._command("node") == ["/usr/bin/npx", "--yes", f"@vendor/api-mock@{__version__}"]
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"`npx --yes @vendor/api-mock@{__version__}`" in readme


def test_a_server_that_fails_to_start_keeps_only_its_last_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A "mock" that prints many lines and exits: the error quotes its last line, and at most 50 lines are kept.
    chatty = tmp_path / "chatty.mjs"
    chatty.write_text("for (let i = 1; i <= 500; i++) console.log(`line ${i}`);\n")
    monkeypatch.setenv("VENDOR_API_MOCK_BIN", str(chatty))
    from vendor_api.testing import _mock_server

    kept: list[object] = []
    original = _mock_server.MockServer.__init__

    def remember(self: object, process: object, url: str, token: object, output: object) -> None:
        kept.append(output)
        original(self, process, url, token, output)  # type: ignore[arg-type]

    monkeypatch.setattr(_mock_server.MockServer, "__init__", remember)
    with pytest.raises(MockServerError, match="line 500"):
        start_mock()
    assert len(kept[0]) == 50  # type: ignore[arg-type]
    assert list(kept[0])[0] == "line 451"  # type: ignore[call-overload]
