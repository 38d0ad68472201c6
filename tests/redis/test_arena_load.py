"""200 players in one arena over two gunicorn servers on one real Redis: pairing and scoring
under the arena's lock, across servers; every game counts once."""

from __future__ import annotations

from pathlib import Path

from tests.arena_players import books, make_arena, pairing_waits, percentile, play_arena, running
from tests.redis.conftest import app_env, start_all
from tests.servers import GunicornServer, RedisServer

# Every player of the test comes from 127.0.0.1, each following its game's stream.
CROWD = {"FLASK_STREAMS_PER_ADDRESS": "1000"}


def test_200_players_over_two_servers_play_an_arena_and_every_game_counts_once(
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
        arena_id = make_arena(urls[0], length=20, clock=5, starts_in=5)
        players, played = play_arena(urls, arena_id, 200)
        arena = books(players, urls[1], arena_id)
        within, pairings = pairing_waits(urls)
    finally:
        for server in servers:
            server.stop()
    assert arena["state"] == "over" and sum(row["games"] for row in arena["standings"]) > 200
    ran = running(played.snapshots)
    assert ran, "no snapshot while it ran"
    for snapshot in ran:  # the arena pairs whoever is free at once: one waits at most
        waiting = [row for row in snapshot["standings"] if not row["playing"]]
        assert len(waiting) <= 1, waiting
    # The servers' count: every pairing within 2 s of both players being free.
    assert pairings >= arena["standings"][0]["games"] and within == pairings, (within, pairings)
    # Seen by the players, the waits add the servers' answers, on a machine of 2 cores that
    # also runs the 200 players: reported, the servers' count above is the measure.
    assert played.waits and percentile(played.waits, 0.5) < 2.0, sorted(played.waits)[-10:]
