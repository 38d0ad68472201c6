"""100 players in one arena over two gunicorn servers on one real Redis: pairing and scoring
under the arena's lock, across servers; every game counts once."""

from __future__ import annotations

from pathlib import Path

from tests.arena_players import (
    books,
    books_refused,
    check_run,
    make_arena,
    pairing_waits,
    play_arena,
)
from tests.redis.conftest import app_env, start_all
from tests.servers import GunicornServer, RedisServer

# Every player of the test comes from 127.0.0.1, each following its game's stream.
CROWD = {"FLASK_STREAMS_PER_ADDRESS": "1000"}
# Enough to pair across the servers under the arena's lock; bench/arena.py runs 200 (and 1,000)
# for the pairing's floors.
PLAYERS = 100


def test_100_players_over_two_servers_play_an_arena_and_every_game_counts_once(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    servers = []
    for name in ("one", "two"):  # each server sums its workers' metrics in a folder of its own
        (tmp_path / name).mkdir()
        env = app_env(redis_server.url, **CROWD, PROMETHEUS_MULTIPROC_DIR=str(tmp_path / name))
        servers.append(GunicornServer(env))
    start_all(*servers)
    try:
        urls = [server.url for server in servers]
        arena_id = make_arena(urls[0], length=12, clock=5, starts_in=5)
        players, played = play_arena(urls, arena_id, PLAYERS)
        arena = books(players, urls[1], arena_id)
        _, pairings = pairing_waits(urls)
        refused = books_refused(urls)
    finally:
        for server in servers:
            server.stop()
    # Each game counted is in both its players' rows: twice the games is what they played.
    assert arena["state"] == "over" and arena["games"] * 2 > PLAYERS
    assert pairings >= arena["games"]
    assert refused == {"counted_again": 0, "unlisted": 0}  # nothing tried to spoil the books
    check_run(played)
