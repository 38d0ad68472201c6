"""Hard's win rate against fallible players, computed exactly (no sampling): before traps
(uniform among the solver's best moves), with traps (the engine's hard today), and the most
any perfect player can get, against a uniformly random player and against medium, as X and
as O.

Run: ``python bench/traps.py`` (from ``.venv/bin/python``). The limits are an expectimax over
the moves that keep the best result, knowing the opponent; see issue 18.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp.engine import Board, best_moves, evaluate, medium_cells, rank, trap_moves

Choice = Callable[[Board], dict[str, float]]
POLICIES = ("before", "traps", "limit")


def keeping(board: Board) -> list[str]:
    """The moves that keep the mover's best result (perfect moves, fast or slow)."""
    mover = board.turn or "X"
    worth = rank(evaluate(board).result, mover)
    return [c for c in board.legal_moves if rank(evaluate(board.play(c)).result, mover) == worth]


def uniform(cells: list[str] | tuple[str, ...]) -> dict[str, float]:
    """Each of ``cells`` with the same chance."""
    return {cell: 1 / len(cells) for cell in cells}


OPPONENTS: dict[str, Choice] = {
    "random": lambda board: uniform(board.legal_moves),
    "medium": lambda board: uniform(medium_cells(board)),
}


def win_rate(me: str, opponent: str, policy: str) -> float:
    """How often hard, playing ``me`` with ``policy``, beats ``opponent``."""

    @cache
    def value(cells: str) -> float:
        board = Board.from_string(cells)
        if board.is_over:
            return 1.0 if board.status.winner == me else 0.0
        if board.turn == me:
            if policy == "limit":
                return max(value(board.play(c).to_string()) for c in keeping(board))
            moves = best_moves(board) if policy == "before" else trap_moves(board)
            return sum(value(board.play(c).to_string()) for c in moves) / len(moves)
        mover = OPPONENTS[opponent](board)
        return sum(p * value(board.play(c).to_string()) for c, p in mover.items())

    return value("_" * 9)


def best_mean(me: str) -> float:
    """The highest mean of the two win rates any perfect player playing ``me`` can get when
    it must tell its opponent from the moves: an expectimax against an even mixture of the
    two, whose odds follow the moves seen (Bayes)."""

    @cache
    def value(cells: str, chance: float) -> float:
        board = Board.from_string(cells)
        if board.is_over:
            return 1.0 if board.status.winner == me else 0.0
        if board.turn == me:
            return max(value(board.play(c).to_string(), chance) for c in keeping(board))
        at_random, as_medium = (OPPONENTS[kind](board) for kind in ("random", "medium"))
        total = 0.0
        for cell, p in at_random.items():
            weight = chance * p + (1 - chance) * as_medium.get(cell, 0.0)
            if weight:
                odds = round(chance * p / weight, 12)
                total += weight * value(board.play(cell).to_string(), odds)
        return total

    return value("_" * 9, 0.5)


def main() -> None:
    """Print the table of issue 18."""
    print("| hard | vs random | vs medium |\n| --- | ---: | ---: |")
    words = {
        "before": "before traps",
        "traps": "with traps",
        "limit": "the most any perfect player can get",
    }
    rates = {
        (me, policy): [win_rate(me, opponent, policy) * 100 for opponent in OPPONENTS]
        for policy in POLICIES
        for me in ("X", "O")
    }
    for (me, policy), (random, medium) in rates.items():
        print(f"| as {me}, {words[policy]} | {random:.1f}% | {medium:.1f}% |")
    for me in ("X", "O"):
        reached, best = sum(rates[me, "traps"]) / 2, best_mean(me) * 100
        wanted = sum(rates[me, "limit"]) / 2 - 2
        print(
            f"as {me}: mean of the two with traps {reached:.1f}%, the most any perfect player "
            f"can get {best:.1f}%; within two points of both limits needs {wanted:.1f}%"
        )


if __name__ == "__main__":
    main()
