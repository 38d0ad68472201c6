"""The review of a game: each move's value before and after it, and the first mistake."""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Status
from .game import Game
from .solver import Evaluation, evaluate


def rank(result: Status, mark: str) -> int:
    """How good ``result`` is for ``mark``: 2 a win, 1 a draw, 0 a loss."""
    if result.winner is None:
        return 1
    return 2 if result.winner == mark else 0


@dataclass(frozen=True)
class ReviewedMove:
    """One move of a game with the position's value (perfect play) before and after it, and
    the moves that would have kept the value for the player who moved."""

    ply: int  # counted from 1
    by: str  # the mark that moved
    cell: str
    before: Evaluation
    after: Evaluation
    kept: tuple[str, ...]  # in reading order

    @property
    def mistake(self) -> bool:
        """Whether the mover's best result got worse: a win became a draw or a loss, or a
        draw a loss. A slower win is not a mistake."""
        return rank(self.after.result, self.by) < rank(self.before.result, self.by)


@dataclass(frozen=True)
class Review:
    """Every move of a game, reviewed."""

    moves: tuple[ReviewedMove, ...]

    @property
    def first_mistake(self) -> ReviewedMove | None:
        """The first move that changed the result for its player, or ``None``."""
        return next((move for move in self.moves if move.mistake), None)


def _kept(board: Board, before: Evaluation, mover: str) -> tuple[str, ...]:
    """The moves that keep the mover's result: on 3x3 every such move; on 5x5 and 7x7 the
    winning move the search found, if it found one (searching every move would take long)."""
    worth = rank(before.result, mover)
    if board.size != 3:
        return tuple(before.best) if worth == 2 else ()
    return tuple(
        other
        for other in board.legal_moves
        if rank(evaluate(board.play(other)).result, mover) == worth
    )


def review(game: Game) -> Review:
    """The review of ``game``'s moves so far."""
    moves = []
    for ply, cell in enumerate(game.moves, start=1):
        board = game.boards[ply - 1]
        mover = board.turn or "X"
        before = evaluate(board)
        kept = _kept(board, before, mover)
        moves.append(ReviewedMove(ply, mover, cell, before, evaluate(game.boards[ply]), kept))
    return Review(tuple(moves))
