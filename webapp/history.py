"""Taking moves back and replaying the moves of the current game, one board at a time."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue

from . import board_view, games, plays
from .errors import render_error
from .routes import apply_to_board

bp = Blueprint("history", __name__)

NOTHING_TO_UNDO = plays.NothingToUndoError.default_message
OTHER_GAME = (
    "This replay link is for another game than the one this browser is playing (an earlier "
    "one is not kept): only the current game can be replayed."
)


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    """Take back the last move, or against the computer its reply and the person's move."""
    return apply_to_board(plays.take_back)


@bp.get("/replay/<int:ply>")
def replay(ply: int) -> ResponseReturnValue:
    """The board after move ``ply`` (0: the start), read-only, with first/previous/next/last.

    The page's links name their game (``?game=<id>``); a link from another game (an earlier
    one, or another browser's) gets a 404 that says so instead of showing this game's move
    ``ply``. Undo keeps the game, so after one a link shows the move played in its place.
    """
    current = games.load()
    named = request.args.get("game")
    if named and named != current.game_id:
        return render_error(404, OTHER_GAME)
    if ply > current.game.ply:
        return render_error(404, f"This game has no move {ply}; it has {current.game.ply}.")
    return render_template("replay.html", view=board_view.build_replay(current, ply))
