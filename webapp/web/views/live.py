"""A game being played now: LiveGameJson, both the JSON of GET /api/live and the live page's
context, which reads its board and clock in the viewer's words as properties."""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

from ...engine import Board
from ..cycle.deadlines import said_by
from ..site.i18n import gettext as _
from .schema import ClockJson


class LiveGameJson(Struct):
    """A game being played now by strangers met by quick pairing: anyone may watch it."""

    match: str
    watch: Annotated[str, Meta(description="The link that shows the board live, to watch.")]
    names: Annotated[dict[str, str], Meta(description="The player of X and of O, by name.")]
    board: Annotated[str, Meta(description="The position: 9 characters, X, O or _ per cell.")]
    clock: ClockJson | None

    @property
    def seen(self) -> tuple[object, ...]:
        """What the page shows of it, but the seconds left (its script counts them down)."""
        return self.match, self.board, *self.names.values(), self.clock and self.clock.deadline

    @property
    def position(self) -> Board:
        """The position now."""
        return Board.from_string(self.board)

    @property
    def rows(self) -> list[list[str]]:
        """The marks by row, ``""`` for an empty cell."""
        marks = [("" if mark == "_" else mark) for mark in self.board]
        n = self.position.size
        return [marks[row * n : row * n + n] for row in range(n)]

    @property
    def words(self) -> str:
        """The position in words, e.g. ``X on A1, B2; O on C3``."""
        board = self.position
        placed = [
            _("%(mark)s on %(cells)s", mark=mark, cells=", ".join(c for c, m in board if m == mark))
            for mark in ("X", "O")
            if any(m == mark for _c, m in board)
        ]
        return "; ".join(placed) or _("No moves yet.")

    @property
    def moves_by(self) -> str:
        """When the player to move runs out, as the board says it."""
        if self.clock is None or self.clock.deadline is None:
            return ""
        return said_by(self.clock.deadline, self.clock.per_move)
