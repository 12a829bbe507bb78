"""The testing helper's failures are one line that says what to do."""

from __future__ import annotations

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
