"""The board's forms: each POST parses its fields, applies one action of the rules through the
request cycle, and redirects back to the board (a refusal is flashed there by errors.py)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, flash, request
from flask.typing import ResponseReturnValue

from ..engine import N_
from ..rules import Outcome, actions
from . import matches
from .errors import to_board
from .i18n import gettext as _

bp = Blueprint("forms", __name__)

SCORE_RESET = N_("Score reset.")

Action = Callable[[matches.Current], Outcome]

# The board's one-button forms: the endpoint's name, its address, and the rule it applies.
_BUTTONS: dict[str, tuple[str, Action]] = {
    "step": ("/step", lambda seen: actions.step(seen.match, seen.held, to_the_end=False)),
    "finish": ("/finish", lambda seen: actions.step(seen.match, seen.held, to_the_end=True)),
    "undo": ("/undo", lambda seen: actions.undo(seen.match, seen.held)),
    "play_again": ("/again", lambda seen: actions.again(seen.match, seen.held)),
    "swap_sides": ("/swap", lambda seen: actions.swap(seen.match, seen.held)),
}


@bp.post("/move")
def move() -> ResponseReturnValue:
    """A person's move, and the computer's reply in the same request."""
    cell = request.form.get("cell", "")
    return change_board(lambda seen: actions.move(seen.match, seen.held, cell))


@bp.post("/score/reset")
def reset_score() -> ResponseReturnValue:
    """Set the score back to nothing; no game changes."""
    matches.act(lambda seen: actions.reset_score(seen.match, seen.held))
    flash(_(SCORE_RESET), "info")
    return to_board(accepted=True)


def _button(endpoint: str, action: Action) -> Callable[[], ResponseReturnValue]:
    def view() -> ResponseReturnValue:
        return change_board(action)

    view.__name__ = endpoint
    view.__doc__ = f"The board's {endpoint.replace('_', ' ')} button."
    return view


for _endpoint, (_rule, _action) in _BUTTONS.items():
    bp.add_url_rule(_rule, _endpoint, _button(_endpoint, _action), methods=["POST"])


def change_board(action: Action) -> ResponseReturnValue:
    """Apply ``action`` to this browser's match and go back to the board."""
    matches.act(action, posted_expected())
    return to_board(accepted=True)


def posted_expected() -> matches.Expected | None:
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
