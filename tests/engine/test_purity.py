"""The engine never imports Flask, so the terminal and other programs can use it alone."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_no_flask() -> None:
    code = (
        "import sys, webapp.engine\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'flask', 'flask_session', 'flask_wtf', 'werkzeug', 'jinja2', 'redis'})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def test_engine_source_has_no_flask_import() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(flask|werkzeug|jinja2)", re.MULTILINE)
    for path in (ROOT / "webapp" / "engine").glob("*.py"):
        assert not pattern.search(path.read_text()), path
