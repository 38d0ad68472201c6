"""An arena of an even number of players on a real gunicorn server: its pairs change, since two
who just met wait a moment for another opponent (issue 45: before, the same two met all
arena long, whatever their points)."""

from __future__ import annotations

from pathlib import Path

from tests.arena_players import books, make_arena, opponents, play_arena
from tests.servers import GunicornServer, file_store_env


def test_eight_players_of_a_40_s_arena_each_meet_at_least_three_opponents(
    tmp_path: Path,
) -> None:
    env = {**file_store_env(tmp_path), "FLASK_STREAMS_PER_ADDRESS": "1000"}
    server = GunicornServer(env, workers=2).start()
    try:
        arena_id = make_arena(server.url, length=40, clock=2, starts_in=3)
        players, _played = play_arena([server.url], arena_id, 8)
        books(players, server.url, arena_id)
        met = opponents(players, server.url, arena_id)
    finally:
        server.stop()
    print(f"opponents met by each of 8 players (40 s, 2 s a move): {sorted(met)}")
    assert min(met) >= 3, met
