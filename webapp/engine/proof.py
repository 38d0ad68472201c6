"""What the engine can prove on 5x5 and 7x7: a forced win by fours for either side, within a
budget of searched positions, or that it found none (the result then stays unknown)."""

from __future__ import annotations

from functools import lru_cache

from .board import Board, Status
from .threats import Budget, cells_of, vcf, win_cells

PROOF_BUDGET = 5000  # positions per proof: a hint or a review's move stays well under 0.1 s
_WON = {"X": Status.X_WINS, "O": Status.O_WINS}


def proved(board: Board) -> tuple[Status, int, tuple[str, ...]]:
    """The result the search proves from ``board`` with best play, the plies until it and the
    moves that keep it (those found), or ``IN_PROGRESS`` when it proves nothing."""
    return _proved(board.to_string())


@lru_cache(maxsize=4096)  # a board is read again on every page of its game
def _proved(cells: str) -> tuple[Status, int, tuple[str, ...]]:
    board = Board.from_string(cells)
    if board.is_over:
        return board.status, 0, ()
    geo, mover = board.geometry, board.turn or "X"
    other = "O" if mover == "X" else "X"
    me, them = board.bits(mover), board.bits(other)
    budget = Budget(PROOF_BUDGET)
    mine = vcf(me, them, geo, budget, shortest=True)
    if mine is not None:
        return _WON[mover], mine[0], (geo.cell_ids[mine[1]],)
    threats = cells_of(win_cells(them, me, geo))
    if len(threats) > 1:
        return _WON[other], 2, ()  # two wins threatened: one is left after any block
    # Lost if every move leaves the opponent a win by fours (with one threat, every move
    # but the block loses at once); the slowest of those wins is the best defence.
    moves = threats or cells_of(geo.full & ~(me | them))
    if vcf(them, me, geo, budget) is None:
        return Status.IN_PROGRESS, 0, ()
    slowest = 0
    for cell in moves:
        theirs = vcf(them, me | 1 << cell, geo, budget, shortest=True)
        if theirs is None:
            return Status.IN_PROGRESS, 0, ()  # a defence, or the budget ran out
        slowest = max(slowest, theirs[0])
    return _WON[other], slowest + 1, ()
