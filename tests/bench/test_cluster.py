"""The Redis Cluster benchmark runs end to end: both rows play online and feed every stream.
Its figures are not checked here: the machine is shared, and speed belongs in bench/ runs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.servers import require_program

ROOT = Path(__file__).resolve().parents[2]
ROUND = re.compile(
    r"round 1: (?P<kind>[^,]+)(?:, 3 masters)?, 20 streams: (?P<moves>\d+) online moves, "
    r"(?P<events>\d+) events"
)


def test_a_short_run_measures_one_redis_and_the_cluster() -> None:
    require_program("wrk", "wrk")
    require_program("redis-server", "redis-server")
    require_program("redis-cli", "redis-tools")
    command = [
        sys.executable,
        "bench/cluster.py",
        "--rounds",
        "1",
        "--duration",
        "1",
        "--pairs",
        "2",
        "--pace",
        "0.3",
        "--watchers",
        "20",
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-2000:]
    rows = {m["kind"]: m for m in ROUND.finditer(run.stdout)}
    assert set(rows) == {"one Redis", "Redis Cluster"}, run.stdout
    for row in rows.values():
        moves, events = int(row["moves"]), int(row["events"])
        # Each move reaches the opponent's stream (the bench waits for it), and the
        # spectators, ten per match, hear their match's moves but perhaps the last two.
        assert moves >= 2 * 2 and events >= moves + 10 * (moves - 2 * 2), row.group(0)
    assert "| one Redis | 20 |" in run.stdout
    assert "| Redis Cluster, 3 masters | 20 |" in run.stdout
