"""The board page of a version not shown before, made from the page of the state it shows (in
another game, match or browser): byte for byte the page made for that version alone."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import play, post
from tests.web.conftest import new_game
from webapp.web.pages import whole_pages

WIN = ["A1", "B1", "A2", "B2", "A3"]  # hot seat: X wins on row A


def _page(client: FlaskClient, path: str = "/") -> str:
    """The board page at ``path`` as served (kept by its version and its state), checked
    against the same page made for this request alone."""
    served = client.get(path).get_data(as_text=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(whole_pages, "key", lambda current, viewed: None)  # nothing kept
        alone = client.get(path).get_data(as_text=True)
    assert served == alone
    return served


def _walk(client: FlaskClient, steps: list[tuple[str, dict[str, str]]]) -> list[str]:
    """The pages after each step (a form posted; a move to the first of its cells that is
    free, as the computer's replies vary), each checked by ``_page``, with a hint."""
    pages = [_page(client)]
    for url, form in steps:
        if url == "/move":
            free = re.findall(r'name="cell" value="(\w+)"', pages[-1])
            form = {"cell": next(cell for cell in form["cell"].split() if cell in free)}
        assert post(client, url, form).status_code == 303
        pages += [_page(client), _page(client, "/?hint=1")]
        assert 'class="messages"' not in pages[-2]  # nothing refused
    return pages


def _moves(cells: list[str]) -> list[tuple[str, dict[str, str]]]:
    return [("/move", {"cell": cell}) for cell in cells]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_walk_of_every_kind_of_board_shows_each_version_as_made_alone(
    client: FlaskClient, language: str
) -> None:
    client.set_cookie("ttt_lang", language)
    hot_seat = [*_moves(WIN[:2]), ("/undo", {}), *_moves(WIN[1:]), ("/again", {})]
    _walk(client, [*hot_seat, *_moves(WIN), ("/again", {}), *_moves(WIN[:3])])
    new_game(client, "user", "hard")
    _walk(client, [*_moves(["B2"]), ("/undo", {}), *_moves(["A1", "C3 A3 C1"])])
    new_game(client, "hard", "user")
    _walk(client, _moves(["B2 A1"]))
    _walk(client, [("/mode", {"mode": "medium", "board": "5x5"}), *_moves(["C3 B3", "B2 D4 A1"])])


def test_a_state_shown_again_in_a_new_game_shows_that_games_ids_and_score(
    app: Flask, client: FlaskClient
) -> None:
    new_game(client, "user", "user")
    first = _walk(client, _moves(WIN[:3]))
    play(client, WIN[3:])
    post(client, "/again")  # X won: 1 to 0, and O plays X in the new game
    new_game(client, "user", "user")  # X again, the score kept
    made = whole_pages.states_made()
    again = _walk(client, _moves(WIN[:3]))
    assert whole_pages.states_made() == made  # each state's page was kept
    assert again != first
    game_ids = [set(re.findall(r"\?game=([\w-]+)", page)) for page in (first[-2], again[-2])]
    assert len(game_ids[0]) == len(game_ids[1]) == 1 and game_ids[0] != game_ids[1]
    assert '<dd data-seat="1">0</dd>' in first[-2] and '<dd data-seat="1">1</dd>' in again[-2]
    # Another browser's match in the same state: its own match id in the form.
    other = app.test_client()
    new_game(other, "user", "user")
    theirs = _walk(other, _moves(WIN[:3]))
    assert whole_pages.states_made() == made
    form_match = re.compile(r'name="match" value="([\w-]+)"')
    match_ids = [form_match.findall(page) for page in (again[-2], theirs[-2])]
    assert match_ids[0] and match_ids[1] and match_ids[0] != match_ids[1]
