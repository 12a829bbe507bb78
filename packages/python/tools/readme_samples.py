"""Writes each ```python block of the package's README to tools/readme_samples/, so mypy --strict checks them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
OUT = PACKAGE / "tools" / "readme_samples"


def main() -> None:
    text = (PACKAGE / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    if not blocks:
        raise SystemExit("README.md has no ```python samples")
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    (OUT / "__init__.py").write_text("")
    for index, block in enumerate(blocks, start=1):
        (OUT / f"sample_{index:02d}.py").write_text(block, encoding="utf-8")
    print(f"{len(blocks)} README samples written to {OUT.relative_to(PACKAGE)}")


if __name__ == "__main__":
    main()
