"""Stale forms: a post made for another game, or an earlier move, plays nothing."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_session

STALE = "This board has changed since the page was shown; nothing was played."


def _form_fields(client: FlaskClient) -> dict[str, str]:
    page = client.get("/").get_data(as_text=True)
    game = re.search(r'name="game" value="([^"]+)"', page)
    ply = re.search(r'name="ply" value="([^"]+)"', page)
    assert game and ply
    return {"game": game.group(1), "ply": ply.group(1)}


def test_double_click_plays_once(app: Flask, client: FlaskClient) -> None:
    fields = _form_fields(client)
    first = post(client, "/move", {"cell": "B2", **fields})
    second = post(client, "/move", {"cell": "A1", **fields})
    assert first.headers["X-Move-Result"] == "accepted"
    assert second.status_code == 303 and second.headers["Location"] == "/"
    assert second.headers["X-Move-Result"] == "refused"
    assert api_game(client)["moves"] == ["B2"]
    assert STALE in client.get("/").get_data(as_text=True)


def test_back_button_form_is_refused(client: FlaskClient) -> None:
    old = _form_fields(client)
    post(client, "/move", {"cell": "B2", **_form_fields(client)})
    post(client, "/move", {"cell": "A1", **_form_fields(client)})
    post(client, "/move", {"cell": "C3", **old})
    assert api_game(client)["moves"] == ["B2", "A1"]


def test_tab_left_open_across_a_new_game_is_refused(app: Flask, client: FlaskClient) -> None:
    old = _form_fields(client)
    post(client, "/new", {"x": "user", "o": "user"})
    before = stored_session(app, client)
    post(client, "/move", {"cell": "B2", **old})
    after = stored_session(app, client)
    assert before and after and after["game"] == before["game"]
    assert STALE in client.get("/").get_data(as_text=True)


def test_second_tab_step_buttons_are_refused(client: FlaskClient) -> None:
    post(client, "/new", {"x": "easy", "o": "easy"})
    fields = _form_fields(client)
    post(client, "/step", fields)
    post(client, "/step", fields)
    post(client, "/finish", fields)
    assert len(api_game(client)["moves"]) == 1


def test_garbage_ply_is_stale(client: FlaskClient) -> None:
    fields = _form_fields(client)
    post(client, "/move", {"cell": "B2", "game": fields["game"], "ply": "zero"})
    assert api_game(client)["moves"] == []


def test_play_again_and_swap_from_an_old_tab_keep_the_current_game(client: FlaskClient) -> None:
    play(client, ("A1", "B1", "A2", "B2", "A3"))
    finished = _form_fields(client)  # the old tab shows the finished game
    post(client, "/again", finished)  # the other tab starts the next game...
    post(client, "/move", {"cell": "C3", **_form_fields(client)})  # ...and plays in it
    for url in ("/again", "/swap"):
        response = post(client, url, finished)
        assert response.headers["X-Move-Result"] == "refused"
        assert api_game(client)["moves"] == ["C3"]
    assert STALE in client.get("/").get_data(as_text=True)
