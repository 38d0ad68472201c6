"""A player's look at an arena that enters its game gives up any quick-pairing seek and
checks for a pairing in one script each, on a real Redis, in process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import redis

from tests.servers import RedisServer
from webapp import create_app

_command: Any = redis.Redis.execute_command  # redis-py leaves its signature untyped


def test_a_look_entering_the_game_looks_at_the_pairing_pools_twice(
    tmp_path: Path, redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False}
    config |= {"WTF_CSRF_ENABLED": False, "REDIS_URL": redis_server.url}
    app = create_app(config, instance_path=str(tmp_path))
    maker, first, second = app.test_client(), app.test_client(), app.test_client()
    body = {"length": 600, "clock": 30, "starts_in": 0, "private": True}
    arena_id = maker.post("/api/arenas", json=body).json["id"]
    for player in (first, second):
        player.get("/api/game")
        assert player.post(f"/api/arenas/{arena_id}/join").status_code == 200
    pools = app.extensions["pairing"]
    pools.cancel("nobody")  # the scripts loaded into Redis, once
    pools.poll("nobody", 0.0)
    scripts: list[tuple[Any, ...]] = []

    def counted(self: redis.Redis, *args: Any, **options: Any) -> Any:
        if str(args[0]).upper() in ("EVALSHA", "EVAL") and any("{pair" in str(a) for a in args):
            scripts.append(args)
        return _command(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    looked = first.get(f"/api/arenas/{arena_id}")
    assert looked.status_code == 200 and looked.json["you"]["playing"]
    assert first.get("/api/game").json["online"] is not None  # it is at its arena game now
    assert len(scripts) == 2  # one to give up a seek, one to look for a pairing: every pool's
