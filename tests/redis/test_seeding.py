"""The load benchmark's seeded matches and sessions in Redis are what the app reads."""

from __future__ import annotations

import redis

from bench import seeding
from tests.player import Player


def test_the_app_finds_every_seeded_match_in_redis(
    servers: tuple[str, str], store: redis.Redis
) -> None:
    pairs = seeding.new_pairs(20)
    seeding.seed_redis(store, pairs)
    for sid, match_id in pairs:
        player = Player()
        player.sid = sid
        page = player.get(servers[0])
        assert page.status == 200 and "Set-Cookie" not in page.headers
        assert page.field("match") == match_id and page.field("version") == "2"
        assert "Computer (hard)" in page.text
        assert 30 * 86400 - 60 <= store.ttl(f"match:{match_id}") <= 30 * 86400
