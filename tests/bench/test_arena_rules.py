"""The arena rules' benchmark runs (its figures are not checked here: the machine is shared;
its baseline is the reference of tests/rules/test_arena.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_run_prints_its_rows() -> None:
    command = [sys.executable, "bench/arena_rules.py", "--players", "40"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.count("pairing") == 2 and "the record (" in run.stdout
