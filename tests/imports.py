"""Which web-stack modules importing a module pulls in, checked in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB_STACK = ("flask", "flask_session", "flask_wtf", "werkzeug", "jinja2", "redis")


def assert_imports_no_web_stack(module: str) -> None:
    """Importing ``module`` alone loads none of Flask, its helpers, or redis."""
    code = (
        f"import sys, {module}\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {set(WEB_STACK)!r})\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
