"""Replay: GET /replay/<n> shows the board after move n, read-only, with step controls."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.conftest import new_game, state
from tests.web.pages import test_online as online
from tests.web.shown import Page, page
from webapp.engine import Game

WIN = ["A1", "B1", "A2", "B2", "A3"]  # X wins on the top row


def board_of(shown: Page) -> str:
    """The position a page shows, as a position string."""
    marks = []
    for label in shown.cells().values():
        mark = label.split(", ")[1]
        marks.append("_" if mark == "empty" else mark)
    return "".join(marks)


def test_each_move_links_to_the_board_after_it(client: FlaskClient) -> None:
    play(client, WIN[:3])
    shown = page(client)
    game_id = api_game(client)["game"]
    assert [href for href, text in shown.links if href.startswith("/replay/")] == [
        f"/replay/{ply}?game={game_id}" for ply in (1, 2, 3, 0)
    ]
    boards = Game.from_dict({"x": "user", "o": "user", "start": "_" * 9, "moves": WIN[:3]}).boards
    for ply in range(4):
        replayed = page(client, f"/replay/{ply}")
        assert board_of(replayed) == boards[ply].to_string()


def test_a_finished_game_can_be_stepped_through_move_by_move(client: FlaskClient) -> None:
    play(client, WIN)
    assert api_game(client)["status"] == "X wins"
    url, seen, captions = "/replay/0", [], []
    while True:
        shown = page(client, url)
        seen.append(board_of(shown))
        captions.append(shown.ids["caption"])
        if not any(text == "Next" for _, text in shown.links):
            break
        url = shown.link("Next")
    game = Game.from_dict({"x": "user", "o": "user", "start": "_" * 9, "moves": WIN})
    assert seen == [board.to_string() for board in game.boards]
    assert captions[0] == "Start position, before move 1 of 5"
    assert captions[3] == "After move 3 of 5: X A2"
    assert shown.status == "Player 1 wins (X)" and shown.ids["caption"] == "After move 5 of 5: X A3"
    assert "win" in shown.html  # the winning line is marked in the last board


def test_first_previous_next_last(client: FlaskClient) -> None:
    play(client, WIN[:4])
    middle = page(client, "/replay/2")
    named = f"?game={api_game(client)['game']}"
    assert middle.link("First") == "/replay/0" + named
    assert middle.link("Previous") == "/replay/1" + named
    assert middle.link("Next") == "/replay/3" + named
    assert middle.link("Last") == "/replay/4" + named
    assert middle.link("Back to the live game") == "/"
    first = page(client, "/replay/0")
    assert {"First", "Previous"}.isdisjoint(text for _, text in first.links)
    assert '<span class="button disabled">Previous</span>' in first.html
    last = page(client, "/replay/4")
    assert {"Next", "Last"}.isdisjoint(text for _, text in last.links)
    assert last.status == "Player 1 to move (X)"


def test_replay_is_read_only(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    post(client, "/move", {"cell": "B2"})
    before = state(client)
    shown = page(client, "/replay/1")
    assert not shown.forms
    assert not any(tag == "button" for tag, _ in shown.elements)
    assert board_of(shown) == "____X____"
    assert state(client) == before


def test_replay_of_a_game_from_a_position_starts_there(client: FlaskClient) -> None:
    new_game(client, "user", "user", "XOXO_____")
    post(client, "/move", {"cell": "B2"})
    assert board_of(page(client, "/replay/0")) == "XOXO_____"
    assert board_of(page(client, "/replay/1")) == "XOXOX____"


def test_a_move_the_game_does_not_have_is_not_found(client: FlaskClient) -> None:
    play(client, ["A1"])
    response = client.get("/replay/2")
    assert response.status_code == 404
    assert "This game has no move 2; it has 1." in response.get_data(as_text=True)
    assert client.get("/replay/-1").status_code == 404
    assert client.get("/replay/x").status_code == 404


def test_a_replay_link_of_an_earlier_game_says_so_and_never_shows_the_new_game(
    client: FlaskClient,
) -> None:
    play(client, WIN)
    old_link = page(client).link("Replay from the start")
    assert page(client, old_link).ids["caption"] == "Start position, before move 1 of 5"
    post(client, "/again")
    play(client, ["B2", "A1", "C3"])
    response = client.get(old_link.replace("/replay/0", "/replay/3"))
    assert response.status_code == 404
    text = response.get_data(as_text=True)
    assert "This replay link is for another game than the one this browser is playing" in text
    assert 'href="/"' in text  # back to the game
    assert client.get("/replay/3").status_code == 200  # a link without a game: the current one
    assert client.get("/replay/3?game=").status_code == 200


@pytest.mark.parametrize("display", ["", "?text=1"])
def test_a_spectators_replay_links_show_the_watched_game(
    client: FlaskClient, guest: FlaskClient, joined: str, display: str
) -> None:
    online.play(client, guest, ["B2", "A1", "C3"])
    watch = api_game(client)["online"]["watch"].removeprefix("http://localhost")
    spectator = client.application.test_client()
    new_game(spectator, "user", "easy")  # a game of its own, which the links are not for
    links = _replay_links(spectator.get(watch + display).get_data(as_text=True))
    assert links, "the watched board links to no replay"
    start = next(link for link in links if link.startswith("/replay/0"))
    shown = spectator.get(start)
    assert shown.status_code == 200
    html = shown.get_data(as_text=True)
    assert "Start position, before move 1 of 3" in html
    steps = _replay_links(html)
    assert steps and all(spectator.get(step).status_code == 200 for step in steps + links)
    assert watch in html  # Back to the live game: the watched board


def test_an_online_games_replay_never_calls_the_other_person_the_computer(
    client: FlaskClient, guest: FlaskClient, joined: str
) -> None:
    """The replay of an online game, live or from Your games, said "The computer to move (O)"
    and "The computer wins (X)" of the friend or the stranger met by quick pairing."""
    online.play(client, guest, ["A1", "B1", "A2", "B2"])
    game_id = api_game(client)["game"]
    assert page(client, f"/replay/3?game={game_id}").status == "Your friend to move (O)"
    assert page(guest, f"/replay/2?game={game_id}").status == "Your friend to move (X)"
    online.play(client, guest, ["A3"])
    listed = guest.get("/api/games").get_json()["games"][0]["game"]
    assert page(guest, f"/games/{listed}").status == "Your friend wins (X)"


def _replay_links(html: str) -> list[str]:
    """The replay links of a page, as a browser follows them."""
    return [link.replace("&amp;", "&") for link in re.findall(r'href="(/replay/[^"]+)"', html)]
