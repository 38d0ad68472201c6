"""Rounds between the same players: play again, swap sides, and resetting the score."""

from __future__ import annotations

from flask import Blueprint, flash
from flask.typing import ResponseReturnValue

from . import games, sides
from .engine import Game
from .routes import STALE, stale_form, to_board

bp = Blueprint("rounds", __name__)

SCORE_RESET = "The score is back to nothing."


@bp.post("/again")
def play_again() -> ResponseReturnValue:
    """A new game from the empty board with the same players on the same sides."""
    current = games.load()
    if stale_form(current):  # an old tab must not throw away the game another tab plays
        flash(STALE, "error")
        return to_board()
    game = current.game
    games.start(Game(x=game.x, o=game.o), current.first)
    return to_board(accepted=True)


@bp.post("/swap")
def swap_sides() -> ResponseReturnValue:
    """A new game from the empty board in which the two players swap marks, so X changes."""
    current = games.load()
    if stale_form(current):
        flash(STALE, "error")
        return to_board()
    game = current.game
    games.start(Game(x=game.o, o=game.x), sides.other(current.first))
    return to_board(accepted=True)


@bp.post("/score/reset")
def reset_score() -> ResponseReturnValue:
    """Set the score back to nothing; no game changes."""
    games.reset_score()
    flash(SCORE_RESET, "info")
    return to_board(accepted=True)
