"""How a board is drawn in the console: seed 002's frame of dashes and bars."""

from __future__ import annotations

from webapp.engine import Board

FRAME = "-" * 9


def render_board(board: Board) -> str:
    """The five lines of seed 002's drawing of ``board``, without a final newline."""
    # Position strings mark an empty cell with "_"; the console shows a space there.
    marks = [mark if mark in ("X", "O") else " " for mark in board.to_string()]
    rows = ["| " + " ".join(marks[start : start + 3]) + " |" for start in (0, 3, 6)]
    return "\n".join([FRAME, *rows, FRAME])
