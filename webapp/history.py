"""Taking moves back: one, or against the computer its reply and the person's move."""

from __future__ import annotations

from flask import Blueprint, flash
from flask.typing import ResponseReturnValue

from . import games
from .routes import STALE, stale_form, to_board

bp = Blueprint("history", __name__)

NOTHING_TO_UNDO = "There is no move to take back."


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    """Take back the last move, or against the computer its reply and the person's move."""
    current = games.load()
    count = current.game.undo_count()
    if stale_form(current):
        flash(STALE, "error")
    elif count == 0:
        flash(NOTHING_TO_UNDO, "error")
    else:
        games.save(current, current.game.undo(count))
    return to_board()
