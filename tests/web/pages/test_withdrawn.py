"""An invite withdrawn by its host leaving the match before the friend joined: a new game on
this device, another invite, a friend's invite joined, a pairing made. The friend who opens the
link is told so on the page, the API and in text mode, and is seated nowhere."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.refusals import code
from tests.web.api.test_api import call
from tests.web.conftest import new_game
from tests.web.pages.test_arenas import arena, to_board
from tests.web.pages.test_online import REFRESH, invite, join
from tests.web.pages.test_pair import press
from tests.web.shown import page

WITHDRAWN = "Your friend has withdrawn this invitation: ask them for a new link."


def left_by_a_new_game(app: Flask) -> tuple[FlaskClient, str]:
    """A host who opened an invite, then began a game against the computer; the invite."""
    host = app.test_client()
    path = invite(host)
    new_game(host, "user", "easy")
    assert api_game(host)["online"] is None and api_game(host)["players"]["O"] == "easy"
    return host, path


def test_a_friend_opening_an_invite_whose_host_began_another_game_is_told_it_is_withdrawn(
    app: Flask,
) -> None:
    _host, path = left_by_a_new_game(app)
    friend = app.test_client()
    shown = page(friend, path)
    assert shown.status == WITHDRAWN
    assert not [form for form in shown.forms if form.action == path]
    answer = post(friend, path)
    assert answer.headers["X-Move-Result"] == "refused"
    assert page(friend, answer.headers["Location"]).status == WITHDRAWN
    assert api_game(friend)["online"] is None  # seated nowhere, waiting for nobody


def test_the_api_and_text_mode_say_the_invite_was_withdrawn(app: Flask) -> None:
    _host, path = left_by_a_new_game(app)
    friend = app.test_client()
    joined = call(friend, "/api/join", {"invite": path.removeprefix("/join/")})
    assert joined.status_code == 409 and code(joined.get_json()) == "invite_withdrawn"
    assert page(friend, f"{path}?text=1").status == WITHDRAWN
    assert api_game(friend)["online"] is None


def test_another_invite_or_a_friends_invite_withdraws_the_open_one(app: Flask) -> None:
    host = app.test_client()
    first = invite(host)
    second = invite(host)
    assert page(app.test_client(), first).status == WITHDRAWN
    other = invite(app.test_client())
    assert join(host, other).headers["X-Move-Result"] == "accepted"
    assert page(app.test_client(), second).status == WITHDRAWN
    assert post(app.test_client(), second).headers["X-Move-Result"] == "refused"


def test_a_pairing_made_withdraws_the_hosts_open_invite(app: Flask) -> None:
    host, stranger = app.test_client(), app.test_client()
    path = invite(host)
    assert press(host) == "/pair"
    assert press(stranger) == "/"
    host.get("/pair")
    assert api_game(host)["online"]["watch"] == api_game(stranger)["online"]["watch"]
    assert page(app.test_client(), path).status == WITHDRAWN


def test_an_invite_left_open_by_a_spectator_step_or_an_own_look_is_not_withdrawn(
    app: Flask,
) -> None:
    host = app.test_client()
    path = invite(host)
    watch = api_game(host)["online"]["watch"].removeprefix("http://localhost")
    assert page(app.test_client(), watch).status  # a spectator's look leaves nothing
    assert page(host, path).status.startswith("This is your own invite link")
    friend = app.test_client()
    assert join(friend, path).headers["X-Move-Result"] == "accepted"
    assert api_game(host)["online"]["full"]


def test_a_seek_withdraws_the_open_invite_and_its_cancel_leaves_a_fresh_board(
    app: Flask,
) -> None:
    host = app.test_client()
    path = invite(host)
    assert press(host) == "/pair"
    assert page(app.test_client(), path).status == WITHDRAWN
    assert post(host, "/pair/cancel").status_code == 303
    assert api_game(host)["online"] is None and api_game(host)["version"] == 0


def test_a_friend_arriving_while_the_host_seeks_leaves_the_stranger_an_opponent(
    app: Flask,
) -> None:
    host, friend, stranger = app.test_client(), app.test_client(), app.test_client()
    path = invite(host)
    assert press(host) == "/pair"
    assert post(friend, path).headers["X-Move-Result"] == "refused"
    assert press(stranger) == "/"
    assert host.get("/pair").headers["Location"] == "/"
    assert api_game(host)["online"]["watch"] == api_game(stranger)["online"]["watch"]
    assert api_game(friend)["online"] is None


def test_joining_an_arena_withdraws_the_open_invite_and_the_arena_pairs_the_host(
    app: Flask,
) -> None:
    host, friend, other = app.test_client(), app.test_client(), app.test_client()
    path = invite(host)
    arena_id = arena(other)
    for player in (host, other):
        assert post(player, f"/arenas/{arena_id}/join").status_code == 303
    assert post(friend, path).headers["X-Move-Result"] == "refused"
    assert (
        to_board(host, arena_id)["online"]["watch"] == to_board(other, arena_id)["online"]["watch"]
    )


def test_a_spectator_of_a_withdrawn_invite_is_told_nobody_will_join(app: Flask) -> None:
    host = app.test_client()
    invite(host)
    watch = api_game(host)["online"]["watch"].removeprefix("http://localhost")
    new_game(host, "user", "easy")
    shown = page(app.test_client(), watch)
    assert shown.status == "The invitation was withdrawn: nobody will join this match."
    assert REFRESH not in shown.html  # nothing to wait for: the page does not refresh itself


def test_a_join_or_seat_link_refused_leaves_the_own_invite_open(app: Flask) -> None:
    host, first, second = app.test_client(), app.test_client(), app.test_client()
    path = invite(host)
    full = invite(first)
    assert join(second, full).headers["X-Move-Result"] == "accepted"
    assert post(host, full).headers["X-Move-Result"] == "refused"  # two players already
    stale = f"/seat/{full.removeprefix('/join/').split('.')[0]}.{'A' * 22}"
    assert post(host, stale).status_code == 404
    assert page(host, "/").status == "Waiting for your friend to join"
    assert join(app.test_client(), path).headers["X-Move-Result"] == "accepted"


def test_an_arena_join_refused_leaves_the_own_invite_open(app: Flask, clock: MovableClock) -> None:
    host, other = app.test_client(), app.test_client()
    path = invite(host)
    arena_id = arena(other, length=60)
    clock.advance(61)  # over: no join
    assert post(host, f"/arenas/{arena_id}/join").headers["X-Move-Result"] == "refused"
    assert page(host, "/").status == "Waiting for your friend to join"
    assert join(app.test_client(), path).headers["X-Move-Result"] == "accepted"


def test_a_game_aborted_before_the_friend_joined_withdraws_its_invite(app: Flask) -> None:
    host, friend = app.test_client(), app.test_client()
    path = invite(host)
    assert call(host, "/api/abort", {}).json["online"]["ending"] == "aborted"
    assert "invite-link" not in page(host, "/").ids  # nothing left to share
    assert page(friend, path).status == WITHDRAWN
    assert page(friend, f"{path}?text=1").status == WITHDRAWN
    joined = call(friend, "/api/join", {"invite": path.removeprefix("/join/")})
    assert joined.status_code == 409 and code(joined.get_json()) == "invite_withdrawn"
    assert post(friend, path).headers["X-Move-Result"] == "refused"
    assert api_game(friend)["online"] is None  # seated nowhere, in no aborted game
