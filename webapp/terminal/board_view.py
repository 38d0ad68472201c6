"""How a board is drawn in the console: seed 002's frame of dashes and bars, on any size."""

from __future__ import annotations

from webapp.engine import Board

FRAME = "-" * 9


def render_board(board: Board) -> str:
    """Seed 002's drawing of ``board`` (five lines on 3x3), without a final newline."""
    # Position strings mark an empty cell with "_"; the console shows a space there.
    marks = [mark if mark in ("X", "O") else " " for mark in board.to_string()]
    size = board.size
    rows = [
        "| " + " ".join(marks[start : start + size]) + " |" for start in range(0, size * size, size)
    ]
    frame = "-" * (2 * size + 3)
    return "\n".join([frame, *rows, frame])
