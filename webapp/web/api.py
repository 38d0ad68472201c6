"""The JSON API for programs: the match, new games, moves, computer moves and undo, and its
OpenAPI document.

It shares the session and the CSRF token (header ``X-CSRFToken``) with the pages. Errors are
``{"error": message}`` and change nothing: 400 for a request of the wrong shape, 409 when it
conflicts with the match as it is now (a stale version or ply, an occupied cell, the game
over), 422 for a position the engine refuses, 403 for a missing or wrong CSRF token.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import Blueprint, current_app, jsonify, request, session
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from ..engine import (
    CELL_IDS,
    N_,
    Board,
    Game,
    TicTacToeError,
    UnknownCellError,
    UnknownLevelError,
    evaluate,
)
from ..rules import Match, OnlyComputersError, check_start, seats
from ..rules.online import new_secret
from ..store import new_match_id
from . import limits, live, matches, online, review
from .i18n import gettext as _
from .i18n import said

# The OpenAPI 3.1 document is data, kept as it is served; tests hold its enums to the engine's.
DOCUMENT = json.loads(Path(__file__).with_name("openapi.json").read_text())

bp = Blueprint("api", __name__, url_prefix="/api")

NOT_AN_OBJECT = N_("The request body must be a JSON object.")
# The page's message names its buttons; a program is told what the step is for instead.
STEP_ONLY_COMPUTERS = N_(
    "This game has a person in it: /api/step is for games between two computers."
)
NOT_JSON = N_("Send the request body as JSON, with Content-Type: application/json.")
STREAMS_FULL = N_("Too many live boards are open on this server: reload the board to see changes.")
BAD_POSITION_SHAPE = N_("A position is 9 cells of capital X, O and _ (for empty), with no spaces.")
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
    """The match as JSON, with the CSRF token that programs send back in ``X-CSRFToken``."""
    return jsonify(game_json(matches.current()))


@bp.get("/review")
def review_json() -> ResponseReturnValue:
    """The review of the finished game: each move's value, and the first mistake (409 before
    the game is over)."""
    current = matches.current()
    if not current.match.is_over:
        raise ApiError(409, _(review.NOT_OVER))
    return jsonify(review.as_json(current))


@bp.post("/new")
@limits.creating
def new() -> ResponseReturnValue:
    """Start a game: ``{"x": kind, "o": kind, "position": "_XXOO_OX_" or null, "toss": bool}``."""
    body = _body()
    x, o = _kind(body, "x"), _kind(body, "o")
    start = _position(body.get("position"))
    toss = body.get("toss", False)
    if not isinstance(toss, bool):
        raise ApiError(400, _("The field 'toss' must be true or false."))
    try:
        check_start(start)
        online_game = seats.online_game(x, o, start)
    except TicTacToeError as error:
        raise ApiError(422, said(error)) from error
    if online_game is not None:
        (game, first), key = online_game, new_secret()
        opened = matches.change(
            lambda seen: seats.opened(game, first, toss, key), match_id=new_match_id(), key=key
        )
        return jsonify(game_json(opened))
    game = Game(x=x, o=o, start=start)
    fresh = new_match_id() if matches.current().match.online else None
    current = matches.change(lambda seen: seen.match.new_game(game, toss=toss), match_id=fresh)
    return jsonify(game_json(current))


@bp.post("/join")
def join() -> ResponseReturnValue:
    """Take the free seat of ``{"invite": "<token>"}``: 404 for an unknown invite, 409 for a
    full match or one's own."""
    invite = _required(_body(), "invite")
    match_id, secret = online.split(invite if isinstance(invite, str) else "")
    if not match_id:
        raise ApiError(404, said(seats.UnknownInviteError()))
    key = new_secret()
    try:
        joined = matches.change(
            lambda seen: seats.join(seen.match, secret, key, session.get(matches.SEAT_KEY)),
            match_id=match_id,
            key=key,
        )
    except seats.UnknownInviteError as error:
        raise ApiError(404, said(error)) from error
    except TicTacToeError as error:
        raise ApiError(409, said(error)) from error
    return jsonify(game_json(joined))


