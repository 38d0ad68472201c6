"""A match: the score counted once per game, new games, sides, and its plain-data form."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from tests.imports import assert_imports_no_web_stack
from webapp.engine import Board, Game
from webapp.rules import (
    FinishedPositionError,
    LostMatchError,
    Match,
    Score,
    names,
    person_moves,
    take_back,
)

X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def hot_seat(cells: list[str]) -> Match:
    """A hot-seat match after ``cells``, each played through the rules."""
    match = Match()
    for cell in cells:
        match = match.played(person_moves(match.game, cell))
    return match


def test_the_rules_import_no_web_stack() -> None:
    """The rules are pure Python, like the engine."""
    assert_imports_no_web_stack("webapp.rules")


def test_a_win_is_counted_once_for_the_player_not_the_mark() -> None:
    match = hot_seat(X_WINS)
    assert match.score == Score({"Player 1": 1}, 0)
    assert match.scored
    swapped = match.swapped()  # player 1 now plays O
    assert swapped.names == {"X": "Player 2", "O": "Player 1"}
    for cell in X_WINS:
        swapped = swapped.played(person_moves(swapped.game, cell))
    assert swapped.score == Score({"Player 1": 1, "Player 2": 1}, 0)


def test_undo_from_the_end_takes_the_result_back_and_replaying_counts_it_once() -> None:
    match = hot_seat(X_WINS)
    back = match.played(take_back(match.game))
    assert back.score == Score() and not back.scored
    again = back.played(person_moves(back.game, "A3"))
    assert again.score == Score({"Player 1": 1}, 0)


def test_every_hot_seat_game_is_counted_once_however_it_is_undone() -> None:
    """Over every hot-seat game, an undo and a replay of the last move never count twice."""
    counted = 0

    def walk(match: Match) -> None:
        nonlocal counted
        board = match.game.board
        if board.is_over:
            counted += 1
            total = sum(match.score.wins.values()) + match.score.draws
            assert total == 1, match.game.moves
            back = match.played(take_back(match.game))
            assert back.score == Score()
            assert back.played(person_moves(back.game, match.game.moves[-1])) == match
            return
        for cell in board.legal_moves:
            walk(match.played(person_moves(match.game, cell)))

    walk(Match())
    assert counted == 255_168  # every game of tic-tac-toe


def test_a_new_game_of_the_same_players_keeps_the_score_and_gets_a_new_id() -> None:
    match = hot_seat(X_WINS)
    fresh = match.new_game(Game("user", "user"))
    assert fresh.game_id != match.game_id
    assert fresh.score == match.score and not fresh.scored
    assert fresh.game.ply == 0


def test_other_players_start_the_score_again() -> None:
    match = hot_seat(X_WINS)
    assert match.new_game(Game("user", "hard")).score == Score()
    against_hard = Match().new_game(Game("user", "hard")).played(Game("user", "hard"))
    won = replace(against_hard, score=Score({"You": 2}, 1))
    assert won.new_game(Game("hard", "user")).score == won.score  # the same two, sides swapped
    assert won.new_game(Game("user", "easy")).score == Score()  # another level, another match
    assert won.new_game(Game("hard", "easy")).score == Score()


def test_a_game_from_a_chosen_position_is_practice_and_not_counted() -> None:
    start = Board.from_string("_XXOO_OX_")
    match = Match().new_game(Game("user", "user", start))
    assert match.practice
    won = match.move("A1")
    assert won.game.board.is_over and won.score == Score()
    assert not won.again().practice  # play again starts from the empty board, and counts
    assert won.again().score == Score()


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("XXXOO____", "This position is already over: X won."),
        ("XOXXOOOXX", "This position is already over: it is a draw."),
    ],
)
def test_a_start_position_already_over_is_refused_with_its_result(
    position: str, message: str
) -> None:
    with pytest.raises(FinishedPositionError, match=re.escape(message)):
        Match().new_game(Game("user", "user", Board.from_string(position)))


def test_a_new_game_plays_the_computers_opening() -> None:
    fresh = Match().new_game(Game("hard", "user"))
    assert fresh.game.ply == 1 and fresh.game.person_to_move


class Coin:
    """A coin that always lands on ``swap``."""

    def __init__(self, swap: bool) -> None:
        self.swap = swap

    def random(self) -> float:
        """Below one half swaps the players."""
        return 0.0 if self.swap else 0.99


@pytest.mark.parametrize("swap", [True, False])
def test_the_toss_may_swap_the_players(monkeypatch: pytest.MonkeyPatch, swap: bool) -> None:
    monkeypatch.setattr(names, "coin", Coin(swap))
    fresh = Match().new_game(Game("user", "easy"), toss=True)
    assert (fresh.game.x, fresh.game.o) == (("easy", "user") if swap else ("user", "easy"))
    assert fresh.first == ("O" if swap else "X")


def test_score_reset_changes_no_game() -> None:
    match = hot_seat(X_WINS)
    reset = match.score_reset()
    assert reset.score == Score() and reset.game == match.game and reset.scored


def test_to_dict_is_plain_json_and_round_trips() -> None:
    match = hot_seat(X_WINS).again()
    match = match.played(person_moves(match.game, "B2"))
    data = match.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert Match.from_dict(data) == match


def test_a_match_from_a_position_round_trips() -> None:
    match = Match().new_game(Game.new("user", "medium", "_XXOO_OX_"))
    assert Match.from_dict(match.to_dict()) == match
    assert match.game.start == Board.from_string("_XXOO_OX_")


@pytest.mark.parametrize(
    "change",
    [
        {"moves": ["B2", "B2"]},
        {"moves": "B2"},
        {"x": "god"},
        {"game_id": "../etc"},
        {"game_id": 7},
        {"first": "Z"},
        {"wins": {"You": -1}},
        {"wins": {"You": True}},
        {"wins": []},
        {"draws": "1"},
        {"scored": 1},
        {"start": "XXXXXXXXX"},
    ],
)
def test_data_we_could_not_have_written_is_a_lost_match(change: dict[str, object]) -> None:
    data = {**hot_seat(["B2"]).to_dict(), **change}
    with pytest.raises(LostMatchError):
        Match.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "match", {}, {"x": "user"}])
def test_anything_but_a_match_dict_is_a_lost_match(data: object) -> None:
    with pytest.raises(LostMatchError) as raised:
        Match.from_dict(data)
    assert raised.value.message == "Your saved game could not be read, so a new game has started."


def test_the_actions_on_a_match_are_the_turns_played_into_it() -> None:
    # Against the one-move-wins position the hard computer's reply is forced, so both paths
    # meet the same game (its choice among equal moves is random).
    match = Match().new_game(Game("user", "hard", Board.from_string("XX_OO____")))
    moved = match.move("C1")
    assert moved.game.moves == ("C1", "B3")
    assert moved == match.played(person_moves(match.game, "C1"))
    assert moved.take_back() == moved.played(take_back(moved.game))
    computers = Match().new_game(Game("hard", "hard"))
    assert computers.step(to_the_end=True).game.board.is_over
    assert computers.step(to_the_end=False).game.ply == 1


def test_wins_stored_under_the_old_computer_name_join_its_level() -> None:
    """Before the level was in the name, a computer that beat a person was "Computer"."""
    data = Match().new_game(Game("user", "hard")).to_dict()
    data["wins"] = {"Computer": 2, "You": 1}
    assert Match.from_dict(data).score.wins == {"Computer (hard)": 2, "You": 1}
    hot_seat = {**Match().to_dict(), "wins": {"Computer": 1}}  # not ours to rename
    assert Match.from_dict(hot_seat).score.wins == {"Computer": 1}
