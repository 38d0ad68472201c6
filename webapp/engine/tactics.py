"""Hard's move on 5x5 and 7x7: win, block, a forced win by fours, and otherwise the best-scored
move after which a threat-space search finds no forced win for the opponent, all within a
budget of searched positions."""

from __future__ import annotations

import random
from functools import cache

from .board import Board
from .geometry import Geometry
from .threats import Budget, cells_of, four_cells, vcf, vct, win_cells

THREAT_DEPTH = {5: 2, 7: 3}  # quiet threats looked at, by board size
MOVE_BUDGET = 20000  # positions per move: keeps 7x7's slowest moves well under half a second
_ATTACK = (1, 8, 64, 512, 4096)  # a line's worth by how many of its cells the mover holds
_DEFEND = (1, 6, 48, 384, 3072)  # and by how many the opponent holds: attack leads


def hard_cell(board: Board, rng: random.Random | None, budget: Budget | None = None) -> int:
    """The index of the cell hard plays on a 5x5 or 7x7 board; ``rng`` breaks ties between
    equally scored moves (``None``: the first in reading order)."""
    geo = board.geometry
    me, them = board.bits(board.turn or "X"), board.bits(_other(board.turn or "X"))
    budget = budget or Budget(MOVE_BUDGET)
    forced = _forced(me, them, geo, budget)
    if forced is not None:
        return forced
    ordered = ranked(me, them, geo, rng)
    if vcf(them, me, geo, budget) is not None:
        # The opponent would win by fours if it were its move: only a move that stops every
        # such win will do (a defence, or a four of ours that gains the time for one).
        stopping = [cell for cell in ordered if _stops(me | 1 << cell, them, geo, budget)]
        ordered = stopping or ordered
    for cell in ordered:
        if budget.nodes < 0 or _safe(me | 1 << cell, them, geo, budget):
            return cell
    return ordered[0]


def _forced(me: int, them: int, geo: Geometry, budget: Budget) -> int | None:
    """A win now, else the block of the opponent's win, else the first move of a forced win."""
    wins = win_cells(me, them, geo)
    if wins:
        return cells_of(wins)[0]
    blocks = win_cells(them, me, geo)
    if blocks:
        # Two threats cannot both be blocked; blocking one makes the opponent find the other.
        return max(cells_of(blocks), key=lambda cell: (four_cells(me, them, geo) >> cell) & 1)
    found = vcf(me, them, geo, budget)
    return found[1] if found is not None else None


def _stops(me: int, them: int, geo: Geometry, budget: Budget) -> bool:
    """Whether, after our move (``me`` includes it), the opponent has no forced win by fours."""
    return vcf(them, me, geo, budget) is None


def _safe(me: int, them: int, geo: Geometry, budget: Budget) -> bool:
    """Whether after our move the opponent has no forced win by threats that this search
    finds: quiet moves threatening a win by fours, up to THREAT_DEPTH of them."""
    return not vct(them, me, geo, budget, THREAT_DEPTH[geo.size])


def ranked(me: int, them: int, geo: Geometry, rng: random.Random | None) -> list[int]:
    """The empty cells near the marks (the centre on an empty board), best-scored first:
    each line through a cell is worth more the more of it the mover, or the opponent, holds
    while the other holds none of it."""
    taken = me | them
    near = geo.full & ~taken & _near(taken, geo) if taken else 1 << (geo.cells // 2)
    cells = cells_of(near)
    if rng is not None:
        rng.shuffle(cells)
    return sorted(cells, key=lambda cell: -_score(cell, me, them, geo))


def _score(cell: int, me: int, them: int, geo: Geometry) -> int:
    score = 0
    for mask in geo.through[cell]:
        if not mask & them:
            score += _ATTACK[(mask & me).bit_count()]
        if not mask & me:
            score += _DEFEND[(mask & them).bit_count()]
    return score


def _near(taken: int, geo: Geometry) -> int:
    """The cells within two steps (a king's two moves) of a taken cell."""
    found = 0
    for cell in cells_of(taken):
        found |= _around(geo.size, cell)
    return found


@cache
def _around(size: int, cell: int) -> int:
    row, col = divmod(cell, size)
    return sum(
        1 << (r * size + c)
        for r in range(max(0, row - 2), min(size, row + 3))
        for c in range(max(0, col - 2), min(size, col + 3))
    )


def _other(mark: str) -> str:
    return "O" if mark == "X" else "X"