@bp.post("/seat")
def seat() -> ResponseReturnValue:
    """Continue on this program: ``{"seat": "<token>"}`` (the last part of ``online.seat``)
    moves that seat here; the session that held it only watches. 404 for a used link."""
    token = _required(_body(), "seat")
    try:
        moved = online.take_seat(token if isinstance(token, str) else "")
    except online.StaleSeatLinkError as error:
        raise ApiError(404, said(error)) from error
    return jsonify(game_json(moved))


@bp.post("/resign")
def resign() -> ResponseReturnValue:
    """Give up the game of an online match; the body ``{"version": n}`` is optional."""
    return _apply(_expected(_body(optional=True), False), lambda s: seats.resign(s.match, s.seat))


@bp.post("/abort")
def abort() -> ResponseReturnValue:
    """Call the game off before each side has moved once."""
    return _apply(_expected(_body(optional=True), False), lambda s: seats.abort(s.match, s.seat))


@bp.post("/claim")
def claim() -> ResponseReturnValue:
    """Claim the win from a friend to move who has been away for 2 minutes."""
    return _apply(_expected(_body(optional=True), False), online.claimed)


@bp.post("/rematch")
def rematch() -> ResponseReturnValue:
    """Offer a rematch of the finished game, or accept the friend's offer."""
    body = _body(optional=True)
    return _apply(_expected(body, False), lambda s: seats.rematch(s.match, s.seat))


