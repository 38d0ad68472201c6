"""Two gunicorn servers on one Redis settle an arena's clocks themselves (issue 45): with
nobody looking at the arena or its games, the arena pairs its players when it starts, a game
whose player never moves ends on time, and the standings and podium are right after its end;
both servers' settlers pass over the same games, and each counts once."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.arena_players import make_arena
from tests.player import Player
from tests.redis.conftest import app_env, start_all
from tests.seekers import token
from tests.servers import GunicornServer, RedisServer

QUICK = {"FLASK_ARENA_GRACE": "1"}  # the first move's grace: 1 s more than a move's 1 s


def settled(watcher: Player, server: str, arena_id: str) -> dict[str, Any]:
    """The arena as a stranger sees it once it is over and a game was counted (at most 20 s
    of polling: the servers settle within a second of each deadline)."""
    deadline = time.monotonic() + 20
    while True:
        arena: dict[str, Any] = watcher.request(server, "GET", f"/api/arenas/{arena_id}").json()
        counted = sum(row["games"] for row in arena["standings"])
        if (arena["state"] == "over" and counted) or time.monotonic() > deadline:
            return arena
        time.sleep(0.1)


def test_with_nobody_looking_the_servers_pair_end_and_count_an_arenas_game(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    servers = [GunicornServer(app_env(redis_server.url, **QUICK)) for _ in range(2)]
    start_all(*servers)
    try:
        urls = [server.url for server in servers]
        arena_id = make_arena(urls[0], length=4, clock=1, starts_in=1)
        for url in urls:  # one player joins on each server, then looks no more
            player = Player()
            path = f"/api/arenas/{arena_id}/join"
            joined = player.request(url, "POST", path, raw="", headers=token(player, url))
            assert joined.status == 200, joined.text
        arena = settled(Player(), urls[1], arena_id)
    finally:
        for server in servers:
            server.stop()
    assert arena["state"] == "over"
    rows = [(row["points"], row["games"], row["playing"]) for row in arena["standings"]]
    assert rows == [(2, 1, False), (0, 1, False)], rows  # X never moved: O won, counted once
