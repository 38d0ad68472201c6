"""The engine never imports Flask, so the terminal and other programs can use it alone."""

from __future__ import annotations

import re
from pathlib import Path

from tests.imports import assert_imports_no_web_stack

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_no_flask() -> None:
    assert_imports_no_web_stack("webapp.engine")


def test_engine_source_has_no_flask_import() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(flask|werkzeug|jinja2)", re.MULTILINE)
    for path in (ROOT / "webapp" / "engine").glob("*.py"):
        assert not pattern.search(path.read_text()), path
