"""The docs' Python samples (apps/docs/src/generated/samples/*.py), run as written against the stateless mock:
only the two base URLs are pointed at it. mypy --strict checks the same files (tools/readme_samples.py copies them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List

import pytest

from vendor_api.testing import MockServer

REPO_ROOT = Path(__file__).resolve().parents[4]
SAMPLES_DIR = REPO_ROOT / "apps" / "docs" / "src" / "generated" / "samples"
CONTROL_PLANE = "https://api.vendor.example"
GATEWAY = "https://gateway.vendor.example"


def samples() -> List[Path]:
    return sorted(SAMPLES_DIR.glob("*.py"))


def test_the_docs_have_a_python_sample_per_typescript_sample() -> None:
    assert SAMPLES_DIR.is_dir(), f"{SAMPLES_DIR} is missing: run `npm run generate` at the root of the repository"
    typescript = sorted(path.stem for path in SAMPLES_DIR.glob("*.ts"))
    assert sorted(path.stem for path in samples()) == typescript


@pytest.mark.parametrize("sample", samples(), ids=[path.name for path in samples()])
def test_each_docs_sample_runs_against_the_mock(
    sample: Path, platform_mock_server: MockServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = sample.read_text(encoding="utf-8")
    assert CONTROL_PLANE in source and GATEWAY in source
    runnable = source.replace(CONTROL_PLANE, platform_mock_server.url).replace(GATEWAY, platform_mock_server.url)
    monkeypatch.setenv("VENDOR_API_TOKEN", "any")
    namespace: Dict[str, Any] = {"__name__": "__main__"}
    exec(compile(runnable, str(sample), "exec"), namespace)
    printed = capsys.readouterr().out
    assert printed.strip(), f"{sample.name} printed nothing"
