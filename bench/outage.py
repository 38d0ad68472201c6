"""Redis paused (SIGSTOP) under many players at once: how soon each request gets its 503, and
how soon play resumes once Redis is back.

Run: ``python bench/outage.py [--players N] [--rounds R]`` (from ``.venv/bin/python``; needs
``redis-server``). One app server of 2 workers on a private Redis, the limits on (counted in
the same Redis, well above what is sent). PLAYERS players with a stored match and PLAYERS
newcomers who have only looked; Redis is paused, and at once each player sends a board, a move
and a JSON read, and each newcomer a first move; then Redis resumes and a player moves until
it is accepted. tests/redis/test_redis_outage.py runs the same round and checks what was
answered (every request a 503 page, one log line each, the moves kept); this script times it.

The floors (exit status 1 if one is missed; moved here from that test and from
tests/redis/test_paused_redis.py): in every round the slowest 503 within FLOOR_S, and the
first move after Redis resumed accepted within FLOOR_S.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.player import Player, Reply
from tests.redis.conftest import app_env, start_all
from tests.servers import GunicornServer, RedisServer

PLAYERS = 16  # each sends a board, a move and a JSON read at once: 48, with 16 newcomers
FLOOR_S = 1.0  # the bound of issue 25 on a 503 while Redis is paused, and on resuming
PATIENCE = 10.0  # seconds of 503s after Redis resumed before the round gives up


@dataclass
class Outage:
    """One round against the app at ``url``: every request sent while Redis was paused, with
    the seconds it took; the first reply accepted after Redis resumed (or the last refused) and
    the seconds until it; and the players, each with one move (B2) stored before the pause."""

    url: str
    answers: list[tuple[Reply, float]] = field(default_factory=list)
    resumed: Reply | None = None
    resumed_after: float = 0.0
    refused_after: int = 0  # the 503s after Redis resumed, before that reply
    players: list[Player] = field(default_factory=list)
    pages: dict[Player, Reply] = field(default_factory=dict)

    def move(self, player: Player) -> Reply:
        """``player`` plays A1 from the board it loaded before the pause."""
        page = self.pages[player]
        return player.post(self.url, "/move", {**page.board_fields, "cell": "A1"}, page)


def paused_app(redis_server: RedisServer) -> GunicornServer:
    """One app server of 2 workers on ``redis_server``, the limits on but well above what a
    round sends, started."""
    env = app_env(
        redis_server.url,
        FLASK_LIMITS="true",
        FLASK_LIMIT_CREATE="1000 per minute",
        FLASK_LIMIT_NEW_SESSIONS="1000 per minute",
    )
    app = GunicornServer(env)
    start_all(app)
    return app


def _timed(send: Callable[[], Reply]) -> tuple[Reply, float]:
    """``send``'s reply and the seconds it took."""
    started = time.monotonic()
    reply = send()
    return reply, time.monotonic() - started


def pause_everyone(redis_server: RedisServer, url: str, players: int = PLAYERS) -> Outage:
    """One round against the app at ``url``: the requests at once while Redis is paused, then
    Redis resumed and the first player's move until accepted."""
    assert redis_server.process is not None
    pid = redis_server.process.pid
    outage = Outage(url, players=[Player() for _ in range(players)])
    for player in outage.players:
        assert player.move(url, url, "B2").status == 303  # a stored session and match
        outage.pages[player] = player.get(url)
    newcomers = [Player() for _ in range(players)]  # browsers that have only looked
    looks = {newcomer: newcomer.get(url) for newcomer in newcomers}
    sends: list[Callable[[], Reply]] = []
    for player in outage.players:
        sends += [
            partial(player.get, url),
            partial(outage.move, player),
            partial(player.get, url, "/api/game"),
        ]
    # A browser's first move: no session to read, but the limit on new sessions.
    sends += [partial(n.post, url, "/move", {"cell": "C3"}, looks[n]) for n in newcomers]
    os.kill(pid, signal.SIGSTOP)
    try:
        with ThreadPoolExecutor(max_workers=len(sends)) as pool:
            outage.answers = list(pool.map(_timed, sends))
    finally:
        os.kill(pid, signal.SIGCONT)
    resumed = time.monotonic()
    reply = outage.move(outage.players[0])
    while reply.status == 503 and time.monotonic() - resumed < PATIENCE:
        outage.refused_after += 1
        reply = outage.move(outage.players[0])
    outage.resumed, outage.resumed_after = reply, time.monotonic() - resumed
    return outage


def main() -> int:
    """Run the rounds, print each one's figures; 1 if a floor is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    redis_server = RedisServer().start()
    app = paused_app(redis_server)
    missed = 0
    try:
        print("| round | requests | 503s | 503 p50 s | slowest s | first move after, s |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for number in range(1, options.rounds + 1):
            outage = pause_everyone(redis_server, app.url, options.players)
            times = sorted(took for _, took in outage.answers)
            refused = sum(reply.status == 503 for reply, _ in outage.answers)
            accepted = outage.resumed is not None and outage.resumed.status == 303
            median = statistics.median(times)
            print(
                f"| {number} | {len(times)} | {refused} | {median:.2f} | {times[-1]:.2f} "
                f"| {outage.resumed_after:.2f} |"
            )
            missed += times[-1] > FLOOR_S or not accepted or outage.resumed_after > FLOOR_S
    finally:
        app.stop()
        redis_server.stop()
    verdict = "met" if not missed else f"MISSED in {missed} rounds"
    print(f"floors (slowest 503, first move after: at most {FLOOR_S} s): {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
