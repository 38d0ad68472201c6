"""Many seekers pressing Play someone at once against real servers (tests/redis and
tests/hardening): each sends POST /api/pair at the same moment, then asks GET /api/pair until
it is seated, and the pairs are checked: every seeker in exactly one match of two."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.player import Player

PATIENCE = 30.0  # seconds for every seeker to learn its match


def token(player: Player, server: str) -> dict[str, str]:
    """The headers of an API call with ``player``'s CSRF token."""
    return {"X-CSRFToken": player.game(server)["csrf_token"], "Content-Type": "application/json"}


def seek_all(servers: list[str], count: int) -> list[dict[str, Any]]:
    """``count`` seekers, spread over ``servers``, press at once; each one's match as its
    server's GET /api/game shows it once it is seated."""
    players = [Player() for _ in range(count)]
    homes = [servers[n % len(servers)] for n in range(count)]
    headers = [token(player, home) for player, home in zip(players, homes, strict=True)]
    start = threading.Barrier(count)

    def seek(n: int) -> dict[str, Any]:
        player, home = players[n], homes[n]
        start.wait()
        reply = player.request(home, "POST", "/api/pair", raw="", headers=headers[n])
        assert reply.status == 200, reply.text
        deadline = time.monotonic() + PATIENCE
        while reply.json()["state"] != "paired":
            assert reply.json()["state"] == "waiting", reply.text
            assert time.monotonic() < deadline, "a seeker was never seated"
            time.sleep(0.1)
            reply = player.request(home, "GET", "/api/pair")
            assert reply.status == 200, reply.text
        game: dict[str, Any] = reply.json()["game"]
        assert match_id(player.game(home)) == match_id(game)
        return game

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(seek, range(count)))


def match_id(game: dict[str, Any]) -> str:
    """The id of ``game``'s match, the end of its watch link (whose host is its server's)."""
    return str(game["online"]["watch"]).rsplit("/", 1)[1]


def check_pairs(games: list[dict[str, Any]]) -> int:
    """Every seeker is in a match with exactly one other, playing the other side, both
    seated; returns how many matches."""
    by_match: dict[str, list[dict[str, Any]]] = {}
    for game in games:
        by_match.setdefault(match_id(game), []).append(game)
    for pair in by_match.values():
        assert len(pair) == 2, json.dumps(pair)[:500]
        assert {game["you"] for game in pair} == {"X", "O"}
        assert all(game["online"]["full"] for game in pair)
    return len(by_match)
