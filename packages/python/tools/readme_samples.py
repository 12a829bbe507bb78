"""Writes each ```python block of the package's README, and each of the docs' Python samples
(apps/docs/src/generated/samples/*.py), to tools/readme_samples/, so that mypy --strict checks them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
OUT = PACKAGE / "tools" / "readme_samples"
DOCS_SAMPLES = PACKAGE.parent.parent / "apps" / "docs" / "src" / "generated" / "samples"


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
    docs = sorted(DOCS_SAMPLES.glob("*.py"))
    if not docs:
        raise SystemExit(f"no Python samples in {DOCS_SAMPLES}: run `npm run generate` at the root of the repository")
    for sample in docs:
        # createOrUpdateMcpServer.virtual.py -> docs_createOrUpdateMcpServer_virtual.py (a module name mypy accepts)
        (OUT / f"docs_{sample.stem.replace('.', '_')}.py").write_text(sample.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{len(blocks)} README samples and {len(docs)} docs samples written to {OUT.relative_to(PACKAGE)}")


if __name__ == "__main__":
    main()
