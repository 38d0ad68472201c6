"""The computer on 5x5 and 7x7: medium wins and blocks, hard takes its wins, blocks, finds a
forced win by fours, never loses to a greedy player; hint and review say what is proved."""

from __future__ import annotations

import random

import pytest

from bench.bigboards import greedy_player, random_player
from webapp.engine import Board, Game, Status, computer_move, evaluate, medium_cells, review


def played(size: int, *cells: str) -> Board:
    board = Board(size)
    for cell in cells:
        board = board.play(cell)
    return board


WIN_NOW = played(5, "A1", "B1", "A2", "B2", "A3", "E5")  # X to move: A4 wins
BLOCK = played(5, "A1", "E1", "A2", "E2", "A3", "E5", "C3")  # O to move: X threatens A4
FOURS = played(5, "C3", "B3", "B2", "D4", "C2", "D2")  # X to move: C4 makes two fours


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_win_at_once_and_block_a_win(level: str) -> None:
    rng = random.Random(1)
    assert computer_move(WIN_NOW, level, rng) == "A4"
    assert computer_move(BLOCK, level, rng) == "A4"
    assert medium_cells(WIN_NOW) == ("A4",)


def test_hard_plays_a_forced_win_by_fours_and_the_hint_names_it() -> None:
    assert computer_move(FOURS, "hard", random.Random(2)) == "C4"
    evaluation = evaluate(FOURS)
    assert (evaluation.result, evaluation.moves, evaluation.best) == (
        Status.X_WINS,
        3,
        frozenset({"C4"}),
    )
    assert evaluation.describe() == "X wins in 3 moves"


def test_a_position_lost_to_every_move_is_proved_lost() -> None:
    # X has two open twos through C2 (row C and column 2): O cannot stop both.
    lost = played(5, "C3", "B3", "B2", "D4", "C2")
    evaluation = evaluate(lost)
    assert evaluation.result is Status.X_WINS and evaluation.proven


@pytest.mark.parametrize("size", [5, 7])
def test_the_hint_says_when_the_search_proves_nothing(size: int) -> None:
    evaluation = evaluate(Board(size))
    assert not evaluation.proven and evaluation.result is Status.IN_PROGRESS
    assert evaluation.describe() == "No forced win found within the search"
    assert len(evaluation.best) == 1  # hard's move, for the hint


def test_the_review_names_the_first_move_that_gave_a_forced_win_away() -> None:
    game = Game.new("user", "user", size=5)
    for cell in ("C3", "B2", "C4", "A1", "C2", "C5", "C1"):
        game = game.play(cell)
    assert game.board.status is Status.X_WINS
    first = review(game).first_mistake
    assert first is not None and (first.ply, first.by, first.cell) == (4, "O", "A1")
    assert first.after.result is Status.X_WINS and first.after.proven


@pytest.mark.parametrize("size", [5, 7])
@pytest.mark.parametrize("hard", ["X", "O"])
@pytest.mark.parametrize("opponent", [greedy_player, random_player])
def test_hard_does_not_lose_a_few_seeded_games(size: int, hard: str, opponent: object) -> None:
    choose = greedy_player if opponent is greedy_player else random_player
    for seed in range(3):
        rng = random.Random(seed)
        board = Board(size)
        while not board.is_over:
            mover = board.turn == hard
            board = board.play(computer_move(board, "hard", rng) if mover else choose(board, rng))
        assert board.status.winner in (hard, None), board.to_string()
