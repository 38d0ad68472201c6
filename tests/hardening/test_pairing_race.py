"""Quick pairing on one gunicorn server of two workers on SQLite: 50 seekers arriving
together make exactly 25 matches (the queue's BEGIN IMMEDIATE pairs one at a time)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.seekers import check_pairs, seek_all
from tests.servers import GunicornServer, file_store_env


def test_50_seekers_on_one_server_make_exactly_25_matches(tmp_path: Path) -> None:
    server = GunicornServer(file_store_env(tmp_path), workers=2).start()
    try:
        games = seek_all([server.url], 50)
    finally:
        server.stop()
    assert check_pairs(games) == 25
    with sqlite3.connect(tmp_path / "matches.sqlite") as db:
        assert db.execute("SELECT count(*) FROM pair_waiting").fetchone() == (0,)
