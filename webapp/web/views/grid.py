"""The grid as pages show it: each cell with its mark and traits, and the move list."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Board, Game
from ..site.i18n import gettext as _

Rows = tuple[tuple[str, tuple["Cell", ...]], ...]


@dataclass(frozen=True)
class Cell:
    """One square of the grid."""

    cell_id: str
    mark: str  # "X", "O" or "" when empty
    playable: bool
    winning: bool
    best: bool = False  # marked by a hint as a move that keeps the best result
    last: bool = False  # the last move played
    lands: str = ""  # a mark placed by the request that led here: "now", or "reply" (after)
    strike: str = ""  # on the winning line, its direction: row, column, diagonal, anti

    @property
    def label(self) -> str:
        """The accessible name: ``B2, empty``, ``B2, empty, best move``, ``A1, X, winning line``,
        ``C3, O, last move``."""
        # A list of the cell's traits, each translated, rather than a sentence.
        traits = [self.cell_id, self.mark or _("empty")]
        if self.last:
            traits.append(_("last move"))
        if self.winning:
            traits.append(_("winning line"))
        if self.best:
            traits.append(_("best move"))
        return ", ".join(traits)


@dataclass(frozen=True)
class Move:
    """One entry of the move list: its number (the ply after it), the mark and the cell."""

    number: int
    mark: str
    cell: str


def rows(
    game: Game, playable: bool, best: set[str], ply: int | None = None, landed: bool = False
) -> Rows:
    """The cells of ``game`` after move ``ply`` (by default, now) by row; ``best`` cells are
    marked for a hint, and with ``landed`` the marks just placed are drawn in."""
    ply = game.ply if ply is None else ply
    board = game.boards[ply]
    line = board.winning_line or ()
    strikes = _strikes(board, line)
    last = game.moves[ply - 1] if ply else ""
    lands = _landing(game) if landed and ply == game.ply else {}
    cells = [
        Cell(
            cell_id,
            "" if mark == "_" else mark,
            playable and mark == "_",
            cell_id in line,
            cell_id in best,
            last=cell_id == last,
            lands=lands.get(cell_id, ""),
            strike=strikes.get(cell_id, ""),
        )
        for cell_id, mark in board
    ]
    n = board.size
    return tuple((cells[i * n].cell_id[0], tuple(cells[i * n : i * n + n])) for i in range(n))


def _strikes(board: Board, line: tuple[str, ...]) -> dict[str, str]:
    """The direction of the strike through each winning cell: ``row``, ``column``,
    ``diagonal`` (down to the right, as A1 to C3) or ``anti``. Of two lines that share the
    last move, that cell shows the first."""
    strikes: dict[str, str] = {}
    ids = board.geometry.cell_ids
    for cells in ([ids[i] for i in indexes] for indexes in board.geometry.lines):
        if set(cells) <= set(line):
            if len({cell[0] for cell in cells}) == 1:
                way = "row"
            elif len({cell[1] for cell in cells}) == 1:
                way = "column"
            else:
                way = "diagonal" if cells[0][1] < cells[-1][1] else "anti"
            for cell in cells:
                strikes.setdefault(cell, way)
    return strikes


def _landing(game: Game) -> dict[str, str]:
    """The marks the last request placed, to draw them in: the last move, and when the
    computer answered a person, the person's move before it, so the reply lands after."""
    if not game.moves:
        return {}
    lands = {game.moves[-1]: "now"}
    mover = game.player(game.boards[-2].turn)
    if mover not in (None, "user"):
        lands[game.moves[-1]] = "reply"
        if game.ply > 1 and game.player(game.boards[-3].turn) == "user":
            lands[game.moves[-2]] = "now"
    return lands


def moves(game: Game) -> tuple[Move, ...]:
    """The move list, numbered from 1, with the mark that played each move."""
    marks = ["X", "O"] if game.start.turn != "O" else ["O", "X"]
    return tuple(Move(n + 1, marks[n % 2], cell) for n, cell in enumerate(game.moves))
