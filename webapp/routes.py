"""The board and setup pages and the move forms: parse the request, ask the engine, redirect."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from . import board_page, games, plays, sides, templating
from .engine import PLAYER_KINDS, Board, Game, TicTacToeError

bp = Blueprint("game", __name__)

BAD_PARAMETERS = "Bad parameters!"
STALE = "This board has changed since the page was shown; nothing was played."
POSITION_LIMIT = 20  # characters of a position kept from a form or link


def to_board(accepted: bool = False) -> ResponseReturnValue:
    """Post/Redirect/Get back to the board; a header tells programs whether the post took."""
    # A bare 303: Flask's redirect() also writes an HTML body that browsers never show.
    result = "accepted" if accepted else "refused"
    headers = {"Location": templating.links()["home"], "X-Move-Result": result}
    return current_app.response_class(status=303, headers=headers)


def stale_form(current: games.CurrentGame) -> bool:
    """Whether the posted form was made for another game or an earlier move of this one."""
    return current.is_stale(request.form.get("game"), request.form.get("ply"))


@bp.get("/")
def index() -> ResponseReturnValue:
    """The board; ``?hint=1`` adds the value of the position and marks the best cells."""
    current = games.load()
    return board_page.render(current, games.tally(current), hint=request.args.get("hint") == "1")


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move, and the computer's reply in the same request."""
    return apply_to_board(lambda game: plays.person_moves(game, request.form.get("cell", "")))


@bp.post("/step")
def step() -> ResponseReturnValue:
    """Computer against computer: play the next move."""
    return _advance(to_the_end=False)


@bp.post("/finish")
def finish() -> ResponseReturnValue:
    """Computer against computer: play the game to its end."""
    return _advance(to_the_end=True)


def _advance(to_the_end: bool) -> ResponseReturnValue:
    """Play the next computer move, or all of them, in a computer-against-computer game."""
    return apply_to_board(lambda game: plays.computers_move(game, to_the_end))


def apply_to_board(action: Callable[[Game], Game]) -> ResponseReturnValue:
    """Save what ``action`` makes of the session's game and go back to the board; a form made
    for an earlier board, or a refusal of the rules, is flashed instead."""
    current = games.load()
    if stale_form(current):
        flash(STALE, "error")
        return to_board()
    try:
        game = action(current.game)
    except TicTacToeError as error:
        flash(error.message, "error")
        return to_board()
    games.save(current, game)
    return to_board(accepted=True)


@bp.get("/new")
def setup() -> ResponseReturnValue:
    """The setup form, filled with the current players or with those of the query string.

    A shared link (``/new?position=…&x=…&o=…``) only fills the form: nothing starts until the
    person presses Start. Unknown players are ignored and a bad position is explained.
    """
    game = games.load().game
    position = _text(request.args.get("position"))[:POSITION_LIMIT]
    chosen = {
        "x": _kind(request.args.get("x")) or game.x,
        "o": _kind(request.args.get("o")) or game.o,
        "position": position,
    }
    problem = None
    if position.strip():
        try:
            Board.from_string(position)
        except TicTacToeError as error:
            problem = error.message
    return render_template("setup.html", chosen=chosen, kinds=PLAYER_KINDS, problem=problem)


@bp.post("/new")
def start() -> ResponseReturnValue:
    """Start a game between the posted players, from the empty board or a position.

    With ``toss`` the coin may swap the two chosen players, so either can play X.
    """
    x, o = _kind(request.form.get("x")), _kind(request.form.get("o"))
    position = _text(request.form.get("position")).strip()
    if x is None or o is None:
        flash(BAD_PARAMETERS, "error")
        return redirect(url_for(".setup"), code=303)
    try:
        game = Game.new(x, o, position or None)
    except TicTacToeError as error:
        flash(error.message, "error")
        back = url_for(".setup", x=x, o=o, position=position[:POSITION_LIMIT])
        return redirect(back, code=303)
    current = games.start(game, toss=bool(request.form.get("toss")))
    if request.form.get("toss"):
        flash(sides.toss_message(current.names), "info")
    return to_board(accepted=True)


def _kind(value: str | None) -> str | None:
    """``value`` if it is a player kind, else ``None``."""
    return value if value in PLAYER_KINDS else None


def _text(value: str | None) -> str:
    """``value``, or the empty string when it is missing."""
    return value if isinstance(value, str) else ""
