"""Hard's choice among its perfect moves: the one a fallible opponent most often loses after."""

from __future__ import annotations

from functools import cache

from .board import Board, Status, winning_cells
from .solver import best_moves, evaluate


def medium_cells(board: Board) -> tuple[str, ...]:
    """The cells medium chooses among: a win, else a block, else any empty cell."""
    mover = board.turn or "X"
    for mark in (mover, "O" if mover == "X" else "X"):
        cells = winning_cells(board, mark)
        if cells:
            return cells
    return board.legal_moves


def trap_moves(board: Board) -> tuple[str, ...]:
    """The moves hard chooses among on 3x3, in reading order. Won or lost, the solver's best
    moves; drawn, the drawing moves after which a fallible opponent most often goes on to lose."""
    return _trap_moves(board.to_string())


@cache  # at most the 4,520 positions with a move to make: hard's move is a table lookup
def _trap_moves(cells: str) -> tuple[str, ...]:
    board = Board.from_string(cells)
    if evaluate(board).result is not Status.DRAW:
        return best_moves(board)
    me = board.turn or "X"
    # Rounded so that moves equal but for float noise tie, and are chosen among at random.
    scores = {c: round(_win_chance(board.play(c).to_string(), me), 9) for c in _drawing(board)}
    top = max(scores.values())
    return tuple(cell for cell, score in scores.items() if score == top)


def _drawing(board: Board) -> list[str]:
    return [c for c in board.legal_moves if evaluate(board.play(c)).result is Status.DRAW]


@cache
def _win_chance(cells: str, me: str) -> float:
    """The chance ``me`` wins from ``cells``, keeping the draw and setting the best traps,
    against an opponent who moves at random half the time and as medium the other half."""
    board = Board.from_string(cells)
    if board.is_over:
        return 1.0 if board.status.winner == me else 0.0
    if board.turn == me:
        keep = _drawing(board) if evaluate(board).result is Status.DRAW else best_moves(board)
        return max(_win_chance(board.play(c).to_string(), me) for c in keep)
    legal, chosen = board.legal_moves, medium_cells(board)
    return sum(
        (1 / len(legal) + (1 / len(chosen) if cell in chosen else 0.0))
        / 2
        * _win_chance(board.play(cell).to_string(), me)
        for cell in legal
    )