@bp.get("/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events of a match's versions (``?match=<id>``, else this browser's): the
    event id is the version; the stream ends after a while and the client reconnects with
    ``Last-Event-ID``."""
    current = _shown(request.args.get("match"))
    if not current.match_id:
        raise ApiError(404, _("This browser has no match yet: start one with POST /api/new."))
    hub: live.Hub = current_app.extensions["live"]
    slot = live.place(hub)  # None when the server, the address or the browser has its fill
    if slot is None:
        raise ApiError(503, _(STREAMS_FULL))
    after = _int(request.headers.get("Last-Event-ID"))
    if after is None:
        after = _int(request.args.get("version"))
    lifetime = float(current_app.config["STREAM_LIFETIME"])
    stream = live.events(hub, current.match_id, current.seat, after or -1, lifetime)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    response = current_app.response_class(stream, mimetype="text/event-stream", headers=headers)
    response.call_on_close(slot.release)
    return response


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move ``{"cell": "B2", "ply": n}``, and the computer's reply."""
    body = _body()
    cell = _required(body, "cell")
    if not isinstance(cell, str) or cell not in CELL_IDS:
        raise ApiError(400, said(UnknownCellError(cell)))
    expected = _expected(body, ply_required=True)
    return _apply(expected, lambda seen: seats.move(seen.match, seen.seat, cell))


@bp.post("/step")
def step() -> ResponseReturnValue:
    """Computer against computer: the next move, or with ``"to_end": true`` every move left,
    as the Next move and Play to the end buttons do. The body is ``{"ply": n}``."""
    body = _body()
    to_the_end = body.get("to_end", False)
    if not isinstance(to_the_end, bool):
        raise ApiError(400, _("The field 'to_end' must be true or false."))
    expected = _expected(body, ply_required=True)
    return _apply(
        expected,
        lambda seen: seats.local(seen.match).step(to_the_end),
        {OnlyComputersError: _(STEP_ONLY_COMPUTERS)},
    )


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    """Take back a move as the Undo button does; the body ``{"ply": n}`` is optional."""
    body = _body(optional=True)
    expected = _expected(body, ply_required=False)
    return _apply(expected, lambda seen: seats.local(seen.match).take_back())


def _apply(
    expected: matches.Expected,
    action: Callable[[matches.Current], Match],
    wording: Mapping[type[TicTacToeError], str] | None = None,
) -> ResponseReturnValue:
    """Save what ``action`` makes of the match and answer with it; a refusal (a stale request
    too) is a 409, in the API's own ``wording`` where the page's message would not fit."""
    try:
        current = matches.change(action, expected)
    except TicTacToeError as error:
        message = (wording or {}).get(type(error)) or said(error)
        raise ApiError(409, message) from error
    return jsonify(game_json(current))


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of this API."""
    return jsonify(DOCUMENT)


def game_json(current: matches.Current) -> dict[str, Any]:
    """The JSON shape of a match, shared by every API response."""
    game = current.match.game
    board: Board = game.board
    evaluation = evaluate(board)
    return {
        "board": board.to_string(),
        "turn": board.turn,
        "status": str(board.status),
        "line": list(board.winning_line) if board.winning_line else None,
        "players": {"X": game.x, "O": game.o},
        "names": current.match.names,
        "moves": list(game.moves),
        "start": game.start.to_string(),
        "ply": game.ply,
        "game": current.match.game_id,
        "version": current.version,
        "tally": _tally(current.match),
        "you": current.you,
        "online": online.as_json(current),
        "evaluation": {
            "result": str(evaluation.result),
            "moves": evaluation.moves,
            "best": sorted(evaluation.best),
        },
        "csrf_token": generate_csrf(),
    }


def _tally(match: Match) -> dict[str, Any]:
    """Games won by each player by name (this match's players listed even at 0), draws, and
    whether the current game is practice (from a chosen position: it does not count)."""
    wins = {name: 0 for name in match.names.values()} | match.score.wins
    return {"wins": wins, "draws": match.score.draws, "practice": match.practice}


def _body(optional: bool = False) -> dict[str, Any]:
    """The JSON object of the request; with ``optional``, an empty body is ``{}``."""
    if optional and not request.get_data(cache=True):
        return {}
    if not request.is_json:
        raise ApiError(415, _(NOT_JSON))
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # a body of a thousand nested arrays: not an object either
        data = None
    if not isinstance(data, dict):
        raise ApiError(400, _(NOT_AN_OBJECT))
    return data


def _required(body: dict[str, Any], name: str) -> Any:
    """The field ``name`` of the body; a 400 when it is missing."""
    if name not in body:
        raise ApiError(400, _("The field %(name)s is required.", name=repr(name)))
    return body[name]


def _kind(body: dict[str, Any], name: str) -> str:
    """The player kind in field ``name``; a 400 with the engine's message when unknown."""
    kind = _required(body, name)
    if not isinstance(kind, str) or kind not in seats.KINDS:
        raise ApiError(400, said(UnknownLevelError(kind)))
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
        raise ApiError(422 if well_formed else 400, said(error)) from error
    if not well_formed:  # the engine forgives case and spaces; the API's schema does not
        raise ApiError(400, _(BAD_POSITION_SHAPE))
    return board


def _expected(body: dict[str, Any], ply_required: bool) -> matches.Expected:
    """What the request was made for: a request for another version, game or move is a 409.

    ``ply`` (required for moves) or ``version`` names the state; ``version`` is the safer,
    since after an undo and a different move the ply is the same but the board is not.
    """
    if ply_required and "version" not in body:
        _required(body, "ply")
    ply, version, game_id = _whole_number(body.get("ply")), body.get("version"), body.get("game")
    if "ply" in body and ply is None:
        raise ApiError(400, _("The field 'ply' must be a whole number: the ply from /api/game."))
    version = _whole_number(version)
    if "version" in body and version is None:
        raise ApiError(400, _("The field 'version' must be a whole number: from /api/game."))
    if "game" in body and not isinstance(game_id, str):
        raise ApiError(400, _("The field 'game' must be a string: the game id from /api/game."))
    return matches.Expected(version=version, game_id=game_id, ply=ply)


def _shown(match_id: str | None) -> matches.Current:
    """The match ``match_id`` as a spectator sees it, or this browser's own; 404 if none."""
    if not match_id or match_id == session.get(matches.MATCH_KEY):
        return matches.current()
    current = matches.watched(match_id)
    if current is None:
        raise ApiError(404, _("There is no match with this id: it may have expired."))
    return current


def _int(text: str | None) -> int | None:
    """A header's or query's whole number, if it is one."""
    if text and text.isascii() and text.isdigit() and len(text) < 19:
        return int(text)
    return None


def _whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (JSON's ``3.0`` is one too), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) else None
