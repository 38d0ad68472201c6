"""The board's forms: each POST changes the match (or is refused with a message) and redirects
back to the board."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, current_app, flash, request, url_for
from flask.typing import ResponseReturnValue

from ..engine import N_, TicTacToeError
from ..rules import Match, seats
from . import matches
from .i18n import gettext as _
from .i18n import said

bp = Blueprint("forms", __name__)

SCORE_RESET = N_("Score reset.")


def to_board(accepted: bool = False) -> ResponseReturnValue:
    """Post/Redirect/Get back to the board; a header tells programs whether the post took."""
    # A bare 303: Flask's redirect() also writes an HTML body that browsers never show.
    headers = {"Location": url_for("pages.index"), "X-Move-Result": _result(accepted)}
    return current_app.response_class(status=303, headers=headers)


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move, and the computer's reply in the same request."""
    cell = request.form.get("cell", "")
    return change_board(lambda seen: seats.move(seen.match, seen.seat, cell))


@bp.post("/step")
def step() -> ResponseReturnValue:
    """Computer against computer: play the next move."""
    return change_board(lambda seen: seats.local(seen.match).step(to_the_end=False))


@bp.post("/finish")
def finish() -> ResponseReturnValue:
    """Computer against computer: play the game to its end."""
    return change_board(lambda seen: seats.local(seen.match).step(to_the_end=True))


@bp.post("/undo")
def undo() -> ResponseReturnValue:
    """Take back the last move, or against the computer its reply and the person's move."""
    return change_board(lambda seen: seats.local(seen.match).take_back())


@bp.post("/again")
def play_again() -> ResponseReturnValue:
    """A new game from the empty board with the same players on the same sides."""
    return change_board(lambda seen: seats.local(seen.match).again())


@bp.post("/swap")
def swap_sides() -> ResponseReturnValue:
    """A new game from the empty board in which the two players swap marks, so X changes."""
    return change_board(lambda seen: seats.local(seen.match).swapped())


@bp.post("/score/reset")
def reset_score() -> ResponseReturnValue:
    """Set the score back to nothing; no game changes."""
    try:
        matches.change(lambda seen: seats.local(seen.match).score_reset())
    except TicTacToeError as error:
        flash(said(error), "error")
        return to_board()
    flash(_(SCORE_RESET), "info")
    return to_board(accepted=True)


def change_board(action: Callable[[matches.Current], Match]) -> ResponseReturnValue:
    """Save what ``action`` makes of the match and go back to the board; a form made for an
    earlier board, or a refusal of the rules, is flashed instead."""
    try:
        matches.change(action, _expected())
    except TicTacToeError as error:
        flash(said(error), "error")
        return to_board()
    return to_board(accepted=True)


def _expected() -> matches.Expected | None:
    """What the posted form was made for: the match and its version, which every form of the
    board sends. Requests that send neither (scripts speaking only the ``cell`` contract) are
    validated by the rules alone."""
    match_id, version = request.form.get("match"), request.form.get("version")
    if match_id is None and version is None:
        return None
    # Only a short run of ASCII digits is a version: int() refuses "²" and 5,000 digits.
    number = -1
    if version is not None and version.isascii() and version.isdigit() and len(version) < 19:
        number = int(version)
    return matches.Expected(match_id=match_id, version=number)


def _result(accepted: bool) -> str:
    return "accepted" if accepted else "refused"
