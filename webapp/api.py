"""The JSON API for programs: the game, new games, moves, computer moves and undo, and its
OpenAPI document.

It shares the session and the CSRF token (header ``X-CSRFToken``) with the pages. Errors are
``{"error": message}`` and change nothing: 400 for a request of the wrong shape, 409 when it
conflicts with the game as it is now (a stale ply, an occupied cell, the game over), 422 for
a position the engine refuses, 403 for a missing or wrong CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from . import games, plays, templating
from .engine import (
    CELL_IDS,
    PLAYER_KINDS,
    Board,
    Game,
    TicTacToeError,
    UnknownCellError,
    UnknownLevelError,
    evaluate,
)
from .openapi import DOCUMENT
from .routes import STALE

bp = Blueprint("api", __name__, url_prefix="/api")

NOT_AN_OBJECT = "The request body must be a JSON object."
# The page's message names its buttons; a program is told what the step is for instead.
STEP_ONLY_COMPUTERS = "This game has a person in it: /api/step is for games between two computers."
NOT_JSON = "Send the request body as JSON, with Content-Type: application/json."
BAD_POSITION_SHAPE = "A position is 9 cells of capital X, O and _ (for empty), with no spaces."
POSITION_CELLS = frozenset("XO_")


class ApiError(Exception):
    """A refused request: the status code and the message for ``{"error": ...}``."""

    def __init__(self, status: int, message: str) -> None:
        """Refuse with ``status`` and ``message``."""
        super().__init__(message)
        self.status = status
        self.message = message


@bp.errorhandler(ApiError)
def _refused(error: ApiError) -> ResponseReturnValue:
    """``{"error": message}`` with the status of the refusal."""
    return jsonify(error=error.message), error.status


@bp.get("/game")
def game() -> ResponseReturnValue:
    """The game as JSON, with the CSRF token that programs send back in ``X-CSRFToken``."""
    return jsonify(game_json(games.load()))


@bp.post("/new")
def new() -> ResponseReturnValue:
    """Start a game: ``{"x": kind, "o": kind, "position": "_XXOO_OX_" or null, "toss": bool}``."""
    body = _body()
    x, o = _kind(body, "x"), _kind(body, "o")
    start = _position(body.get("position"))
    toss = body.get("toss", False)
    if not isinstance(toss, bool):
        raise ApiError(400, "The field 'toss' must be true or false.")
    return jsonify(game_json(games.start(Game(x=x, o=o, start=start), toss=toss)))


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move ``{"cell": "B2", "ply": n}``, and the computer's reply."""
    body = _body()
    cell = _required(body, "cell")
    if not isinstance(cell, str) or cell not in CELL_IDS:
        raise ApiError(400, UnknownCellError(cell).message)
    current = _current(body, ply_required=True)
    return _apply(current, lambda game: plays.person_moves(game, cell))


@bp.post("/step")
def step() -> ResponseReturnValue:
    """Computer against computer: the next move, or with ``"to_end": true`` every move left,
    as the Next move and Play to the end buttons do. The body is ``{"ply": n}``."""
    body = _body()
    to_the_end = body.get("to_end", False)
    if not isinstance(to_the_end, bool):
        raise ApiError(400, "The field 'to_end' must be true or false.")
    current = _current(body, ply_required=True)
    return _apply(
        current,
        lambda game: plays.computers_move(game, to_the_end),
        {plays.OnlyComputersError: STEP_ONLY_COMPUTERS},
    )


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    """Take back a move as the Undo button does; the body ``{"ply": n}`` is optional."""
    body = _body(optional=True)
    return _apply(_current(body, ply_required=False), plays.take_back)


def _apply(
    current: games.CurrentGame,
    action: Callable[[Game], Game],
    wording: Mapping[type[TicTacToeError], str] | None = None,
) -> ResponseReturnValue:
    """Save what ``action`` makes of the game and answer with it; a refusal is a 409, in the
    API's own ``wording`` where the page's message would not fit."""
    try:
        game = action(current.game)
    except TicTacToeError as error:
        message = (wording or {}).get(type(error), error.message)
        raise ApiError(409, message) from error
    return jsonify(game_json(games.save(current, game)))


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of this API."""
    return jsonify(DOCUMENT)


def game_json(current: games.CurrentGame) -> dict[str, Any]:
    """The JSON shape of a game, shared by every API response."""
    game = current.game
    board: Board = game.board
    evaluation = evaluate(board)
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
        "evaluation": {
            "result": str(evaluation.result),
            "moves": evaluation.moves,
            "best": sorted(evaluation.best),
        },
        "csrf_token": templating.csrf_token(),
    }


def _body(optional: bool = False) -> dict[str, Any]:
    """The JSON object of the request; with ``optional``, an empty body is ``{}``."""
    if optional and not request.get_data(cache=True):
        return {}
    if not request.is_json:
        raise ApiError(415, NOT_JSON)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, NOT_AN_OBJECT)
    return data


def _required(body: dict[str, Any], name: str) -> Any:
    """The field ``name`` of the body; a 400 when it is missing."""
    if name not in body:
        raise ApiError(400, f"The field {name!r} is required.")
    return body[name]


def _kind(body: dict[str, Any], name: str) -> str:
    """The player kind in field ``name``; a 400 with the engine's message when unknown."""
    kind = _required(body, name)
    if not isinstance(kind, str) or kind not in PLAYER_KINDS:
        raise ApiError(400, UnknownLevelError(kind).message)
    return kind


def _position(position: Any) -> Board:
    """The start board: the empty board for null or ``""``, else a strict position string.

    A string of nine ``X``, ``O`` and ``_`` is the right shape, so the engine's refusal (such
    as impossible counts) is a 422; anything else is a 400 with the engine's reason.
    """
    if position is None or position == "":
        return Board()
    well_formed = isinstance(position, str) and len(position) == 9
    well_formed = well_formed and set(position) <= POSITION_CELLS
    try:
        board = Board.from_string(position)
    except TicTacToeError as error:
        raise ApiError(422 if well_formed else 400, error.message) from error
    if not well_formed:  # the engine forgives case and spaces; the API's schema does not
        raise ApiError(400, BAD_POSITION_SHAPE)
    return board


def _current(body: dict[str, Any], ply_required: bool) -> games.CurrentGame:
    """The session's game, unless the request was made for another game or move (409)."""
    if ply_required:
        _required(body, "ply")
    ply, game_id = _whole_number(body.get("ply")), body.get("game")
    if "ply" in body and ply is None:
        raise ApiError(400, "The field 'ply' must be a whole number: the ply from /api/game.")
    if "game" in body and not isinstance(game_id, str):
        raise ApiError(400, "The field 'game' must be a string: the game id from /api/game.")
    current = games.load()
    stale = (ply is not None and ply != current.game.ply) or (
        game_id is not None and game_id != current.game_id
    )
    if stale:
        raise ApiError(409, STALE)
    return current


def _whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (JSON's ``3.0`` is one too), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None
