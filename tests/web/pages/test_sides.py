"""Who starts: the coin toss, Play again and Swap sides, and the score counted by player."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.web.conftest import new_game, state
from tests.web.shown import page, submit
from webapp.rules import actions


class FixedCoin:
    """A coin that always lands the same way."""

    def __init__(self, swap: bool) -> None:
        self.swap = swap

    def random(self) -> float:
        """Below one half swaps the players."""
        return 0.0 if self.swap else 0.99


@pytest.fixture
def heads(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coin swaps the two chosen players."""
    monkeypatch.setattr(actions, "coin", FixedCoin(swap=True))


@pytest.fixture
def tails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coin keeps the players as chosen."""
    monkeypatch.setattr(actions, "coin", FixedCoin(swap=False))


def test_the_setup_form_offers_the_coin_toss(client: FlaskClient) -> None:
    shown = page(client, "/new")
    toss = next(a for tag, a in shown.elements if tag == "input" and a.get("name") == "toss")
    assert toss["type"] == "checkbox" and toss["aria-describedby"] == "toss-help"
    assert "Toss a coin for who plays X" in shown.text


@pytest.mark.usefixtures("heads")
def test_heads_swaps_the_chosen_players(client: FlaskClient) -> None:
    new_game(client, "user", "hard", toss="1")
    game = api_game(client)
    assert game["players"] == {"X": "hard", "O": "user"}
    assert game["names"] == {"X": "Computer (hard)", "O": "You"}
    assert game["ply"] == 1  # the computer, now X, has opened
    assert "The coin toss chose the computer to play X." in page(client).text


@pytest.mark.usefixtures("tails")
def test_tails_keeps_the_chosen_players(client: FlaskClient) -> None:
    new_game(client, "user", "hard", toss="1")
    assert api_game(client)["players"] == {"X": "user", "O": "hard"}
    assert "The coin toss chose you to play X." in page(client).text


@pytest.mark.usefixtures("heads")
def test_a_hot_seat_toss_lets_player_2_play_x(client: FlaskClient) -> None:
    new_game(client, "user", "user", toss="1")
    assert api_game(client)["names"] == {"X": "Player 2", "O": "Player 1"}
    assert "The coin toss chose Player 2 to play X." in page(client).text


def test_without_the_toss_nothing_is_swapped_or_said(client: FlaskClient) -> None:
    new_game(client, "hard", "user")
    assert api_game(client)["players"] == {"X": "hard", "O": "user"}
    assert "coin" not in page(client).text


def test_the_real_coin_lands_both_ways() -> None:
    tosses = {actions.tossed() for _ in range(200)}  # both sides: 1 - 2**-199
    assert tosses == {True, False}


def win_hot_seat_as(client: FlaskClient, mark: str) -> None:
    """Finish the current hot-seat game (from the empty board) with a win for ``mark``."""
    cells = ["A1", "B1", "A2", "B2", "A3"] if mark == "X" else ["C3", "A1", "B1", "A2", "C1", "A3"]
    play(client, cells)
    assert api_game(client)["status"] == f"{mark} wins"


def test_swap_sides_keeps_the_score_with_the_players(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")  # Player 1 plays X
    shown = page(client)
    assert shown.score() == {"Player 1": 1, "Player 2": 0, "Draws": 0}
    assert shown.link("New game") == "/new"
    submit(client, "/swap")
    game = api_game(client)
    assert game["names"] == {"X": "Player 2", "O": "Player 1"} and game["moves"] == []
    win_hot_seat_as(client, "O")  # Player 1 again, now as O
    assert page(client).score() == {"Player 1": 2, "Player 2": 0, "Draws": 0}
    final = api_game(client)
    assert final["tally"] == {"wins": {"Player 1": 2, "Player 2": 0}, "draws": 0, "practice": False}


def test_play_again_keeps_the_sides(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")
    submit(client, "/swap")
    win_hot_seat_as(client, "X")  # Player 2 wins as X
    submit(client, "/again")
    game = api_game(client)
    assert game["names"] == {"X": "Player 2", "O": "Player 1"} and game["moves"] == []
    assert page(client).score() == {"Player 1": 1, "Player 2": 1, "Draws": 0}


def test_after_a_game_play_again_and_swap_sides_are_offered(client: FlaskClient) -> None:
    assert not page(client).has_form("/swap")
    win_hot_seat_as(client, "X")
    shown = page(client)
    assert shown.form("/again").buttons[0]["text"].strip() == "Play again"
    assert shown.form("/swap").buttons[0]["text"].strip() == "Swap sides"


def test_you_and_the_computer_are_counted_whatever_mark_you_play(client: FlaskClient) -> None:
    new_game(client, "user", "hard")
    for cell in ("A1", "A2", "C3"):  # hard answers B2, A3, then wins at C1
        post(client, "/move", {"cell": cell})
    assert api_game(client)["status"] == "O wins"
    assert page(client).score() == {"You": 0, "Computer (hard)": 1, "Draws": 0}
    submit(client, "/swap")
    game = api_game(client)
    assert game["players"] == {"X": "hard", "O": "user"}
    assert game["names"] == {"X": "Computer (hard)", "O": "You"}
    assert page(client).score() == {"You": 0, "Computer (hard)": 1, "Draws": 0}


def test_two_computers_are_named_by_level_or_by_number(client: FlaskClient) -> None:
    new_game(client, "easy", "hard")
    assert api_game(client)["names"] == {"X": "Computer (easy)", "O": "Computer (hard)"}
    new_game(client, "hard", "hard")
    assert api_game(client)["names"] == {"X": "Computer 1", "O": "Computer 2"}
    post(client, "/finish", {})
    submit(client, "/swap")
    assert api_game(client)["names"] == {"X": "Computer 2", "O": "Computer 1"}
    assert "Computer 2 (hard)" in page(client).text  # the players panel adds the level


def test_draws_are_counted(client: FlaskClient) -> None:
    for cell in ("B2", "A1", "A3", "C1", "B1", "B3", "A2", "C2", "C3"):
        post(client, "/move", {"cell": cell})
    assert api_game(client)["status"] == "Draw"
    assert page(client).score()["Draws"] == 1


def test_only_reset_score_resets_the_score(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")
    submit(client, "/again")
    assert api_game(client)["tally"]["wins"]["Player 1"] == 1
    before = state(client)
    response = submit(client, "/score/reset")
    assert response.status_code == 303
    after = state(client)
    assert after["tally"] == {"wins": {"Player 1": 0, "Player 2": 0}, "draws": 0, "practice": False}
    assert after["score"] == {"wins": {"1": 0, "2": 0}, "draws": 0}
    unchanged = {"tally": None, "score": None, "version": None}
    assert {**after, **unchanged} == {**before, **unchanged}
    assert "Score reset." in page(client).text


def test_other_players_start_another_score(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")
    new_game(client, "user", "easy")
    assert api_game(client)["tally"]["wins"] == {"You": 0, "Computer (easy)": 0}
    new_game(client, "user", "user")
    assert api_game(client)["tally"]["wins"] == {"Player 1": 0, "Player 2": 0}


def test_reset_score_needs_the_csrf_token(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")
    assert client.post("/score/reset").status_code == 400
    assert api_game(client)["tally"]["wins"]["Player 1"] == 1


def test_undo_after_a_reset_does_not_take_the_score_below_zero(client: FlaskClient) -> None:
    win_hot_seat_as(client, "X")
    submit(client, "/score/reset")
    submit(client, "/undo")
    assert page(client).score()["Player 1"] == 0
    post(client, "/move", {"cell": "A3"})
    assert page(client).score()["Player 1"] == 1
