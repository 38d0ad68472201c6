"""The pairing benchmark runs end to end: a short run seats every seeker exactly once across
two servers on one Redis. Its figures are not checked here: the machine is shared."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.servers import require_program

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_run_seats_every_seeker_once() -> None:
    require_program("redis-server", "redis-server")
    command = [sys.executable, "bench/pairing.py", "--seekers", "20", "--rate", "20"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "20 seekers, 10 matches, two servers on one Redis" in run.stdout
