"""The three ways a player once left a live online match without resigning (issue 36, item
3): another invite, another match's seat link, and a pairing found after joining a friend;
and a cancel that meets an opponent's arrival (item 4). One rule, actions.leave, holds."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.web.pages.test_online import invite, join, move
from tests.web.pages.test_pair import press
from tests.web.shown import page

REFUSED = "Resign or abort this online game first"


def live(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    """Two browsers in an online match in play (X has moved)."""
    host, guest = app.test_client(), app.test_client()
    assert join(guest, invite(host)).headers["X-Move-Result"] == "accepted"
    assert move(host, "B2").headers["X-Move-Result"] == "accepted"
    return host, guest


def watch(client: FlaskClient) -> str:
    """The watch link of the client's match (which match it is at)."""
    return str(api_game(client)["online"]["watch"])


def test_another_invite_does_not_take_a_player_out_of_a_live_match(app: Flask) -> None:
    _host, guest = live(app)
    before = watch(guest)
    other = invite(app.test_client())
    answer = join(guest, other)
    assert answer.headers["X-Move-Result"] == "refused"
    assert REFUSED in page(guest, "/").text
    assert watch(guest) == before and api_game(guest)["you"] == "O"
    assert join(app.test_client(), other).headers["X-Move-Result"] == "accepted"  # still open


def test_another_matchs_seat_link_does_not_take_a_player_out_of_a_live_match(
    app: Flask,
) -> None:
    _host, guest = live(app)
    before = watch(guest)
    owner, _friend = live(app)
    link = page(owner, "/").link("Continue on another device").removeprefix("http://localhost")
    answer = post(guest, page(guest, link).form(link).action)
    assert answer.headers["X-Move-Result"] == "refused"
    assert watch(guest) == before and api_game(guest)["you"] == "O"
    assert api_game(owner)["you"] == "X"  # the link's seat stays where it was


def test_a_seeker_who_joined_a_friend_is_not_paired_out_of_that_match(app: Flask) -> None:
    seeker = app.test_client()
    assert press(seeker) == "/pair"
    host = app.test_client()
    assert join(seeker, invite(host)).headers["X-Move-Result"] == "accepted"
    assert move(host, "B2").headers["X-Move-Result"] == "accepted"
    friend_match = watch(seeker)
    stranger = app.test_client()
    assert press(stranger) == "/pair"  # joining gave up the seek: nobody to meet
    seeker.get("/pair")
    seeker.get("/api/pair")
    assert watch(seeker) == friend_match and api_game(seeker)["you"] == "O"


def test_a_seeker_met_before_joining_a_friend_is_sent_to_the_pairing(app: Flask) -> None:
    seeker, stranger = app.test_client(), app.test_client()
    assert press(seeker) == "/pair"
    assert press(stranger) == "/"  # met: the seeker's match is made
    other = invite(app.test_client())
    assert join(seeker, other).headers["X-Move-Result"] == "refused"
    assert seeker.get("/pair").headers["Location"] == "/"
    assert watch(seeker) == watch(stranger)


def test_a_cancel_after_an_opponent_met_the_seeker_takes_it_to_the_match(app: Flask) -> None:
    seeker, stranger = app.test_client(), app.test_client()
    assert press(seeker) == "/pair"
    assert press(stranger) == "/"  # arrived a moment before the cancel
    answer = post(seeker, "/pair/cancel")
    assert answer.status_code == 303 and answer.headers["X-Move-Result"] == "accepted"
    assert "You are playing someone online" in page(seeker, "/").text
    assert watch(seeker) == watch(stranger)
    assert post(seeker, "/pair/cancel").headers["X-Move-Result"] == "refused"  # not waiting


def test_the_api_cancel_after_an_opponent_met_the_seeker_answers_paired(app: Flask) -> None:
    seeker, stranger = app.test_client(), app.test_client()
    assert press(seeker) == "/pair"
    assert press(stranger) == "/"
    token = {"X-CSRFToken": api_game(seeker)["csrf_token"]}
    answer = seeker.delete("/api/pair", headers=token)
    assert answer.status_code == 200 and answer.get_json()["state"] == "paired"
    assert watch(seeker) == watch(stranger)
