"""Giving the other player 15 seconds in an online game with a clock: the board's button
beside the claim, the API (with codes) and text mode."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.refusals import code
from tests.web.conftest import new_game
from tests.web.pages.test_online import join, play
from tests.web.shown import page
from tests.web.text_pages import board, part, said, text_on


@pytest.fixture
def guest(app: Flask) -> FlaskClient:
    """The friend's browser, on another device."""
    return app.test_client()


@pytest.fixture
def clocked(client: FlaskClient, guest: FlaskClient) -> None:
    """Player 1 (``client``, X) and player 2 (``guest``, O) seated, 30 seconds a move."""
    new_game(client, "user", "friend", clock="30")
    shown = page(client, "/")
    invite = shown.link(shown.ids["invite-link"]).removeprefix("http://localhost")
    assert join(guest, invite).headers["X-Move-Result"] == "accepted"


def _deadline(client: FlaskClient) -> float:
    """The running clock's seconds left, as GET /api/game says."""
    left: float = api_game(client)["clock"]["seconds_left"]
    return left


def test_the_waiting_player_gives_fifteen_seconds_by_the_board_once_per_move(
    client: FlaskClient, guest: FlaskClient, clocked: None
) -> None:
    play(client, guest, ["B2"])  # O's clock runs
    assert not page(guest, "/").has_form("/moretime")  # not to oneself
    before = _deadline(guest)
    form = page(client, "/").form("/moretime")
    assert any("Give 15 seconds" in button["text"] for button in form.buttons)
    assert post(client, "/moretime", form.fields).headers["X-Move-Result"] == "accepted"
    assert "You gave 15 seconds." in page(client, "/").text
    assert _deadline(guest) >= before + 14  # the second since is the clock's own
    assert not page(client, "/").has_form("/moretime")  # no button that would be refused
    again = post(client, "/moretime", form.fields)  # the form of before, sent again
    assert again.headers["X-Move-Result"] == "refused"
    assert "You have given time since the last move" in page(client, "/").text


def test_the_receivers_board_says_who_gave_the_time_until_the_next_move(
    client: FlaskClient, guest: FlaskClient, clocked: None
) -> None:
    play(client, guest, ["B2"])
    giver = next(seat["name"] for seat in api_game(guest)["seats"] if seat["mark"] == "X")
    form = page(client, "/").form("/moretime")
    assert post(client, "/moretime", form.fields).headers["X-Move-Result"] == "accepted"
    assert f"{giver} gave you 15 seconds." in page(guest, "/").text
    assert "gave you 15 seconds" not in page(client, "/").text  # the giver was told otherwise
    play(client, guest, ["A1"])  # O moves: the gift is spent
    assert "gave you 15 seconds" not in page(guest, "/").text


def test_the_time_given_leaves_the_receivers_board_playable(
    client: FlaskClient, guest: FlaskClient, clocked: None
) -> None:
    play(client, guest, ["B2"])
    shown = page(guest, "/").form("/move").fields  # O's board, before the time is given
    api_version = api_game(guest)["version"]
    form = page(client, "/").form("/moretime")
    assert post(client, "/moretime", form.fields).headers["X-Move-Result"] == "accepted"
    assert post(guest, "/move", {**shown, "cell": "A1"}).headers["X-Move-Result"] == "accepted"
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    post(guest, "/moretime", page(guest, "/").form("/moretime").fields)  # now X's turn
    moved = client.post(
        "/api/move", json={"cell": "C3", "version": api_version + 2}, headers=headers
    )
    assert moved.status_code == 200, moved.get_json()


def test_by_the_api_refusals_have_codes(
    client: FlaskClient, guest: FlaskClient, clocked: None
) -> None:
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    guest_headers = {"X-CSRFToken": api_game(guest)["csrf_token"]}
    own = client.post("/api/moretime", json={}, headers=headers)  # X to move
    assert own.status_code == 409 and code(own.get_json()) == "own_clock"
    given = guest.post("/api/moretime", json={}, headers=guest_headers)
    assert given.status_code == 200 and given.get_json()["clock"]["seconds_left"] > 30
    once = guest.post("/api/moretime", json={}, headers=guest_headers)
    assert once.status_code == 409 and code(once.get_json()) == "time_given"


def test_without_a_clock_there_is_no_button_and_the_api_refuses(
    client: FlaskClient, guest: FlaskClient
) -> None:
    new_game(client, "user", "friend")
    shown = page(client, "/")
    join(guest, shown.link(shown.ids["invite-link"]).removeprefix("http://localhost"))
    play(client, guest, ["B2"])
    assert not page(client, "/").has_form("/moretime")
    headers = {"X-CSRFToken": api_game(client)["csrf_token"]}
    refused = client.post("/api/moretime", json={}, headers=headers)
    assert refused.status_code == 409 and code(refused.get_json()) == "no_clock_running"


def test_in_text_mode_moretime_gives_once_per_move(
    client: FlaskClient, guest: FlaskClient, clocked: None
) -> None:
    play(client, guest, ["B2"])
    text_on(client)
    text_on(guest)
    announced, _alerts = said(client, "moretime")
    assert "You gave 15 seconds." in announced
    assert api_game(guest)["clock"]["seconds_left"] > 30
    assert "Your friend gave you 15 seconds." in part(board(guest, "/"), "text-alerts")
    _announced, alerts = said(client, "moretime")
    assert "You have given time since the last move" in alerts
