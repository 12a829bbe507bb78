"""Checks what the built wheel and sdist hold: the typed package and its generated code, no test or generator file."""

from __future__ import annotations

import sys
import tarfile
import zipfile
from typing import List

REQUIRED_IN_WHEEL = [
    "vendor_api/__init__.py",
    "vendor_api/py.typed",
    "vendor_api/_base_client.py",
    "vendor_api/generated/models.py",
    "vendor_api/generated/methods.py",
    "vendor_api/testing/plugin.py",
]
FORBIDDEN_PARTS = ("tests/", "/tests/", "conftest.py", ".mjs", "tools/", "test_")


def problems_of(names: List[str], required: List[str], what: str) -> List[str]:
    problems = [f"{what} lacks {name}" for name in required if not any(n.endswith(name) for n in names)]
    problems += [f"{what} holds {name}" for name in names if any(part in name for part in FORBIDDEN_PARTS)]
    return problems


def main(wheel: str, sdist: str) -> int:
    with zipfile.ZipFile(wheel) as archive:
        wheel_names = archive.namelist()
        entry_points = next((archive.read(n).decode() for n in wheel_names if n.endswith("entry_points.txt")), "")
    with tarfile.open(sdist) as archive:
        sdist_names = archive.getnames()
    problems = problems_of(wheel_names, REQUIRED_IN_WHEEL, "the wheel")
    problems += problems_of(sdist_names, ["pyproject.toml", "README.md", "vendor_api/py.typed"], "the sdist")
    if "vendor_api = vendor_api.testing.plugin" not in entry_points:
        problems.append("the wheel does not register the pytest plugin (pytest11 entry point)")
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"wheel: {len(wheel_names)} files, sdist: {len(sdist_names)} files; py.typed in, no tests or generator")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
