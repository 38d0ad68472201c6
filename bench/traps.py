"""Hard's win rate against fallible players, computed exactly (no sampling): today's hard
(uniform among its best moves) and the most any perfect player can get, against a uniformly
random player and against medium, as X and as O.

Run: ``python bench/traps.py`` (from ``.venv/bin/python``). The limits are an expectimax over
the moves that keep the best result; see issue 18.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.engine import Board, best_moves, evaluate, rank, winning_cells

Choice = Callable[[Board], dict[str, float]]


def keeping(board: Board) -> list[str]:
    """The moves that keep the mover's best result (perfect moves, fast or slow)."""
    mover = board.turn or "X"
    worth = rank(evaluate(board).result, mover)
    return [c for c in board.legal_moves if rank(evaluate(board.play(c)).result, mover) == worth]


def uniform(cells: list[str] | tuple[str, ...]) -> dict[str, float]:
    """Each of ``cells`` with the same chance."""
    return {cell: 1 / len(cells) for cell in cells}


def random_player(board: Board) -> dict[str, float]:
    """easy: any empty cell."""
    return uniform(board.legal_moves)


def medium(board: Board) -> dict[str, float]:
    """medium: a win, else a block, else any empty cell."""
    mover = board.turn or "X"
    for mark in (mover, "O" if mover == "X" else "X"):
        cells = winning_cells(board, mark)
        if cells:
            return uniform(cells)
    return uniform(board.legal_moves)


OPPONENTS: dict[str, Choice] = {"random": random_player, "medium": medium}


def win_rate(me: str, opponent: str, best: bool) -> float:
    """How often hard, playing ``me``, beats ``opponent``: with ``best``, the most any perfect
    player can (expectimax over the moves that keep the best result); else today's hard
    (uniform among the solver's best moves)."""

    @cache
    def value(cells: str) -> float:
        board = Board.from_string(cells)
        if board.is_over:
            return 1.0 if board.status.winner == me else 0.0
        if board.turn == me and best:
            return max(value(board.play(c).to_string()) for c in keeping(board))
        mover = uniform(best_moves(board)) if board.turn == me else OPPONENTS[opponent](board)
        return sum(p * value(board.play(c).to_string()) for c, p in mover.items())

    return value("_" * 9)


def main() -> None:
    """Print the table of issue 18."""
    print("| hard | vs random | vs medium |\n| --- | ---: | ---: |")
    for me in ("X", "O"):
        rates = [win_rate(me, opponent, best=False) * 100 for opponent in OPPONENTS]
        print(f"| as {me}, today | {rates[0]:.1f}% | {rates[1]:.1f}% |")
    for me in ("X", "O"):
        rates = [win_rate(me, opponent, best=True) * 100 for opponent in OPPONENTS]
        print(
            f"| as {me}, the most any perfect player can get | {rates[0]:.1f}% | {rates[1]:.1f}% |"
        )


if __name__ == "__main__":
    main()
