"""Quick pairing through the pages: Play someone, the waiting page, Cancel, the computer
offered after a while, and the boards of the two players it seats."""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import MovableClock, api_game, post
from tests.web.conftest import new_game
from tests.web.pages.test_online import fields
from tests.web.shown import page
from webapp import create_app

REFRESH = '<noscript><meta http-equiv="refresh" content="2"></noscript>'


def api_name(client: FlaskClient) -> str:
    """The browser's drawn name, in English."""
    return str(client.get("/api/name").get_json()["name"])


def press(client: FlaskClient) -> str:
    """Press Play someone; where it leads."""
    response = post(client, "/pair")
    assert response.status_code == 303
    return str(response.headers["Location"])


def test_the_first_seeker_waits_and_the_second_seats_both(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    assert press(first) == "/pair"
    waiting = first.get("/pair").get_data(as_text=True)
    assert "Waiting for someone to play" in waiting and REFRESH in waiting
    assert (
        "Cancel" in waiting
        and '<section class="panel" id="offer" aria-labelledby="offer-heading" hidden>' in waiting
    )
    assert press(second) == "/"
    assert first.get("/pair").headers["Location"] == "/"  # its match is made: to the board
    one, two = api_game(first), api_game(second)
    assert one["online"]["watch"] == two["online"]["watch"]  # the same match
    assert {one["you"], two["you"]} == {"X", "O"}
    assert one["online"]["full"] and one["clock"]["per_move"] == 30
    assert one["clock"]["seconds_left"] in (29, 30)
    shown = page(second, "/")
    first_name, second_name = api_name(first), api_name(second)
    assert f"You ({second_name})" in shown.text and first_name in shown.text
    assert "Your friend" not in shown.text and "Your opponent" not in shown.text
    assert "You are playing someone online: you play" in shown.text
    assert f"You ({first_name})" in page(first, "/").text  # the waiter named its seat
    seen = {seat["name"] for seat in api_game(first)["seats"]}
    assert seen == {first_name, second_name}
    assert first.get("/pair").headers["Location"] == "/"  # no longer waiting


def test_two_tabs_of_one_browser_are_one_seeker(app: Flask) -> None:
    browser = app.test_client()
    assert press(browser) == "/pair"
    assert press(browser) == "/pair"  # the other tab: the same place in the queue
    other = app.test_client()
    assert press(other) == "/"
    assert browser.get("/pair").headers["Location"] == "/"
    assert api_game(browser)["online"]["full"]
    third = app.test_client()
    assert press(third) == "/pair"  # nobody else waits: the browser was seated once


def test_cancel_stops_waiting_and_a_second_cancel_is_refused(app: Flask) -> None:
    client = app.test_client()
    press(client)
    assert post(client, "/pair/cancel").headers["X-Move-Result"] == "accepted"
    refused = post(client, "/pair/cancel", follow_redirects=True).get_data(as_text=True)
    assert "You are not waiting for an opponent." in refused
    assert client.get("/pair").headers["Location"] == "/"
    other = app.test_client()
    assert press(other) == "/pair"  # the one who cancelled is not met


def test_after_the_patience_the_computer_is_offered(app: Flask) -> None:
    app.config["PAIR_PATIENCE"] = 0
    client = app.test_client()
    press(client)
    waiting = client.get("/pair").get_data(as_text=True)
    assert (
        "Play the computer instead?" in waiting
        and 'id="offer" aria-labelledby="offer-heading">' in waiting
    )
    response = post(client, "/pair/computer", {"level": "hard"})
    assert response.headers["Location"] == "/"
    assert api_game(client)["players"] in ({"X": "user", "O": "hard"}, {"X": "hard", "O": "user"})
    assert press(app.test_client()) == "/pair"  # it left the queue


def test_play_someone_is_refused_during_an_online_game(app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    press(first)
    press(second)
    refused = post(second, "/pair", follow_redirects=True).get_data(as_text=True)
    assert "Resign or abort this online game first" in refused


def test_the_board_and_the_setup_form_offer_play_someone(client: FlaskClient) -> None:
    for path in ("/", "/new"):
        assert "Play someone" in client.get(path).get_data(as_text=True)


def test_an_opponent_met_by_pairing_is_called_so_when_away(clock: MovableClock, app: Flask) -> None:
    first, second = app.test_client(), app.test_client()
    press(first)
    press(second)
    first.get("/pair")
    x, o = (first, second) if api_game(first)["you"] == "X" else (second, first)
    assert post(x, "/move", {**page(x, "/").form("/move").fields, "cell": "B2"}).status_code == 303
    page(o, "/")  # O was here just now, then leaves
    refused = post(x, "/claim", page(x, "/").form("/abort").fields, follow_redirects=True)
    assert "Your opponent's clock is running" in html.unescape(refused.get_data(as_text=True))
    # A paired game's 30 s a move ends it on time long before 2 minutes of absence: the words
    # of a claim are read in a paired match stored without a clock (as made before clocks).
    store = app.extensions["match_store"]
    with store.locked(api_game(x)["online"]["watch"].rsplit("/", 1)[1]) as record:
        record.data = {**record.data, "clock": 0, "deadline": 0.0}
    clock.advance(121)
    shown = page(x, "/")
    assert shown.has_form("/claim")
    assert "Your opponent has been away for 2 minutes." in shown.text
    assert "Your friend" not in shown.text


def test_the_waiters_name_arriving_makes_no_board_stale(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("webapp.rules.pairing.tossed", lambda: True)  # the arriving one is X
    waiter, arriving = app.test_client(), app.test_client()
    press(waiter)
    press(arriving)
    form = fields(arriving)  # X's board, before the waiter came and named its seat
    waiter.get("/pair")
    assert api_game(waiter)["version"] > int(form["version"])
    moved = post(arriving, "/move", {**form, "cell": "B2"})
    assert moved.headers["X-Move-Result"] == "accepted"
    assert api_name(waiter) in page(arriving, "/").text  # shown from the next change on


def _paired_and_aborted(app: Flask) -> tuple[FlaskClient, str]:
    """A waiter paired by Play someone, at the match made for it, its game aborted; and that
    match's watch link."""
    first, second = app.test_client(), app.test_client()
    press(first)
    press(second)
    first.get("/pair")  # the waiter enters the match made for it
    paired = str(api_game(first)["online"]["watch"])
    assert post(first, "/abort", page(first, "/").form("/abort").fields).status_code == 303
    return first, paired


def _met_on_5x5(app: Flask, waiter: FlaskClient) -> dict[str, Any]:
    """``waiter``, seeking on 5x5, met by a new seeker there; the game it is taken to."""
    third = app.test_client()
    assert post(third, "/pair", {"board": "5x5"}).headers["Location"] == "/"
    assert waiter.get("/pair").headers["Location"] == "/"
    met = api_game(waiter)
    assert met["online"]["watch"] == api_game(third)["online"]["watch"]
    return met


def test_a_pairing_match_left_for_another_game_is_not_gone_back_to(app: Flask) -> None:
    first, paired = _paired_and_aborted(app)
    new_game(first, "user", "easy")  # and leaves it for a game against the computer
    assert first.get("/pair").headers["Location"] == "/"  # an old waiting page's refresh
    assert api_game(first)["players"] == {"X": "user", "O": "easy"}  # still at that game
    assert press(first) == "/pair"  # Play someone seeks anew, in every pool
    assert post(first, "/pair", {"board": "5x5"}).headers["Location"] == "/pair"
    met = _met_on_5x5(app, first)
    assert met["online"]["watch"] not in (paired, None) and met["online"]["full"]


def test_a_seek_on_another_board_from_a_paired_game_over_waits_there(app: Flask) -> None:
    first, paired = _paired_and_aborted(app)
    # Still at that game, over: Play someone on 5x5 waits there, not taken back to it.
    assert post(first, "/pair", {"board": "5x5"}).headers["Location"] == "/pair"
    assert first.get("/pair").status_code == 200  # waiting
    met = _met_on_5x5(app, first)
    assert met["online"]["watch"] not in (paired, None)


@pytest.mark.parametrize("board", ["9x9", "3X3", "5x5 "])
def test_a_board_no_form_offers_is_refused_and_nobody_waits(app: Flask, board: str) -> None:
    client = app.test_client()
    refused = post(client, "/pair", {"board": board})
    assert refused.headers["X-Move-Result"] == "refused"
    assert "Bad parameters!" in page(client, "/").text
    assert client.get("/api/pair").get_json()["state"] == "idle"
    assert press(app.test_client()) == "/pair"  # nobody was waiting to meet


def test_a_board_posted_twice_is_refused_and_nobody_waits(app: Flask) -> None:
    """It sought on the first board posted."""
    client = app.test_client()
    refused = post(client, "/pair", {"board": ["5x5", "7x7"]})
    assert refused.headers["X-Move-Result"] == "refused"
    assert "Bad parameters!" in page(client, "/").text
    assert client.get("/api/pair").get_json()["state"] == "idle"


def test_a_level_posted_twice_is_refused_and_the_seeker_still_waits(app: Flask) -> None:
    """It began a game against the first level posted."""
    app.config["PAIR_PATIENCE"] = 0
    client = app.test_client()
    press(client)
    refused = post(client, "/pair/computer", {"level": ["easy", "hard"]})
    assert refused.headers["X-Move-Result"] == "refused"
    assert client.get("/api/pair").get_json()["state"] == "waiting"
    assert api_game(client)["players"] == {"X": "user", "O": "user"}


@pytest.mark.parametrize("level", ["god", "", "user"])
def test_a_level_no_button_posts_is_refused_and_the_seeker_still_waits(
    app: Flask, level: str
) -> None:
    app.config["PAIR_PATIENCE"] = 0
    client = app.test_client()
    press(client)
    refused = post(client, "/pair/computer", {"level": level})
    assert refused.headers["X-Move-Result"] == "refused"
    assert client.get("/api/pair").get_json()["state"] == "waiting"
    assert api_game(client)["players"] == {"X": "user", "O": "user"}  # no game was begun


@pytest.mark.parametrize("board", ["5x5", "7x7"])
def test_the_computer_instead_plays_on_the_board_waited_for(app: Flask, board: str) -> None:
    app.config["PAIR_PATIENCE"] = 0
    client = app.test_client()
    assert post(client, "/pair", {"board": board}).headers["Location"] == "/pair"
    assert post(client, "/pair/computer", {"level": "easy"}).headers["Location"] == "/"
    game = api_game(client)
    assert game["size"] == int(board[0]) and game["players"] == {"X": "user", "O": "easy"}
    assert post(app.test_client(), "/pair", {"board": board}).headers["Location"] == "/pair"


def test_a_waiting_page_learns_of_a_match_its_browser_sought_in_another_tab(
    instance: Path,
) -> None:
    made = create_app(
        {"SECRET_KEY": "k", "TESTING": True, "LIMITS": False, "HEARTBEAT": 0.05},
        instance_path=str(instance),
    )
    try:
        browser, other = made.test_client(), made.test_client()
        assert press(browser) == "/pair"  # the first tab waits on 3x3, and opens its stream
        stream = browser.get("/pair/events", buffered=False)
        chunks = stream.response
        assert post(browser, "/pair", {"board": "5x5"}).headers["Location"] == "/pair"  # tab 2
        assert post(other, "/pair", {"board": "5x5"}).headers["Location"] == "/"  # meets it
        heard = list(itertools.islice(chunks, 5))  # a few heartbeats, at most
        assert any(b'"moved"' in chunk for chunk in heard), heard
        stream.close()
    finally:
        made.extensions["live"].stop()


def test_the_computer_instead_posted_again_keeps_the_game_it_began(app: Flask) -> None:
    app.config["PAIR_PATIENCE"] = 0
    client = app.test_client()
    press(client)
    form = page(client, "/pair").form("/pair/computer").fields
    assert post(client, "/pair/computer", {**form, "level": "easy"}).headers["Location"] == "/"
    post(client, "/move", {"cell": "B2"})
    before = api_game(client)
    again = post(client, "/pair/computer", {**form, "level": "hard"})  # the old page's button
    assert again.headers["X-Move-Result"] == "refused"
    assert "You are not waiting for an opponent." in page(client, "/").text
    after = api_game(client)
    assert (after["moves"], after["players"], after["game"]) == (
        before["moves"],
        before["players"],
        before["game"],
    )


@pytest.mark.parametrize(
    ("board", "language", "said"),
    [
        ("3x3", "en", "Board: 3x3, 3 in a row"),
        ("5x5", "en", "Board: 5x5, 4 in a row"),
        ("7x7", "de", "Spielfeld: 7x7, 5 in einer Reihe"),
        ("5x5", "fr", "Plateau : 5x5, 4 alignés"),
        ("7x7", "es", "Tablero: 7x7, 5 en línea"),
    ],
)
def test_the_waiting_page_says_the_board_waited_for(
    app: Flask, board: str, language: str, said: str
) -> None:
    client = app.test_client()
    assert post(client, "/pair", {"board": board}).headers["Location"] == "/pair"
    shown = client.get("/pair", headers={"Accept-Language": language}).get_data(as_text=True)
    assert f'<p id="pair-board">{html.escape(said)}</p>' in shown


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", r"Waiting for someone to play: 2:0\d so far\."),
        ("de", r"Warten auf jemanden zum Spielen: bisher 2:0\d\."),
        ("fr", r"En attente de quelqu.un pour jouer : 2:0\d jusqu.ici\."),
        ("es", r"Esperando a alguien para jugar: 2:0\d hasta ahora\."),
    ],
)
def test_the_waiting_page_says_how_long_in_minutes_and_seconds(
    app: Flask, clock: MovableClock, language: str, said: str
) -> None:
    """It said "Waiting for someone to play: 125 seconds so far." without JavaScript."""
    client = app.test_client()
    press(client)
    clock.advance(125)
    shown = client.get("/pair", headers={"Accept-Language": language}).get_data(as_text=True)
    assert re.search(said, html.unescape(shown)), shown
