"""Your games through the pages: the games a browser finishes, against the computer, on one
device and online, listed newest first with the record above, replayed and reviewed, and
cleared."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import post
from tests.web.conftest import new_game
from tests.web.pages.test_online import join, move
from tests.web.shown import page
from webapp import create_app

X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def play(client: FlaskClient, cells: list[str]) -> None:
    """Moves through the board's form."""
    for cell in cells:
        post(client, "/move", {"cell": cell})


def record_of(client: FlaskClient) -> dict[str, tuple[int, ...]]:
    """The record table: played, won, drawn and lost against each opponent."""
    html = client.get("/games").get_data(as_text=True)
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th>((?:<td>\d+</td>){4})</tr>', html)
    return {name: tuple(int(n) for n in re.findall(r"\d+", cells)) for name, cells in rows}


def test_a_finished_game_against_the_computer_is_listed_and_counted(client: FlaskClient) -> None:
    new_game(client, "user", "easy", position="XX_OO____")  # practice: listed, not counted
    play(client, ["A3"])
    new_game(client, "user", "hard")
    for cell in ("B2", "A1", "C3", "A3", "C1", "B1", "C2", "A2", "B3"):
        if "Your turn" in page(client, "/").status:
            post(client, "/move", {"cell": cell})
    shown = page(client, "/games")
    assert shown.text.count("Replay and review") >= 3  # the heading and two games
    assert "Computer (hard)" in shown.text and "Computer (easy)" in shown.text
    record = record_of(client)
    assert record["Computer (easy)"] == (0, 0, 0, 0)  # the practice game does not count
    assert record["Computer (hard)"][0] == 1 and record["Computer (hard)"][1] == 0
    assert record["People"] == (0, 0, 0, 0)


def test_an_online_game_is_listed_for_both_players_with_its_ending(app: Flask) -> None:
    host, guest = app.test_client(), app.test_client()
    new_game(host, "user", "friend")
    invite = page(host, "/").link(page(host, "/").ids["invite-link"])
    join(guest, invite.removeprefix("http://localhost"))
    for ply, cell in enumerate(X_WINS):
        move(host if ply % 2 == 0 else guest, cell)
    mine, theirs = page(host, "/games"), page(guest, "/games")
    assert "A friend" in mine.text and "Won" in mine.text and "three in a row" in mine.text
    assert "A friend" in theirs.text and "Lost" in theirs.text
    assert record_of(host)["People"] == (1, 1, 0, 0)
    assert record_of(guest)["People"] == (1, 0, 0, 1)


@pytest.mark.parametrize(
    ("board", "line", "words"), [("5x5", 4, "four in a row"), ("7x7", 5, "five in a row")]
)
def test_a_bigger_boards_game_won_by_a_line_says_how_long_the_line_was(
    client: FlaskClient, board: str, line: int, words: str
) -> None:
    new_game(client, "user", "user", board=board)
    play(client, [cell for n in range(1, line + 1) for cell in (f"A{n}", f"B{n}")][:-1])
    listed = page(client, "/games")
    assert "X won" in listed.text and words in listed.text
    assert "three in a row" not in listed.text
    path = client.get("/games").get_data(as_text=True).split('href="/games/', 1)[1]
    assert words in page(client, "/games/" + path.split('"', 1)[0]).text


def test_the_replay_and_review_of_a_listed_game_and_clearing(client: FlaskClient) -> None:
    new_game(client, "user", "user")
    play(client, X_WINS)
    new_game(client, "user", "user")  # a new game: the old one is only in the list now
    listed = client.get("/games").get_data(as_text=True)
    path = listed.split('href="/games/', 1)[1].split('"', 1)[0]
    shown = page(client, f"/games/{path}")
    assert "X won" in shown.text and "Review" in shown.text
    first = page(client, f"/games/{path}?ply=1")
    assert "After move 1 of 5: X A1" in first.text
    assert client.get("/games/unknown").status_code == 404
    post(client, "/games/clear")
    assert "No finished games yet." in client.get("/games").get_data(as_text=True)
    assert client.get(f"/games/{path}").status_code == 404


