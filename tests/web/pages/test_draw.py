"""Draw offers in online play: a player offers a draw and the other player accepts (the game
ends drawn by agreement, counted as a draw) or declines, by the board's buttons, the API and
text mode."""

from __future__ import annotations

import html

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, post
from tests.refusals import code, refusal
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
    """Press the board's draw button that sends ``accept`` (none: the one that offers); the
    X-Move-Result."""
    form = page(client, "/").form("/draw")
    assert any(button.get("value", "") == accept for button in form.buttons)
    fields = {**form.fields, **({"accept": accept} if accept else {})}
    result: str = post(client, "/draw", fields).headers["X-Move-Result"]
    return result


def test_offered_on_the_board_and_accepted_the_game_is_drawn_and_counted(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    assert "Offer a draw" in page(client, "/").text
    assert _press(client) == "accepted"
    assert "Draw offered" in page(client, "/").text
    assert "Accept the draw" in page(guest, "/").text
    assert _press(guest, "1") == "accepted"
    for player in (client, guest):
        game = api_game(player)
        assert game["ended_by"] == "agreement" and game["moves"] == ["B2"]
        assert game["score"]["draws"] == 1 and set(game["score"]["wins"].values()) == {0}
        assert page(player, "/").status == "Draw by agreement"
        assert "Offer a draw" not in page(player, "/").text
        listed = player.get("/api/games").get_json()["games"][0]
        assert (listed["result"], listed["ended_by"]) == ("drawn", "agreement")
    assert "draw agreed" in page(client, "/games").text
    shown = client.get(f"/api/games/{listed['game']}").get_json()  # its replay and review
    assert shown["game"]["ended_by"] == "agreement"
    assert [move["cell"] for move in shown["moves"]] == ["B2"]
    assert client.get(f"/games/{listed['game']}").status_code == 200


@pytest.mark.parametrize(
    ("language", "theirs", "yours"),
    [
        ("en", "Your friend offers a draw.", "You offered a draw."),
        ("de", "Dein Freund bietet ein Remis an.", "Du hast ein Remis angeboten."),
        ("fr", "Votre ami propose la nulle.", "Vous avez proposé la nulle."),
        ("es", "Tu amigo ofrece tablas.", "Has ofrecido tablas."),
    ],
)
def test_the_board_says_who_offers_the_draw(
    client: FlaskClient, guest: FlaskClient, joined: None, language: str, theirs: str, yours: str
) -> None:
    """The board showed only Accept/Decline buttons, not who offered what (text mode said it)."""
    play(client, guest, ["B2"])
    assert _press(client) == "accepted"
    for player, line in ((guest, theirs), (client, yours)):
        shown = player.get("/", headers={"Accept-Language": language}).get_data(as_text=True)
        assert f'<p class="offer" role="status">{html.escape(line)}</p>' in shown
    assert _press(guest, "0") == "accepted"  # declined: nothing is said of it any more
    assert 'class="offer"' not in page(guest, "/").html + page(client, "/").html


def test_declined_on_the_board_the_game_goes_on_and_a_move_lets_one_offer_again(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2", "A1"])
    assert _press(guest) == "accepted"
    assert "Decline the draw" in page(client, "/").text
    assert _press(client, "0") == "accepted"
    assert api_game(client)["ended_by"] is None and api_game(client)["moves"] == ["B2", "A1"]
    offer = [b for b in page(guest, "/").form("/draw").buttons if "Offer a draw" in b["text"]]
    assert offer and offer[0].get("disabled") is not None  # once per move
    play(client, guest, ["C3"])
    assert _press(guest) == "accepted"


def test_by_the_api_refusals_have_codes_and_a_move_lapses_the_offer(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    game = api_game(client)
    headers = {"X-CSRFToken": game["csrf_token"]}
    assert game["online"]["draw"] is None
    offered = client.post("/api/draw", json={"version": game["version"]}, headers=headers)
    assert offered.status_code == 200 and offered.get_json()["ended_by"] is None
    assert offered.get_json()["online"]["draw"] == "you"
    assert api_game(guest)["online"]["draw"] == "friend"
    again = client.post("/api/draw", json={}, headers=headers)
    assert again.status_code == 409 and code(again.get_json()) == "draw_offered"
    own = client.post("/api/draw", json={"accept": True}, headers=headers)
    assert own.status_code == 409 and code(own.get_json()) == "own_draw"
    guest_headers = {"X-CSRFToken": api_game(guest)["csrf_token"]}
    play(client, guest, ["A1"])
    assert api_game(guest)["online"]["draw"] is None  # the move answered it
    lapsed = guest.post("/api/draw", json={"accept": True}, headers=guest_headers)
    assert lapsed.status_code == 409 and code(lapsed.get_json()) == "no_draw_offered"
    withdrawn = client.post("/api/draw", json={}, headers=headers)
    assert withdrawn.status_code == 200
    assert client.post("/api/draw", json={"accept": False}, headers=headers).status_code == 200
    once = client.post("/api/draw", json={}, headers=headers)
    assert once.status_code == 409 and code(once.get_json()) == "draw_once"
    bad = client.post("/api/draw", json={"accept": "yes"}, headers=headers)
    assert bad.status_code == 400 and refusal(bad.get_json()) == ("invalid_field", "accept")


def test_in_text_mode_draw_offers_and_decline_answers_the_open_offer(
    client: FlaskClient, guest: FlaskClient, joined: None
) -> None:
    play(client, guest, ["B2"])
    text_on(client)
    text_on(guest)
    announced, _alerts = said(client, "draw")
    assert "You offered a draw." in announced
    assert "offers a draw: type draw to accept" in part(board(guest, "/"), "text-alerts")
    announced, _alerts = said(guest, "decline")
    assert "You declined the draw." in announced
    assert api_game(client)["ended_by"] is None
    said(client, "takeback")  # decline now answers the takeback asked, not the draw
    announced, _alerts = said(guest, "decline")
    assert "You declined the takeback." in announced
    said(guest, "A1")
    said(client, "draw")
    said(guest, "draw")
    assert api_game(client)["ended_by"] == "agreement"
