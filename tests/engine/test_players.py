"""The easy and medium players: uniform randomness, and medium's win-else-block rule."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.engine import reference
from webapp.engine import Board, GameOverError, computer_move, winning_cells

# Chi-square critical values at p = 0.001, by degrees of freedom.
CHI_SQUARE_CRITICAL = {8: 26.12, 3: 16.27}


def _chi_square(counts: Counter[str], cells: tuple[str, ...], draws: int) -> float:
    expected = draws / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


@pytest.mark.parametrize("position", ["_________", "XO_OX_X__"])
def test_easy_is_uniform_over_legal_moves(position: str) -> None:
    board = Board.from_string(position)
    rng = random.Random(20261121)
    draws = 9000
    counts = Counter(computer_move(board, "easy", rng) for _ in range(draws))
    assert set(counts) == set(board.legal_moves)
    statistic = _chi_square(counts, board.legal_moves, draws)
    assert statistic < CHI_SQUARE_CRITICAL[len(board.legal_moves) - 1]


def test_easy_sometimes_misses_a_win() -> None:
    board = Board.from_string("XX_OO____")
    moves = {computer_move(board, "easy", random.Random(seed)) for seed in range(50)}
    assert moves != {"A3"}


def _reference_threats(cells: str, mark: str) -> set[str]:
    return {
        name
        for name, child in reference.children(cells).items()
        if reference.winner(
            child[: reference.NAMES.index(name)] + mark + child[reference.NAMES.index(name) + 1 :]
        )
        == mark
    }


def test_medium_wins_at_once_else_blocks_at_every_position(open_positions: list[str]) -> None:
    rng = random.Random(7)
    for cells in open_positions:
        board = Board.from_string(cells)
        mover = reference.to_move(cells)
        other = "O" if mover == "X" else "X"
        wins, blocks = _reference_threats(cells, mover), _reference_threats(cells, other)
        assert set(winning_cells(board, mover)) == wins
        for _ in range(3):
            move = computer_move(board, "medium", rng)
            if wins:
                assert move in wins, cells
            elif blocks:
                assert move in blocks, cells
            else:
                assert move in board.legal_moves


def test_medium_plays_at_random_when_nothing_is_urgent() -> None:
    moves = {computer_move(Board(), "medium", random.Random(seed)) for seed in range(100)}
    assert len(moves) == 9


def test_same_seed_same_choice() -> None:
    board = Board()
    for level in ("easy", "medium", "hard"):
        first = [computer_move(board, level, random.Random(5)) for _ in range(5)]
        assert len(set(first)) == 1


def test_no_move_once_the_game_is_over() -> None:
    with pytest.raises(GameOverError):
        computer_move(Board.from_string("XXXOO____"), "easy")
