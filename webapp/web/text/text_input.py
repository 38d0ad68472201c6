"""Text mode's one field: its POST reads a move or a command, applies a move or a change
through the same request cycle and actions as the board's buttons, and puts what happened
(or the command's answer) in a flashed announcement for the next page."""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Blueprint, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from ...rules import RuleError, errors
from ..action_table import BY_NAME, Action
from ..action_views import BadFieldError, apply, posted_twice
from ..cycle import matches
from ..cycle.matches import Current
from ..cycle.posted import posted_expected
from ..site import display as text
from ..site.errors import render_error, to_board
from ..site.i18n import gettext as _
from ..site.i18n import said
from ..views.viewer import viewer
from . import announce, text_commands

bp = Blueprint("text_input", __name__)

ANNOUNCE = "announce"  # the flash category of what happened: the page's polite live region
LONGEST = 40  # nothing the field understands is longer


@bp.post("/text")
def typed() -> ResponseReturnValue:
    """What was typed in text mode's field: a move, a command, or the answer to a question."""
    if posted_twice("command"):  # as the board's forms
        raise BadFieldError()
    typed_text = " ".join(request.form.get("command", "").split())[:LONGEST]
    watched = request.form.get("watch", "")
    current = matches.looked_at(watched)
    if current is None:
        return render_error(404)
    if request.form.get("confirm") == "resign":
        return _confirmed(current, typed_text)
    command = text_commands.command_of(typed_text)
    if command is None:
        return _move(current, typed_text)
    if command == "numpad":
        return _numpad(current)
    if command not in text_commands.CHANGES:
        flash(text_commands.answer(current, command, viewer(current).numpad), ANNOUNCE)
        return _back(current)
    if command == "resign" and current.match.online and not current.match.is_over:
        if current.watching:  # the watched match is not the spectator's to resign
            return _change(current, *text_commands.CHANGES[command])
        return redirect(url_for("board.index", confirm="resign"), 303)
    return _change(current, *text_commands.change(current, command))


def _move(current: Current, typed_text: str) -> ResponseReturnValue:
    """Play the cell ``typed_text`` names, as the board's button of that cell does."""
    problem = text_commands.refusal(typed_text, current.match.game.board, viewer(current).numpad)
    if problem:
        flash(problem, "error")
        return _back(current, accepted=False)
    cell = text_commands.cell_of(typed_text, viewer(current).numpad, current.match.game.size) or ""
    return _change(current, BY_NAME["move"], {"cell": cell})


def _change(current: Current, action: Action, fixed: dict[str, Any]) -> ResponseReturnValue:
    """Apply ``action`` through the request cycle; what happened becomes the announcement. A
    spectator changes nothing (the cycle acts on the browser's own match, not a watched one)."""
    if current.watching:
        flash(said(RuleError(errors.SPECTATOR)), "error")
        return _back(current, accepted=False)
    params = msgspec.convert(fixed, action.params)
    now, outcome = apply(action, params, posted_expected())
    flash(announce.outcome(now, outcome, announce.status(now)), ANNOUNCE)
    return to_board(accepted=True)


def _confirmed(current: Current, typed_text: str) -> ResponseReturnValue:
    """The answer to "Do you want to resign?": the word for yes resigns (a spectator is
    refused), a cell answers no and is played, anything else does not resign."""
    if typed_text.casefold() in ("yes", text_commands.yes_word().casefold()):
        return _change(current, *text_commands.CHANGES["resign"])
    if (
        text_commands.cell_of(typed_text, viewer(current).numpad, current.match.game.size)
        is not None
    ):
        return _move(current, typed_text)
    flash(_("You did not resign: the game goes on."), ANNOUNCE)
    return _back(current)


def _numpad(current: Current) -> ResponseReturnValue:
    """Turn the numpad layout on or off for this browser's typed digits."""
    on = not viewer(current).numpad
    if on and current.match.game.size != 3:  # a digit alone plays only on the 3x3 board
        here = _(
            "Digits will play as on a numeric keypad on a 3x3 board; here, type a cell such as B2."
        )
        flash(here, ANNOUNCE)
    elif on:
        flash(_("Digits now play as on a numeric keypad: 7 is A1, 3 is C3."), ANNOUNCE)
    else:
        flash(_("Digits alone no longer play: type a cell such as B2."), ANNOUNCE)
    response = _back(current)
    return text.remember(response, text.NUMPAD if on else text.ON)


def _back(current: Current, accepted: bool = True) -> Response:
    """Back to the board the field was on: this browser's, or the watched one; the header
    tells programs whether the post changed the match, as the board's forms do."""
    if current.watching:
        target = url_for("board.watch", match_id=current.match_id)
    else:
        target = url_for("board.index")
    response = redirect(target, 303)
    response.headers["X-Move-Result"] = "accepted" if accepted else "refused"
    return response
