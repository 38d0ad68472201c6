"""Quick pairing across two app servers on one Redis: 200 seekers arriving together, half on
each server, make exactly 100 matches, every seeker in exactly one, nobody left waiting."""

from __future__ import annotations

import redis

from tests.seekers import check_pairs, seek_all
from webapp.store.redis_pairing import KEYS


def test_200_seekers_on_two_servers_make_exactly_100_matches(
    servers: tuple[str, str], store: redis.Redis
) -> None:
    games = seek_all(list(servers), 200)
    assert check_pairs(games) == 100
    waiting, queue = KEYS[0], KEYS[1]
    assert store.hlen(waiting) == 0 and store.zcard(queue) == 0
