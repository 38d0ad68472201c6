"""The one factory of the action table's views: each row's form routes and its API route reach
a view made here, which applies the row's rule through the request cycle and answers by the
route it was reached by: the board again (Post/Redirect/Get) with what was done, or the match
as JSON. Text mode applies a row through ``apply`` too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec
from flask import Blueprint, flash, request
from flask.typing import ResponseReturnValue
from msgspec import UNSET, Struct, UnsetType

from ..engine import N_
from ..rules import Outcome
from .action_table import ACTIONS, Action
from .cycle import matches
from .cycle.posted import posted_expected
from .site.errors import ApiError, for_api, to_board
from .site.i18n import gettext as _
from .views.answers import answer, game_json
from .views.bodies import decode
from .views.schema import ExpectedBody

# The blueprint keeps the forms' old name: the templates post to forms.move, forms.undo…
bp = Blueprint("forms", __name__)
Given = TypeVar("Given")
BAD_FIELD = N_("This form was not filled in as the board fills it, so nothing was changed.")


def apply(
    action: Action, params: Any, expected: matches.Expected | None
) -> tuple[matches.Current, Outcome]:
    """``action`` with ``params`` applied to this browser's match, made for ``expected``."""
    return matches.act(lambda seen: action.rule(seen, params), expected)


def view(action: Action, endpoint: str, fixed: dict[str, Any]) -> Callable[[], ResponseReturnValue]:
    """The view of ``action`` at ``endpoint``: a program's typed body, or a form's posted
    fields with the ``fixed`` parameters of its route."""

    def answered() -> ResponseReturnValue:
        return _for_program(action) if for_api() else from_form(action, fixed)

    answered.__name__ = endpoint
    answered.__doc__ = action.summary
    return answered


def _for_program(action: Action) -> ResponseReturnValue:
    """The action from a program's body; the match after it, as JSON."""
    body = decode(action.body, optional=not action.body_required)
    try:
        now, _outcome = apply(action, body, expected(body))
    except tuple(action.api_says) as error:
        # The API's words for this refusal, found by class: a subclass's too.
        says = next(text for kind, text in action.api_says.items() if isinstance(error, kind))
        raise ApiError(error.refusal, text=_(says)) from error
    return answer(game_json(now))


def from_form(action: Action, fixed: dict[str, Any]) -> ResponseReturnValue:
    """The action from the posted fields and ``fixed``; back to the board, saying what was
    done (a refusal is flashed there by errors.py)."""
    fields = action.params.__struct_fields__
    posted = {name: request.form[name] for name in fields if name in request.form}
    try:
        params = msgspec.convert({**posted, **fixed}, action.params, strict=False)
    except msgspec.ValidationError:
        flash(_(BAD_FIELD), "error")
        return to_board()
    apply(action, params, posted_expected())
    if action.done:
        flash(_(action.done), "info")
    return to_board(accepted=True)


def expected(body: Struct | None = None) -> matches.Expected:
    """What a program's request was made for, as ``body`` or else the request's optional body
    says: a request for another version, game or move is a 409.

    ``ply`` or ``version`` names the state; ``version`` is the safer, since after an undo and
    a different move the ply is the same but the board is not. A ``version`` is checked
    against the last change of the game (cycle.Expected): the opponent's messages and mutes
    since do not refuse a program's move.
    """
    if body is None:
        body = decode(ExpectedBody, optional=True)
    given = {name: _given(getattr(body, name, UNSET)) for name in ("version", "game", "ply")}
    return matches.Expected(version=given["version"], game_id=given["game"], ply=given["ply"])


def _given(value: Given | UnsetType) -> Given | None:
    """A field of the body as sent, or ``None`` when it was left out."""
    return None if isinstance(value, UnsetType) else value


for _action in ACTIONS:
    for _endpoint, (_route, _fixed) in _action.forms.items():
        bp.add_url_rule(_route, _endpoint, view(_action, _endpoint, _fixed), methods=["POST"])
    if _action.api:
        _name = f"api_{_action.name}"
        bp.add_url_rule(_action.api, _name, view(_action, _name, {}), methods=["POST"])