def test_a_listed_games_replay_in_text_mode_reads_the_position_by_rows(
    client: FlaskClient,
) -> None:
    """Text mode's board and replay say the position in words; a listed game's replay showed
    its grid of 9 (or 49) buttons' labels instead."""
    new_game(client, "user", "user")
    play(client, X_WINS)
    listed = client.get("/games").get_data(as_text=True)
    path = listed.split('href="/games/', 1)[1].split('"', 1)[0]
    assert client.get("/?text=1").status_code == 200
    shown = page(client, f"/games/{path}")
    assert "text-position" in shown.ids and "Row B: O, O, empty" in shown.text
    assert "X wins with A1, A2, A3." in shown.text
    assert "data-cell=" not in shown.html  # no grid beside the words


def test_a_practice_game_is_listed_as_one_and_left_out_of_the_record(
    client: FlaskClient,
) -> None:
    """The list said "Won" of a game begun from a chosen position, beside a record of none
    played: it did not say that practice is not counted (the API said practice: true)."""
    new_game(client, "user", "user", position="XX_OO____")
    play(client, ["A3"])
    shown = page(client, "/games")
    assert "(practice, not in the record)" in shown.text
    listed = client.get("/api/games").get_json()["games"][0]
    assert listed["practice"] and "does not count" in page(client, f"/games/{listed['game']}").text


@pytest.mark.parametrize("ply", ["9" * 5000, "-1", "²", "6", "1e3"])
def test_a_listed_games_replay_at_no_such_move_shows_its_end(client: FlaskClient, ply: str) -> None:
    new_game(client, "user", "user")
    play(client, X_WINS)
    listed = client.get("/games").get_data(as_text=True)
    path = listed.split('href="/games/', 1)[1].split('"', 1)[0]
    shown = client.get(f"/games/{path}", query_string={"ply": ply})
    assert shown.status_code == 200
    assert "After move 5 of 5: X A3" in shown.get_data(as_text=True)


@pytest.mark.parametrize("number", ["2", "99999"])
def test_a_page_past_the_last_shows_the_last_not_an_empty_list(
    client: FlaskClient, number: str
) -> None:
    new_game(client, "user", "user")
    play(client, X_WINS)
    shown = page(client, f"/games?page={number}")
    assert "No finished games yet." not in shown.text
    assert shown.text.count("Replay and review") == 2  # the column's heading and the game


def test_the_list_survives_a_restart(instance: Path) -> None:
    config = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False}
    client = create_app(config, instance_path=str(instance)).test_client()
    new_game(client, "user", "user")
    play(client, X_WINS)
    cookie = client.get_cookie("ttt_session")
    assert cookie is not None
    restarted = create_app(config, instance_path=str(instance)).test_client()
    restarted.set_cookie("ttt_session", cookie.value)
    listed = restarted.get("/api/games").get_json()
    assert listed["total"] == 1 and listed["games"][0]["moves"] == X_WINS


def test_an_entry_not_of_the_documented_shape_is_left_out_not_a_failure(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_game(client, "user", "easy", position="XX_OO____")
    play(client, ["A3"])  # one game listed
    kept = app.extensions["history"]
    pages = kept.page

    def with_an_odd_one(browser: str, offset: int, limit: int) -> tuple[list[Any], int]:
        entries, total = pages(browser, offset, limit)
        return [{"game_id": "odd-entry", "result": "?"}, *entries], total + 1

    monkeypatch.setattr(kept, "page", with_an_odd_one)
    assert client.get("/games").status_code == 200
    listed = [game["game"] for game in client.get("/api/games").get_json()["games"]]
    assert len(listed) == 1 and "odd-entry" not in listed
    assert client.get("/api/games/odd-entry").status_code == 404
