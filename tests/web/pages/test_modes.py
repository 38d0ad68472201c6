"""The mode bar above the board (POST /mode): change who plays without leaving the board."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.conftest import new_game, state
from tests.web.shown import page


def _mode(client: FlaskClient, mode: str) -> int:
    """Press a button of the mode bar; the status of the answer."""
    shown = page(client)
    form = shown.form("/mode")
    assert any(button.get("value") == mode for button in form.buttons)
    response = post(client, "/mode", {**form.fields, "mode": mode})
    return int(response.status_code)


def _current(client: FlaskClient) -> list[str]:
    """The values of the mode bar's buttons marked as the current mode."""
    return [
        str(attrs["value"])
        for tag, attrs in page(client).elements
        if tag == "button" and attrs.get("name") == "mode" and attrs.get("aria-current") == "true"
    ]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_level_starts_a_game_against_that_computer(client: FlaskClient, level: str) -> None:
    play(client, ("B2",))
    assert _mode(client, level) == 303
    game = api_game(client)
    assert game["players"] == {"X": "user", "O": level} and game["moves"] == []
    assert _current(client) == [level]


def test_a_person_playing_o_keeps_o_when_the_level_changes(client: FlaskClient) -> None:
    new_game(client, "hard", "user")
    assert _mode(client, "easy") == 303
    assert api_game(client)["players"] == {"X": "easy", "O": "user"}


def test_two_players_and_the_current_mode(client: FlaskClient) -> None:
    new_game(client, "user", "medium")
    assert _mode(client, "two") == 303
    assert api_game(client)["players"] == {"X": "user", "O": "user"}
    assert _current(client) == ["two"]
    new_game(client, "hard", "easy")
    assert _current(client) == []  # computers against each other: the setup page's choice


def test_friend_online_opens_an_invite(client: FlaskClient) -> None:
    assert _mode(client, "friend") == 303
    shown = page(client)
    assert shown.status == "Waiting for your friend to join"
    assert _current(client) == ["friend"]
    assert "Restart" in shown.text  # shown, but disabled online: a rematch does that


def test_restart_plays_this_game_again_from_its_start_and_counts_nothing(
    client: FlaskClient,
) -> None:
    new_game(client, "user", "user", "XOOX_____")
    play(client, ("B2",))
    before = api_game(client)
    assert _mode(client, "restart") == 303
    after = api_game(client)
    assert after["board"] == "XOOX_____" and after["moves"] == []
    assert after["game"] != before["game"] and after["tally"] == before["tally"]


def test_an_unknown_mode_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    play(client, ("B2",))
    before = state(client)
    fields = page(client).form("/mode").fields
    response = post(client, "/mode", {**fields, "mode": "impossible"})
    assert response.status_code == 303
    assert "Bad parameters!" in page(client).text
    assert state(client) == before


@pytest.mark.parametrize("board", ["9x9", "5X5", "4x4"])
def test_a_board_the_bar_does_not_offer_is_refused_and_changes_nothing(
    client: FlaskClient, board: str
) -> None:
    play(client, ("B2",))
    before = state(client)
    fields = page(client).form("/mode").fields
    response = post(client, "/mode", {**fields, "mode": "hard", "board": board})
    assert response.headers["X-Move-Result"] == "refused"
    assert "Bad parameters!" in page(client).text
    assert state(client) == before


@pytest.mark.parametrize(
    "posted",
    [
        {"mode": ["hard", "easy"]},
        {"mode": ["restart", "hard"]},
        {"mode": "hard", "board": ["5x5", "7x7"]},
    ],
)
def test_a_field_posted_twice_is_refused_and_changes_nothing(
    client: FlaskClient, posted: dict[str, Any]
) -> None:
    """It played the first value (mode=restart&mode=hard restarted the game)."""
    play(client, ("B2",))
    before = state(client)
    fields = page(client).form("/mode").fields
    response = post(client, "/mode", {**fields, **posted})
    assert response.headers["X-Move-Result"] == "refused"
    assert "Bad parameters!" in page(client).text
    assert state(client) == before


def test_the_mode_bar_needs_the_csrf_token(client: FlaskClient) -> None:
    before = state(client)
    assert client.post("/mode", data={"mode": "hard"}).status_code == 400
    assert state(client) == before


def test_an_online_game_in_play_is_not_left_from_the_mode_bar(
    client: FlaskClient, app: Flask
) -> None:
    assert _mode(client, "friend") == 303
    invite = page(client).link(page(client).ids["invite-link"]).removeprefix("http://localhost")
    friend = app.test_client()
    post(friend, invite)
    before = state(client)
    shown = page(client)
    hard = [a for tag, a in shown.elements if tag == "button" and a.get("value") == "hard"]
    assert "disabled" in hard[0]
    response = post(client, "/mode", {**shown.form("/mode").fields, "mode": "hard"})
    assert response.status_code == 303
    assert "Resign or abort this online game first" in page(client).text
    assert state(client) == before


def test_an_online_match_nobody_joined_is_left_for_another_mode(client: FlaskClient) -> None:
    assert _mode(client, "friend") == 303
    assert api_game(client)["online"]["full"] is False
    assert _mode(client, "hard") == 303
    assert api_game(client)["online"] is None and api_game(client)["players"]["O"] == "hard"
