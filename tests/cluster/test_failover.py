"""A failover in the middle of an online match: the master holding the match dies (SIGKILL),
its replica takes over, and the match goes on across two app servers, live events included."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.cluster_servers import RedisCluster
from tests.player import Player
from tests.redis.test_online_servers import X_WINS, api
from tests.streams import Stream

from .conftest import two_servers

# Milliseconds without an answer before a master is failed over: short for the test, long
# enough that a loaded machine's pauses do not fail a master that is only slow.
NODE_TIMEOUT = 2000
TAKEOVER = 20.0  # seconds for the replica to take over and the app servers to find it


@pytest.fixture
def replicated() -> Iterator[tuple[RedisCluster, str, str]]:
    """Three masters with a replica each, and two app servers on them."""
    cluster = RedisCluster(masters=3, replicas=1, node_timeout=NODE_TIMEOUT).start()
    try:
        first, second = two_servers(cluster)
    except Exception:
        cluster.stop()
        raise
    yield cluster, first.url, second.url
    first.stop()
    second.stop()
    cluster.stop()


def move_when_back(player: Player, server: str, cell: str, version: int) -> dict[str, Any]:
    """Play ``cell``, retrying while the store answers 503 (the cluster failing over: the
    board's read too); any other refusal fails the test."""
    deadline = time.monotonic() + TAKEOVER
    while True:
        reply = player.get(server, "/api/game")
        if reply.status == 200:
            headers = {"X-CSRFToken": reply.json()["csrf_token"]}
            body = json.dumps({"cell": cell, "version": version})
            headers["Content-Type"] = "application/json"
            reply = player.request(server, "POST", "/api/move", raw=body, headers=headers)
        if reply.status == 200:
            answer: dict[str, Any] = reply.json()
            return answer
        if reply.status == 409:  # a 503 whose change was saved (its answer timed out)
            game = player.game(server)
            assert game["version"] == version + 1 and game["moves"][-1] == cell, reply.text
            return game
        assert reply.status == 503 and time.monotonic() < deadline, reply.text
        time.sleep(0.2)


def test_the_match_goes_on_after_its_master_fails_over(
    replicated: tuple[RedisCluster, str, str],
) -> None:
    cluster, first, second = replicated
    host, friend = Player(), Player()
    opened = api(host, first, "/api/new", {"x": "user", "o": "friend"})
    joined = api(
        friend, second, "/api/join", {"invite": opened["online"]["invite"].rsplit("/", 1)[1]}
    )
    match_id = opened["online"]["watch"].rsplit("/", 1)[1]
    version = joined["version"]
    streams = [
        Stream(first, f"?version={version}", host.sid),
        Stream(second, f"?version={version}", friend.sid),
        Stream(second, f"?match={match_id}&version={version}"),
    ]
    try:
        for ply, cell in enumerate(X_WINS):
            if ply == 2:  # X A1, O B1 played: the match's master dies
                master = cluster.master_of(f"match:{{{match_id}}}")
                cluster.kill(master)
            player, server = (host, first) if ply % 2 == 0 else (friend, second)
            version = move_when_back(player, server, cell, version)["version"]
            for stream in streams:
                stream.wait_for(version, timeout=TAKEOVER)
        assert cluster.master_of(f"match:{{{match_id}}}") != master  # the replica took over
        assert host.game(second)["moves"] == friend.game(first)["moves"] == X_WINS
        assert host.game(second)["tally"]["wins"] == {"Player 1": 1, "Player 2": 0}
        assert all(stream.status == 200 for stream in streams)
        assert all(stream.newest == version for stream in streams)
    finally:
        for stream in streams:
            stream.close()
