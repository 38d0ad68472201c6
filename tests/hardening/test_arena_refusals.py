"""An arena's refusals on a real gunicorn server (issue 45): a join while the browser plays a
friend's game is a 409 that says so, as every other way out of a live game; an arena value
out of its range is named with its range; an arena a player makes is private, and only the
site's own are listed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.arena_players import make_arena
from tests.player import Player
from tests.refusals import code, refusal
from tests.seekers import token
from tests.servers import GunicornServer, file_store_env


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One gunicorn server of two workers on the default stores: its URL."""
    running = GunicornServer(file_store_env(tmp_path_factory.mktemp("arena-refusals"))).start()
    yield running.url
    running.stop()


def api(player: Player, server: str, path: str, body: str = "") -> tuple[int, Any]:
    """A JSON POST with the player's CSRF token: the status and the JSON answer."""
    reply = player.request(server, "POST", path, raw=body, headers=token(player, server))
    return reply.status, reply.json()


def test_a_join_while_playing_a_friends_game_is_refused(server: str) -> None:
    arena_id = make_arena(server, length=60, clock=5, starts_in=0)
    host, friend = Player(), Player()
    status, _opened = api(host, server, "/api/new", '{"x": "user", "o": "friend"}')
    invite = host.game(server)["online"]["invite"].rsplit("/", 1)[1]
    assert status == 200 and api(friend, server, "/api/join", f'{{"invite": "{invite}"}}')[0] == 200
    status, refused = api(host, server, f"/api/arenas/{arena_id}/join")
    assert (status, code(refused)) == (409, "online_in_play")
    assert Player().get(server, f"/api/arenas/{arena_id}").json()["standings"] == []


def test_an_arena_value_out_of_range_is_named_with_its_range(server: str) -> None:
    status, refused = api(Player(), server, "/api/arenas", '{"length": 0, "clock": 5}')
    assert (status, refusal(refused)) == (400, ("invalid_field", "length"))


def test_a_players_arena_is_private_and_never_listed(server: str) -> None:
    body = '{"length": 604800, "clock": 5, "private": false}'
    status, refused = api(Player(), server, "/api/arenas", body)
    assert (status, refused["field"]) == (400, "private")
    private = make_arena(server, length=60, clock=5, starts_in=0)
    listed = Player().get(server, "/api/arenas").json()
    assert listed and all(arena["id"] != private and not arena["private"] for arena in listed)
