"""The move clock's deadline raced over two app servers on one Redis: 50 reads at the
deadline (players' and spectators', pages and API) apply it once: one result, one point."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tests.player import Player
from tests.seekers import token

CLOCK = 1  # seconds per move: the shortest


def api(player: Player, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON to ``server``'s API as ``player``; the answer's JSON."""
    reply = player.request(
        server, "POST", path, raw=json.dumps(body), headers=token(player, server)
    )
    assert reply.status == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_50_reads_at_the_deadline_on_two_servers_give_one_result(
    servers: tuple[str, str],
) -> None:
    first, second = servers
    host, friend = Player(), Player()
    opened = api(host, first, "/api/new", {"x": "user", "o": "friend", "clock": CLOCK})
    api(friend, second, "/api/join", {"invite": opened["online"]["invite"].rsplit("/", 1)[1]})
    api(host, first, "/api/move", {"cell": "A1", "ply": 0})
    moved = api(friend, second, "/api/move", {"cell": "B1", "ply": 1})
    match_id = moved["online"]["watch"].rsplit("/", 1)[1]
    deadline = time.time() + moved["clock"]["seconds_left"]
    readers = [
        (host, first, "/api/game"),
        (friend, second, "/api/game"),
        (host, second, "/"),
        (Player(), first, f"/watch/{match_id}"),
        (Player(), second, f"/watch/{match_id}"),
    ]
    start = threading.Barrier(50)

    def read(n: int) -> int:
        who, server, path = readers[n % len(readers)]
        start.wait()
        at = deadline + (n % 10) * 0.002
        while time.time() < at:  # in short steps: no sleep of half a second or more
            time.sleep(min(0.05, max(0.0, at - time.time())))
        return who.tab().get(server, path).status

    with ThreadPoolExecutor(50) as pool:
        assert set(pool.map(read, range(50))) == {200}
    seen = [host.game(first), friend.game(second), host.game(second)]
    assert {game["version"] for game in seen} == {moved["version"] + 1}  # one change
    for game in seen:
        assert game["ended_by"] == "time" and game["online"]["winner"] == "O"
        assert game["score"] == {"wins": {"1": 0, "2": 1}, "draws": 0}
