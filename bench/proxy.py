"""Move to live event through nginx (deploy/nginx.conf) and straight to gunicorn, in one run.

Run: ``python bench/proxy.py [--games N]``. One gunicorn (the tests' GunicornServer, two
workers, SQLite) with nginx in front, as tests/operations/test_nginx.py runs them. For each
way in, N hot-seat games of three moves, each watched by a stream of its own: a row gives
the time from sending a move's POST to its event arriving on the stream.

The floor (exit status 1 if missed; moved here from tests/operations/test_nginx.py): through
nginx, every event out within FLOOR_MS of its move sent.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.player import Player
from tests.servers import GunicornServer, NginxServer, file_store_env
from tests.streams import Stream

MOVES = ("B2", "A1", "C3")
FLOOR_MS = 200.0


def delays(url: str, games: int) -> list[float]:
    """Seconds from each move sent to ``url`` to its event out of ``url``'s stream."""
    found = []
    for _ in range(games):
        player = Player()
        player.new_game(url)
        fields = player.get(url).board_fields
        stream = Stream(url, f"?match={fields['match']}&version={fields['version']}")
        try:
            for cell in MOVES:
                page = player.get(url)
                sent = time.monotonic()
                moved = player.post(url, "/move", {**page.board_fields, "cell": cell}, page)
                assert moved.status == 303, moved.text
                found.append(stream.wait_for(int(page.field("version")) + 1) - sent)
        finally:
            stream.close()
    return found


def main() -> int:
    """Print a row per way in: moves, median, 90th percentile and slowest, in ms; 1 if the
    slowest through nginx missed the floor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=10)
    games: int = parser.parse_args().games
    work = tempfile.TemporaryDirectory(prefix="ttt-proxy-")
    env = {**file_store_env(Path(work.name)), "FLASK_PROXIES": "1"}
    app = GunicornServer(env).start()
    nginx = NginxServer(f"127.0.0.1:{app.port}").start()
    slowest = float("inf")  # through nginx, the last row
    try:
        print("| way in | moves | median ms | p90 ms | slowest ms |")
        print("| --- | --- | --- | --- | --- |")
        for name, url in (("straight to gunicorn", app.url), ("through nginx", nginx.url)):
            found = sorted(delays(url, games))
            p90 = found[int(len(found) * 0.9)]
            median, slowest = statistics.median(found) * 1000, found[-1] * 1000
            print(f"| {name} | {len(found)} | {median:.1f} | {p90 * 1000:.1f} | {slowest:.1f} |")
    finally:
        nginx.stop()
        app.stop()
        work.cleanup()
    verdict = "met" if slowest <= FLOOR_MS else "MISSED"
    print(f"floor (through nginx, every event within {FLOOR_MS:.0f} ms of its move): {verdict}")
    return 0 if slowest <= FLOOR_MS else 1


if __name__ == "__main__":
    sys.exit(main())
