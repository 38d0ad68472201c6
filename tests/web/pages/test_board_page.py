"""GET /: the board page, its grid, status line, players, moves, score and messages."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post, stored_match


def _page(client: FlaskClient) -> str:
    return client.get("/").get_data(as_text=True)


def test_new_session_shows_an_empty_hot_seat_board(client: FlaskClient) -> None:
    page = _page(client)
    assert '<html lang="en">' in page
    assert re.search(r"<title>Player 1 to move \(X\) · Tic-tac-toe</title>", page)
    assert 'role="status"' in page
    for row in "ABC":
        assert f'<th scope="row">{row}</th>' in page
    for column in "123":
        assert f'<th scope="col">{column}</th>' in page
    buttons = re.findall(r'<button type="submit" name="cell" value="([A-C][1-3])"', page)
    assert buttons == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    assert 'aria-label="B2, empty"' in page
    assert "<dd>Player 1</dd>" in page and "<dd>Player 2</dd>" in page
    assert 'href="/new"' in page
    assert api_game(client)["players"] == {"X": "user", "O": "user"}


def test_cells_are_in_a_form_posting_to_move(client: FlaskClient) -> None:
    page = _page(client)
    form = re.search(r'<form method="post" action="/move"[^>]*>(.*?)</form>', page, re.S)
    assert form and form.group(1).count('name="cell"') == 9
    assert 'name="csrf_token"' in form.group(1)
    # A visitor's match is not stored until their first change: no id yet, version 0.
    assert 'name="match" value=""' in form.group(1) and 'name="version" value="0"' in form.group(1)
    post(client, "/move", {"cell": "B2"})
    fields = dict(re.findall(r'name="(match|version)" value="([^"]*)"', _page(client)))
    assert re.fullmatch(r"[\w-]{22}", fields["match"]) and fields["version"] == "1"


def test_every_button_of_the_board_is_in_the_one_form(client: FlaskClient) -> None:
    """The token and the version appear once; the other buttons name their address."""
    play(client, ("A1", "B1", "A2", "B2", "A3"))
    page = _page(client)
    # Two forms: the mode bar, and the board's, which holds the version.
    assert page.count("<form") == 2 and page.count('name="csrf_token"') == 2
    assert page.count('name="version"') == 1
    actions = re.findall(r'formaction="([^"]+)"', page)
    # The mode bar's Play someone posts to quick pairing; the rest are the board's own.
    assert actions == ["/pair", "/again", "/swap", "/undo", "/score/reset"]


def test_occupied_cells_show_their_mark_and_are_not_buttons(client: FlaskClient) -> None:
    post(client, "/move", {"cell": "B2"})
    page = _page(client)
    assert 'value="B2"' not in page
    assert "B2, X, last move" in page
    assert re.search(r"<title>Player 2 to move \(O\) · ", page)


def test_move_list_and_title_follow_the_game(client: FlaskClient) -> None:
    play(client, ("B2", "A1"))
    page = _page(client)
    moves = re.findall(
        r'<li><a href="/replay/\d\?game=[\w-]+" aria-label="([^"]*)">([XO] [A-C][1-3])<', page
    )
    assert moves == [
        ("X B2: the board after this move", "X B2"),
        ("O A1: the board after this move", "O A1"),
    ]


def test_win_is_shown_highlighted_and_scored(client: FlaskClient) -> None:
    play(client, ("A1", "B1", "A2", "B2", "A3"))
    page = _page(client)
    assert re.search(r"<title>Player 1 wins \(X\) · ", page)
    assert re.search(r'id="status">Player 1 wins \(X\)<', page)
    assert page.count('class="cell win strike-row mark-x') == 3
    assert "A1, X, winning line" in page and "A3, X, last move, winning line" in page
    assert 'name="cell"' not in page  # no more moves offered
    assert "Play again" in page
    assert re.search(r"<dt>Player 1</dt><dd data-seat=\"1\">1<", page)


def test_get_never_changes_the_stored_game(app: Flask, client: FlaskClient) -> None:
    post(client, "/move", {"cell": "C3"})
    before = stored_match(app, client)
    for url in ("/", "/new", "/api/game", "/?hint=1", "/new?x=hard&o=hard", "/missing"):
        client.get(url)
    assert stored_match(app, client) == before
