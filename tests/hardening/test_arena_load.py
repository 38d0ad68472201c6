"""50 players in one arena on one gunicorn server of two workers on SQLite: pairing and
scoring under the arena's lock, across the workers."""

from __future__ import annotations

from pathlib import Path

from tests.arena_players import books, check_run, make_arena, pairing_waits, play_arena
from tests.servers import GunicornServer, file_store_env


def test_50_players_play_an_arena_and_every_game_counts_once(tmp_path: Path) -> None:
    (tmp_path / "metrics").mkdir()
    env = {
        **file_store_env(tmp_path),
        "FLASK_STREAMS_PER_ADDRESS": "1000",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
    }
    server = GunicornServer(env, workers=2).start()
    try:
        arena_id = make_arena(server.url, length=10, clock=5, starts_in=3)
        players, played = play_arena([server.url], arena_id, 50)
        arena = books(players, server.url, arena_id)
        _, pairings = pairing_waits([server.url])
    finally:
        server.stop()
    # Each game counted is in both its players' rows: twice the games is what they played.
    assert arena["state"] == "over" and arena["games"] * 2 > 50
    assert pairings >= arena["games"]
    check_run(played)
