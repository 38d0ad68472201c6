"""Watching at rest: spectators' live boards open on one online match in which nobody moves,
on the default store (SQLite), served as `make run` serves it; the workers' CPU per second
over the window, read from /proc. Exits 1 above its floor (2 ms of CPU a second).

    .venv/bin/python bench/rest.py --watchers 24 --seconds 10
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import servers
from bench.players import open_pairs
from bench.watchers import Streams

FLOOR_MS = 2.0  # the workers' CPU a second while nothing moves (issue 43)


def main() -> int:
    """Serve, seat two players, open the spectators' streams, then measure the quiet."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--watchers", type=int, default=24, help="spectators' board streams")
    parser.add_argument("--seconds", type=float, default=10.0, help="the quiet window")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        env = {
            "FLASK_SECRET_KEY": secrets.token_hex(32),
            "FLASK_DATABASE": str(Path(work) / "matches.sqlite"),
            "FLASK_SESSION_DIR": str(Path(work) / "sessions"),
            # every spectator comes from 127.0.0.1, which the per-address cap would refuse
            "FLASK_STREAMS_PER_ADDRESS": str(options.watchers + 10),
        }
        server = servers.gunicorn("wsgi:app", env)
        streams = Streams().start()
        try:
            used = _quiet_cpu(server, streams, options.watchers, options.seconds)
        finally:
            streams.close()
            server.stop()
    per_second = used / options.seconds * 1000
    print(f"watchers: {options.watchers}; window: {options.seconds:.0f} s")
    print(f"workers' CPU at rest: {per_second:.2f} ms a second (floor {FLOOR_MS} ms)")
    return 0 if per_second <= FLOOR_MS else 1


def _quiet_cpu(server: servers.Server, streams: Streams, watchers: int, seconds: float) -> float:
    """The servers' CPU seconds over ``seconds`` with ``watchers`` board streams open on a
    match where nobody moves (after a second for them to settle)."""
    pair = open_pairs([server.port], 1, streams)[0]
    version = pair.players[1].game["version"]
    query = f"?match={pair.match_id}&version={version}"
    opened = [streams.open(server.port, query, path="/board/events") for _ in range(watchers)]
    silent = streams.answered(opened, timeout=10)
    if silent or not all(stream.ok for stream in opened):
        raise RuntimeError(f"{len(silent)} streams did not open as live streams")
    time.sleep(1.0)
    before = server.cpu_seconds()
    time.sleep(seconds)
    return server.cpu_seconds() - before


if __name__ == "__main__":
    sys.exit(main())
