"""Every file path the docs, the README and the code's comments name exists (a path is read
from the repository's top, webapp/, webapp/web/ or templates/, as the texts write them)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATH = re.compile(
    r"(?<![\w/.-])((?:[\w-]+/)+[\w.-]+\.(?:py|html|md|js|css|lua|sh|txt|toml|conf|json|po))\b"
)
BASES = (ROOT, ROOT / "webapp", ROOT / "webapp" / "web", ROOT / "templates")
# Paths that name something outside the repository, or a placeholder.
ELSEWHERE = ("/etc/", "site-packages/", "<", "node_modules/", "artifacts/")


def named(text: str) -> set[str]:
    """The repository paths ``text`` names."""
    return {m for m in PATH.findall(text) if not any(part in m for part in ELSEWHERE)}


def missing(paths: set[str]) -> list[str]:
    return sorted(p for p in paths if not any((base / p).exists() for base in BASES))


def test_every_path_the_docs_name_exists() -> None:
    found = {}
    for doc in (*ROOT.glob("docs/*.md"), ROOT / "README.md"):
        gone = missing(named(doc.read_text()))
        if gone:
            found[doc.name] = gone
    assert not found


def test_every_path_the_code_names_exists() -> None:
    found = {}
    for module in (*ROOT.glob("webapp/**/*.py"), *ROOT.glob("bench/*.py")):
        gone = missing(named(module.read_text()))
        if gone:
            found[str(module.relative_to(ROOT))] = gone
    assert not found
