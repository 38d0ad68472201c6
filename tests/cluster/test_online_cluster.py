"""Online play across two app servers on a Redis Cluster: each player on their own server,
spectators on both; every event reaches every stream (sharded pub/sub), every move every
board, and each match lives on the master of its slot."""

from __future__ import annotations

from tests.cluster_servers import RedisCluster
from tests.player import Player
from tests.redis.test_online_servers import X_WINS, api
from tests.streams import Stream


def test_two_players_on_two_servers_and_spectators_see_every_move(
    cluster: RedisCluster, servers: tuple[str, str]
) -> None:
    first, second = servers
    host, friend = Player(), Player()
    opened = api(host, first, "/api/new", {"x": "user", "o": "friend"})
    invite = opened["online"]["invite"].rsplit("/", 1)[1]
    joined = api(friend, second, "/api/join", {"invite": invite})
    match_id = opened["online"]["watch"].rsplit("/", 1)[1]
    version = joined["version"]
    streams = [
        Stream(first, f"?version={version}", host.sid),
        Stream(second, f"?version={version}", friend.sid),
        Stream(first, f"?match={match_id}&version={version}"),  # spectators, no session
        Stream(second, f"?match={match_id}&version={version}"),
    ]
    try:
        for ply, cell in enumerate(X_WINS):
            player, server = (host, first) if ply % 2 == 0 else (friend, second)
            version = api(player, server, "/api/move", {"cell": cell, "version": version})[
                "version"
            ]
            for stream in streams:
                stream.wait_for(version)
            for who, where in ((host, second), (friend, first)):  # each on the other server
                assert who.game(where)["moves"] == X_WINS[: ply + 1]
        assert all(stream.status == 200 for stream in streams)
        for stream in streams:  # every version, in order, none skipped
            seen = [number for number, _ in stream.events]
            assert seen == list(range(joined["version"] + 1, version + 1)), seen
        spectator = Player().get(first, f"/watch/{match_id}")
        assert "X wins" in spectator.text and 'name="cell"' not in spectator.text
        assert host.game(second)["tally"]["wins"] == {"Player 1": 1, "Player 2": 0}
    finally:
        for stream in streams:
            stream.close()
    # The match is kept on the master of its hash tag's slot; the others send a client there.
    master = cluster.master_of(f"match:{{{match_id}}}")
    for port in cluster.processes:
        answer = cluster.command(port, "exists", f"match:{{{match_id}}}").strip()
        assert answer == "1" if port == master else answer.endswith(f"127.0.0.1:{master}")


def test_both_servers_are_ready_on_the_cluster(servers: tuple[str, str]) -> None:
    for server in servers:
        reply = Player().get(server, "/readyz")
        assert reply.status == 200 and reply.json() == {"status": "ready", "failed": {}}
