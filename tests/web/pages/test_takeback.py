"""Takeback in online play: a player asks to take back their last move and the other player
accepts or declines, by the board's buttons, the API and text mode, in every language."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.refusals import code, refusal
from tests.web.pages.test_live_parts import events, stream_of
from tests.web.pages.test_online import invite, join, play
from tests.web.shown import page
from tests.web.text_pages import board, part, said, text_on


@pytest.fixture
def guest(app: Flask) -> FlaskClient:
    """The friend's browser, on another device."""
    return app.test_client()


@pytest.fixture
def joined(client: FlaskClient, guest: FlaskClient) -> None:
    """Player 1 (``client``, X) and player 2 (``guest``, O) seated."""
    assert join(guest, invite(client)).headers["X-Move-Result"] == "accepted"


def _press(client: FlaskClient, accept: str = "") -> str:
    """Press the board's takeback button that sends ``accept`` (none: the one that asks);
    the X-Move-Result."""
    form = page(client, "/").form("/takeback")
    assert any(button.get("value", "") == accept for button in form.buttons)
    fields = {**form.fields, **({"accept": accept} if accept else {})}
    result: str = post(client, "/takeback", fields).headers["X-Move-Result"]
    return result


def test_asked_on_the_board_and_accepted_by_the_other_player(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    assert "Ask to take back" in page(client, "/").text
    assert _press(client) == "accepted"
    assert "Takeback asked" in page(client, "/").text
    assert "Accept the takeback" in page(guest, "/").text
    assert _press(guest, "1") == "accepted"
    assert api_game(client)["moves"] == [] and api_game(guest)["moves"] == []
    assert page(client, "/").status.startswith("Your turn")


def test_the_board_and_its_stream_say_who_asks_to_take_back(
    app: Flask, client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    """The board showed only Accept/Decline buttons, not who asked (text mode said it)."""
    play(client, guest, ["B2"])
    url = stream_of(guest)
    assert _press(client) == "accepted"
    asked = "Your friend asks to take back their last move."
    assert asked in page(guest, "/").text
    assert "You asked to take back your last move." in page(client, "/").text
    (event,) = events(app, guest, url)
    controls = event["parts"]["controls"]
    assert asked in controls and "Accept the takeback" in controls


def test_declined_on_the_board_the_game_goes_on(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2", "A1"])
    assert _press(guest) == "accepted"
    assert "Decline the takeback" in page(client, "/").text
    assert _press(client, "0") == "accepted"
    assert api_game(client)["moves"] == ["B2", "A1"]
    assert "Ask to take back" in page(guest, "/").text


def test_by_the_api_with_a_stale_version_refused(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    game = api_game(client)
    headers = {"X-CSRFToken": game["csrf_token"]}
    asked = client.post("/api/takeback", json={"version": game["version"]}, headers=headers)
    assert asked.status_code == 200
    stale = client.post("/api/takeback", json={"version": game["version"]}, headers=headers)
    # Offers do not count as changes of the game: the version is not stale, the asking is.
    assert stale.status_code == 409 and code(stale.get_json()) == "takeback_asked"
    other = guest.post(
        "/api/takeback",
        json={"accept": False},
        headers={"X-CSRFToken": api_game(guest)["csrf_token"]},
    )
    assert other.status_code == 200 and other.get_json()["moves"] == ["B2"]
    bad = client.post("/api/takeback", json={"accept": "yes"}, headers=headers)
    assert bad.status_code == 400 and refusal(bad.get_json()) == ("invalid_field", "accept")


def test_in_text_mode_the_question_is_asked_and_answered_in_german(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    text_on(client)
    text_on(guest)
    announced, _alerts = said(client, "takeback")
    assert "You asked to take back your last move." in announced
    guest.set_cookie("ttt_lang", "de")
    shown = board(guest, "/")
    assert "möchte den letzten Zug zurücknehmen" in part(shown, "text-alerts")
    announced, _alerts = said(guest, "ablehnen")
    assert "abgelehnt" in announced
    assert api_game(client)["moves"] == ["B2"]


def test_an_accept_pressed_after_the_asking_was_withdrawn_asks_nothing(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2", "A1"])
    assert _press(guest) == "accepted"
    form = page(client, "/").form("/takeback")  # X's board, showing Accept
    token = {"X-CSRFToken": api_game(guest)["csrf_token"]}
    assert guest.post("/api/takeback", json={"accept": False}, headers=token).status_code == 200
    stale = post(client, "/takeback", {**form.fields, "accept": "1"})
    assert stale.headers["X-Move-Result"] == "refused"
    assert api_game(client)["moves"] == ["B2", "A1"]
    assert "Accept the takeback" not in page(guest, "/").text
