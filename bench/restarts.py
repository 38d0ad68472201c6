"""Restart benchmark: 5 graceful restarts (gunicorn's HUP) of a server under load, with 200
live streams open and moves in flight; how long the streams take to reconnect, and whether any
acknowledged move is lost.

Run: ``python bench/restarts.py`` (from ``.venv/bin/python``). One gunicorn with the app's
settings (2 gevent workers, SQLite); 10 hot-seat players move as fast as their answers come
back, and 200 watchers follow their matches as static/live.js does (tests/streams.Watcher).
Each restart is a HUP: gunicorn starts new workers and stops the old ones, whose streams end
with a "reconnect" event. It prints, per restart, the time from each "reconnect" event to the
watcher's next stream answering (p50, p99, max), and at the end the moves acknowledged and
lost, and the requests that got no answer.

The floors (exit status 1 if one is missed; moved here from tests/operations/test_restarts.py,
which checks only that nothing is lost and every page catches up): at each restart the old
workers stop within STOPPED_S of the HUP, every watcher is told to reconnect within TOLD_S of
it, and every watcher is back within BACK_S of the old workers' stop.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from math import inf
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.operations.test_restarts import MATCHES, Mover, _workers
from tests.servers import GunicornServer, file_store_env
from tests.streams import Watcher

STOPPED_S, TOLD_S, BACK_S = 15.0, 5.0, 4.0


def main() -> int:
    """Restart the server 5 times under load and print the figures; 0 if no move was lost
    and every floor held."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--restarts", type=int, default=5)
    parser.add_argument("--watchers", type=int, default=200)
    options = parser.parse_args()
    env = {
        **file_store_env(Path(tempfile.mkdtemp(prefix="ttt-restarts-"))),
        "FLASK_STREAMS": "2000",
        "FLASK_STREAMS_PER_ADDRESS": "2000",
        "FLASK_HEARTBEAT": "10",
    }
    server = GunicornServer(env, workers=2).start()
    assert server.process is not None
    movers = [Mover(server.url) for _ in range(MATCHES)]
    watchers = [Watcher(server.url, movers[i % MATCHES].match_id) for i in range(options.watchers)]
    missed: list[str] = []
    try:
        time.sleep(2)
        for mover in movers:
            mover._thread.start()
        print("| restart | reconnect events | reconnected after, p50 ms | p99 ms | max ms "
              "| all back, s after the HUP |")  # fmt: skip
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for number in range(1, options.restarts + 1):
            old, hup = _workers(server), time.monotonic()
            os.kill(server.process.pid, signal.SIGHUP)
            while _workers(server) & old:
                time.sleep(0.05)
            stopped = time.monotonic()
            # Moves go on against the new workers while every watcher told to reconnect does.
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not all(
                any(opened > told for opened in watcher.opened)
                for watcher in watchers
                for told in watcher.told_to_reconnect
                if told > hup
            ):
                time.sleep(0.1)
            waits = []
            for watcher in watchers:
                for told in (t for t in watcher.told_to_reconnect if t > hup):
                    after = [opened - told for opened in watcher.opened if opened > told]
                    waits.append(min(after) * 1000 if after else float("inf"))
            waits.sort()
            p99 = waits[max(0, int(len(waits) * 0.99) - 1)] if waits else float("nan")
            ready = time.monotonic() - hup
            first = [
                min((t for t in w.told_to_reconnect if t > hup), default=inf) for w in watchers
            ]
            missed += _floors(stopped - hup, max(first) - hup, ready - (stopped - hup))
            print(f"| {number} | {len(waits)} | {statistics.median(waits or [0]):.0f} "
                  f"| {p99:.0f} | {max(waits or [0]):.0f} | {ready:.1f} |", flush=True)  # fmt: skip
            time.sleep(1)
        for mover in movers:
            mover._stop.set()
        for mover in movers:
            mover._thread.join(30)
        acknowledged = sum(mover.acknowledged for mover in movers)
        lost = 0
        for mover in movers:
            version = mover.player.game(server.url)["version"]
            lost += mover.start_version + mover.acknowledged - version
        failures = [failure for mover in movers for failure in mover.failures]
        print(
            f"\nmoves and new games acknowledged: {acknowledged:,}; lost: {lost}; requests "
            f"with no answer: {len(failures)} ({', '.join(sorted(set(failures))) or 'none'})"
        )
        print(f"floors: {'all met' if not missed else 'MISSED: ' + ', '.join(missed)}")
        return 0 if lost == 0 and not missed else 1
    finally:
        for watcher in watchers:
            watcher.stop()
        server.stop()


def _floors(stopped: float, told: float, back: float) -> list[str]:
    """The floors one restart missed: seconds from the HUP until the old workers stopped and
    until the last watcher was told to reconnect, and from their stop until all were back."""
    figures = (
        ("old workers stopped", stopped, STOPPED_S),
        ("all told", told, TOLD_S),
        ("all back after the stop", back, BACK_S),
    )
    return [
        f"{name} {value:.1f} s > {floor:.0f} s" for name, value, floor in figures if value > floor
    ]


if __name__ == "__main__":
    sys.exit(main())
