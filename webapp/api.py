"""The JSON API for programs: the game as JSON, in the session the pages use."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from . import games
from .engine import Board

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.get("/game")
def game() -> ResponseReturnValue:
    """The game as JSON, with the CSRF token that programs send back in ``X-CSRFToken``."""
    return jsonify(game_json(games.load()))


def game_json(current: games.CurrentGame) -> dict[str, Any]:
    """The JSON shape of a game, shared by every API response."""
    game = current.game
    board: Board = game.board
    return {
        "board": board.to_string(),
        "turn": board.turn,
        "status": str(board.status),
        "line": list(board.winning_line) if board.winning_line else None,
        "players": {"X": game.x, "O": game.o},
        "names": current.names,
        "moves": list(game.moves),
        "start": game.start.to_string(),
        "ply": game.ply,
        "game": current.game_id,
        "score": games.score(),
        "tally": games.tally(current),
        "csrf_token": generate_csrf(),
    }
