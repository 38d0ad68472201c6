"""The load benchmark seeds stored games straight into the stores: the app must find them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import redis

from bench import sessions
from tests.servers import RedisServer
from webapp import create_app
from webapp.store import RedisSessions


def _shows_seeded_games(settings: dict[str, Any], sids: list[str]) -> None:
    app = create_app({"SECRET_KEY": "seeding-test", **settings})
    expected = sessions.game_in_progress()["game"]
    try:
        for sid in sids:
            client = app.test_client()
            client.set_cookie("ttt_session", sid)
            page = client.get("/")
            assert page.status_code == 200
            assert "Set-Cookie" not in page.headers  # found as stored, not rewritten by a read
            game = client.get("/api/game").get_json()
            assert game["moves"] == expected["moves"]
            assert game["players"] == {"X": "user", "O": "hard"}
    finally:
        if isinstance(app.session_interface, RedisSessions):
            app.session_interface.client.close()


def test_seeded_files_are_games_the_app_reads(tmp_path: Path) -> None:
    directory = tmp_path / "sessions"
    sids = sessions.new_sids(3)
    sessions.seed_files(str(directory), sids)
    _shows_seeded_games({"SESSION_DIR": str(directory)}, sids)


def test_seeded_redis_keys_are_games_the_app_reads(
    redis_server: RedisServer, store: redis.Redis
) -> None:
    sids = sessions.new_sids(3)
    sessions.seed_redis(store, sids)
    key = sessions.KEY_PREFIX + sids[0]
    assert store.ttl(key) > sessions.LIFETIME - 60
    assert isinstance(msgspec.msgpack.decode(store.get(key)), dict)  # type: ignore[arg-type]
    _shows_seeded_games({"REDIS_URL": redis_server.url}, sids)
