"""The stream events benchmark runs end to end: every stream writes an event for every move
timed. Its figures are not checked here: the machine is shared, and speed belongs in bench/
runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_run_writes_an_event_to_every_stream_for_every_move() -> None:
    command = [sys.executable, "bench/stream_events.py", "--streams", "20", "--moves", "3"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    found = re.search(
        r"^20 streams: CPU per event after each move ([\d. ]+) us; median", run.stdout, re.M
    )
    assert found, run.stdout[-2000:]
    assert len(found.group(1).split()) == 3
