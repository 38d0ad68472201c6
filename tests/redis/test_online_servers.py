"""Online play across two app servers on one Redis: each player on their own server, a
spectator on a third connection; every event reaches every stream, every move every board."""

from __future__ import annotations

import json
from typing import Any

from tests.player import Player
from tests.refusals import code
from tests.streams import Stream

# X wins on the top row: X A1, O B1, X A2, O B2, X A3.
X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def api(player: Player, server: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST JSON to the API of ``server`` with the player's token; the answer's JSON."""
    token = player.game(server)["csrf_token"]
    headers = {"X-CSRFToken": token, "Content-Type": "application/json"}
    reply = player.request(server, "POST", path, raw=json.dumps(body), headers=headers)
    assert reply.status == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_two_players_on_two_servers_and_a_spectator_see_every_move(
    servers: tuple[str, str],
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
        Stream(first, f"?match={match_id}&version={version}"),  # a spectator, no session
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
        spectator = Player().get(first, f"/watch/{match_id}")
        assert "X wins" in spectator.text and 'name="cell"' not in spectator.text
        assert host.game(second)["tally"]["wins"] == {"Player 1": 1, "Player 2": 0}
    finally:
        for stream in streams:
            stream.close()


def test_an_out_of_turn_move_on_the_other_server_is_refused(servers: tuple[str, str]) -> None:
    first, second = servers
    host, friend = Player(), Player()
    opened = api(host, first, "/api/new", {"x": "user", "o": "friend"})
    api(friend, second, "/api/join", {"invite": opened["online"]["invite"].rsplit("/", 1)[1]})
    token = friend.game(second)["csrf_token"]
    headers = {"X-CSRFToken": token, "Content-Type": "application/json"}
    body = json.dumps({"cell": "B2", "ply": 0})
    reply = friend.request(first, "POST", "/api/move", raw=body, headers=headers)
    assert reply.status == 409 and code(reply.json()) == "not_your_turn"
    assert host.game(second)["moves"] == []
