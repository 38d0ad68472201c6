"""Joining an arena while busy: refused (409, as every other way out of a live online game)
while this browser plays a friend's game or a game of another arena; a browser still waiting
in another arena is paused there, so that one arena at a time pairs it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.refusals import code
from tests.web.api.test_api_online import token_of
from tests.web.pages.test_arenas import api, arena, joined, sides, standing, to_board
from webapp.rules import errors

BUSY = errors.ONLINE_IN_PLAY.message  # the words the pages flash


def friends(app: Flask, host: FlaskClient) -> FlaskClient:
    """``host`` and a friend seated in an online match, its game in play; the friend."""
    opened = api(host, "/api/new", {"x": "user", "o": "friend"}).get_json()
    friend = app.test_client()
    assert api(friend, "/api/join", {"invite": token_of(opened["online"]["invite"])}).status_code
    assert api_game(host)["online"]["full"]
    return friend


def test_a_player_in_a_friends_game_is_refused_a_join_by_the_api_and_the_form(
    app: Flask, client: FlaskClient
) -> None:
    arena_id = arena(client)
    player = app.test_client()
    friends(app, player)
    refused = api(player, f"/api/arenas/{arena_id}/join")
    assert refused.status_code == 409 and code(refused.get_json()) == "online_in_play"
    by_form = post(player, f"/arenas/{arena_id}/join", follow_redirects=True)
    assert BUSY in by_form.get_data(as_text=True)
    assert standing(client, arena_id)["standings"] == []


def test_a_player_of_one_arenas_game_is_refused_a_second_arena(
    app: Flask, client: FlaskClient
) -> None:
    first, second = arena(client), arena(client)
    x, _o = sides(*joined(app, first, 2), first)
    refused = api(x, f"/api/arenas/{second}/join")
    assert refused.status_code == 409 and code(refused.get_json()) == "stranger_in_play"
    assert standing(client, second)["standings"] == []


def test_a_game_paired_but_not_reached_yet_refuses_a_second_arena(
    app: Flask, client: FlaskClient
) -> None:
    first, second = arena(client), arena(client)
    a, _b = joined(app, first, 2)  # paired by the second join; ``a`` has not looked since
    assert api_game(a)["arena"] is None
    refused = api(a, f"/api/arenas/{second}/join")
    assert refused.status_code == 409 and code(refused.get_json()) == "stranger_in_play"


def test_joining_a_second_arena_pauses_the_first_where_it_only_waited(
    app: Flask, client: FlaskClient
) -> None:
    first, second = arena(client, starts_in=30), arena(client)
    (player,) = joined(app, first, 1)
    assert api(player, f"/api/arenas/{second}/join").status_code == 200
    assert standing(player, first)["you"]["paused"]
    assert not standing(player, second)["you"]["paused"]


def test_a_player_paired_who_never_comes_loses_on_time_and_strands_nobody(
    app: Flask, client: FlaskClient, clock: MovableClock
) -> None:
    arena_id = arena(client, starts_in=5)
    busy, other = joined(app, arena_id, 2)  # ``busy`` closes the page (a friend's game begun
    # meanwhile pauses it there: tests/web/pages/test_arena_seeks.py)
    clock.advance(5)  # the arena starts and pairs them; ``busy`` never looks again
    game = to_board(other, arena_id)
    if game["you"] == "X":  # ``other`` plays its first move; ``busy`` never comes to play
        post(other, "/move", {"cell": "B2"})
    clock.advance(app.config["ARENA_GRACE"] + 5)
    assert api_game(other)["ended_by"] == "time"
    rows = {row["you"]: row for row in standing(other, arena_id)["standings"]}
    assert (rows[True]["points"], rows[False]["points"]) == (2, 0)
    assert standing(busy, arena_id)["you"]["paused"]  # not paired again until it comes back
