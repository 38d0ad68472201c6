"""The pages and the JSON view: parse the request, ask the engine, save, redirect or render."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import generate_csrf

from . import board_view, games
from .engine import PLAYER_KINDS, Board, Game, TicTacToeError

bp = Blueprint("game", __name__)

BAD_PARAMETERS = "Bad parameters!"
STALE = "This board has changed since the page was shown; nothing was played."
NOT_YOUR_TURN = "It is not your turn: the computer moves next."
ONLY_COMPUTERS = "Next move and Play to the end are for games between two computers."


def _to_board(accepted: bool = False) -> ResponseReturnValue:
    """Post/Redirect/Get back to the board; a header tells programs whether the post took."""
    response = redirect(url_for(".index"), code=303)
    response.headers["X-Move-Result"] = "accepted" if accepted else "refused"
    return response


def _stale(current: games.CurrentGame) -> bool:
    """Whether the posted form was made for another game or an earlier move of this one.

    Clients that send neither field (scripts speaking only the ``cell`` contract) are not
    refused; every form of our pages sends both.
    """
    posted_id, posted_ply = request.form.get("game"), request.form.get("ply")
    if posted_id is None and posted_ply is None:
        return False
    return posted_id != current.game_id or posted_ply != str(current.game.ply)


@bp.get("/")
def index() -> ResponseReturnValue:
    """The board."""
    current = games.load()
    return render_template("board.html", view=board_view.build(current), score=games.score())


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move, and the computer's reply in the same request."""
    current = games.load()
    game = current.game
    if _stale(current):
        flash(STALE, "error")
    elif not game.board.is_over and not game.person_to_move:
        flash(NOT_YOUR_TURN, "error")
    else:
        try:
            game = game.play(request.form.get("cell", ""))
        except TicTacToeError as error:
            flash(error.message, "error")
        else:
            games.save(current, game.reply_until_person())
            return _to_board(accepted=True)
    return _to_board()


@bp.post("/step")
def step() -> ResponseReturnValue:
    """Computer against computer: play the next move."""
    return _advance(to_the_end=False)


@bp.post("/finish")
def finish() -> ResponseReturnValue:
    """Computer against computer: play the game to its end."""
    return _advance(to_the_end=True)


def _advance(to_the_end: bool) -> ResponseReturnValue:
    current = games.load()
    game = current.game
    if _stale(current):
        flash(STALE, "error")
    elif not game.is_computer_vs_computer:
        flash(ONLY_COMPUTERS, "error")
    elif game.board.is_over:
        flash(f"The game is over ({game.board.status}); start a new game to play again.", "error")
    else:
        game = game.play_computer()
        while to_the_end and not game.board.is_over:
            game = game.play_computer()
        games.save(current, game)
        return _to_board(accepted=True)
    return _to_board()


@bp.get("/new")
def setup() -> ResponseReturnValue:
    """The setup form, filled with the current players or with those in the query string."""
    game = games.load().game
    chosen = {
        "x": _kind(request.args.get("x")) or game.x,
        "o": _kind(request.args.get("o")) or game.o,
        "position": request.args.get("position", "")[:20],
    }
    return render_template("setup.html", chosen=chosen, kinds=PLAYER_KINDS)


@bp.post("/new")
def start() -> ResponseReturnValue:
    """Start a game between the posted players, from the empty board or a position."""
    x, o = _kind(request.form.get("x")), _kind(request.form.get("o"))
    position = request.form.get("position", "").strip()
    if x is None or o is None:
        flash(BAD_PARAMETERS, "error")
        return redirect(url_for(".setup"), code=303)
    try:
        game = Game.new(x, o, position or None)
    except TicTacToeError as error:
        flash(error.message, "error")
        return redirect(url_for(".setup", x=x, o=o, position=position[:20]), code=303)
    games.start(game)
    return _to_board(accepted=True)


@bp.post("/again")
def play_again() -> ResponseReturnValue:
    """A new game from the empty board with the same players."""
    game = games.load().game
    games.start(Game(x=game.x, o=game.o))
    return _to_board(accepted=True)


@bp.get("/api/game")
def api_game() -> ResponseReturnValue:
    """The game as JSON, with the CSRF token that programs send back in ``X-CSRFToken``."""
    current = games.load()
    return jsonify(game_json(current, games.score()))


def game_json(current: games.CurrentGame, score: dict[str, int]) -> dict[str, Any]:
    """The JSON shape of a game, shared by every API response."""
    game = current.game
    board: Board = game.board
    return {
        "board": board.to_string(),
        "turn": board.turn,
        "status": str(board.status),
        "line": list(board.winning_line) if board.winning_line else None,
        "players": {"X": game.x, "O": game.o},
        "moves": list(game.moves),
        "start": game.start.to_string(),
        "ply": game.ply,
        "game": current.game_id,
        "score": score,
        "csrf_token": generate_csrf(),
    }


def _kind(value: str | None) -> str | None:
    return value if value in PLAYER_KINDS else None
