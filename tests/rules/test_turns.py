"""What a person may do to a game: move, step the computers, take back; each refusal named."""

from __future__ import annotations

import pytest

from webapp.engine import Game, GameOverError, OccupiedCellError
from webapp.rules import (
    NothingToUndoError,
    NotYourTurnError,
    OnlyComputersError,
    computers_move,
    person_moves,
    take_back,
)


def test_a_move_against_the_computer_gets_its_reply() -> None:
    game = person_moves(Game("user", "hard"), "B2")
    assert game.ply == 2 and game.person_to_move


def test_a_hot_seat_move_is_one_move() -> None:
    assert person_moves(Game(), "A1").moves == ("A1",)


def test_an_occupied_cell_is_the_engines_refusal() -> None:
    with pytest.raises(OccupiedCellError):
        person_moves(Game().play("A1"), "A1")


def test_a_person_cannot_move_for_the_computer() -> None:
    with pytest.raises(NotYourTurnError):
        person_moves(Game("easy", "hard"), "A1")


def test_computers_step_one_move_or_to_the_end() -> None:
    game = Game("hard", "hard")
    assert computers_move(game, to_the_end=False).ply == 1
    finished = computers_move(game, to_the_end=True)
    assert finished.board.is_over and str(finished.board.status) == "Draw"
    with pytest.raises(GameOverError):
        computers_move(finished, to_the_end=False)


def test_computer_steps_are_only_for_games_between_computers() -> None:
    with pytest.raises(OnlyComputersError):
        computers_move(Game("user", "hard"), to_the_end=True)


def test_undo_against_the_computer_takes_back_its_reply_and_your_move() -> None:
    game = person_moves(Game("user", "hard"), "B2")
    assert take_back(game).ply == 0
    assert take_back(person_moves(Game(), "B2")).ply == 0


def test_nothing_to_undo_is_said() -> None:
    with pytest.raises(NothingToUndoError) as raised:
        take_back(Game())
    assert raised.value.message == "There is no move to take back."
