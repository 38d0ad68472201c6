"""Perfect play on 3x3, solved once: the value and best moves of every reachable position; on
5x5 and 7x7, what the threat search proves (proof.py), and hard's move where it proves nothing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from .board import WIN_LINES, Board, Status
from .notation import CELL_IDS, EMPTY
from .proof import proved
from .tactics import hard_cell

_WIN = 1000  # larger than any game length, so a faster win always scores higher


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The result with perfect play from both sides, when it comes, and the moves that keep it.

    On 5x5 and 7x7 ``proven`` is False when the search found no forced win for either side:
    the result is then ``IN_PROGRESS`` (unknown) and ``best`` holds hard's move."""

    result: Status
    moves: int
    best: frozenset[str]
    proven: bool = True

    def describe(self) -> str:
        """The evaluation in words, e.g. ``X wins in 3 moves`` or ``Draw``."""
        if not self.proven:
            return "No forced win found within the search"
        if self.result in (Status.DRAW, Status.IN_PROGRESS):
            return str(self.result)
        unit = "move" if self.moves == 1 else "moves"
        return f"{self.result} in {self.moves} {unit}"


@dataclass(frozen=True, slots=True)
class _Entry:
    evaluation: Evaluation
    best_in_order: tuple[str, ...]  # the best cells in reading order, for rng.choice


def evaluate(board: Board) -> Evaluation:
    """The result with perfect play from ``board``, how many moves until it, and the best moves;
    on 5x5 and 7x7 what the search proves (see :class:`Evaluation`)."""
    if board.size != 3:
        return _large(board)
    return _table()[board.to_string()].evaluation


def best_moves(board: Board) -> tuple[str, ...]:
    """The best cells in reading order: the fastest win, else a draw, else the slowest loss;
    on 5x5 and 7x7 the winning move found, else hard's move."""
    if board.size != 3:
        return tuple(sorted(_large(board).best, key=board.geometry.cell_ids.index))
    return _table()[board.to_string()].best_in_order


def _large(board: Board) -> Evaluation:
    return _large_of(board.to_string())


@lru_cache(maxsize=4096)  # a hint is asked again on every page of its game
def _large_of(cells: str) -> Evaluation:
    board = Board.from_string(cells)
    result, plies, best = proved(board)
    if board.is_over or result is not Status.IN_PROGRESS:
        return Evaluation(result, plies, frozenset(best))
    hard = board.geometry.cell_ids[hard_cell(board, None)]
    return Evaluation(result, 0, frozenset({hard}), proven=False)


def solved_positions() -> int:
    """How many positions the table holds (every position reachable from the empty board)."""
    return len(_table())


@cache
def _table() -> dict[str, _Entry]:
    """Solve the whole game by a depth-first search from the empty board, memoised by position."""
    table: dict[str, _Entry] = {}
    _solve(EMPTY * 9, "X", table)
    return table


def _solve(cells: str, mover: str, table: dict[str, _Entry]) -> Evaluation:
    # Works on bare strings rather than Boards: this search builds the table at import-like
    # speed (well under the 0.2 s budget), and Board.status is checked against it in the tests.
    known = table.get(cells)
    if known is not None:
        return known.evaluation
    status = _status_of(cells)
    if status is not Status.IN_PROGRESS:
        evaluation = Evaluation(status, 0, frozenset())
        table[cells] = _Entry(evaluation, ())
        return evaluation
    opponent = "O" if mover == "X" else "X"
    top = -2 * _WIN
    best: list[str] = []
    best_child = None
    for index, mark in enumerate(cells):
        if mark != EMPTY:
            continue
        child = _solve(cells[:index] + mover + cells[index + 1 :], opponent, table)
        score = _score(child, mover)
        if score > top:
            top, best, best_child = score, [CELL_IDS[index]], child
        elif score == top:
            best.append(CELL_IDS[index])
    assert best_child is not None
    evaluation = Evaluation(best_child.result, best_child.moves + 1, frozenset(best))
    table[cells] = _Entry(evaluation, tuple(best))
    return evaluation


def _status_of(cells: str) -> Status:
    for a, b, c in WIN_LINES:
        mark = cells[a]
        if mark != EMPTY and mark == cells[b] == cells[c]:
            return Status.X_WINS if mark == "X" else Status.O_WINS
    return Status.IN_PROGRESS if EMPTY in cells else Status.DRAW


def _score(after_move: Evaluation, mover: str) -> int:
    """How good a move is for ``mover``: fast wins highest, then draws, then slow losses."""
    plies = after_move.moves + 1
    winner = after_move.result.winner
    if winner is None:
        return 0
    return _WIN - plies if winner == mover else plies - _WIN
