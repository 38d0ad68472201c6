"""The board's forms, one per route of the action table: each POST reads its action's posted
fields, applies the action through the request cycle, and redirects back to the board (a
refusal is flashed there by errors.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from flask import Blueprint, flash, request
from flask.typing import ResponseReturnValue

from ...engine import N_
from ..action_table import ACTIONS, Action
from ..cycle import matches
from ..cycle.posted import posted_expected
from ..site.errors import to_board
from ..site.i18n import gettext as _

bp = Blueprint("forms", __name__)

BAD_FIELD = N_("This form was not filled in as the board fills it, so nothing was changed.")


def apply(action: Action, fixed: dict[str, Any]) -> ResponseReturnValue:
    """Apply ``action`` to this browser's match with the posted fields and ``fixed``
    parameters, and go back to the board."""
    fields = action.params.__struct_fields__
    posted = {name: request.form[name] for name in fields if name in request.form}
    try:
        params = msgspec.convert({**posted, **fixed}, action.params, strict=False)
    except msgspec.ValidationError:
        flash(_(BAD_FIELD), "error")
        return to_board()
    matches.act(lambda seen: action.rule(seen, params), posted_expected())
    if action.done:
        flash(_(action.done), "info")
    return to_board(accepted=True)


def _view(action: Action, endpoint: str, fixed: dict[str, Any]) -> Callable[[], Any]:
    def view() -> ResponseReturnValue:
        return apply(action, fixed)

    view.__name__ = endpoint
    view.__doc__ = f"The board's form: {action.summary}"
    return view


for _action in ACTIONS:
    for _endpoint, (_route, _fixed) in _action.forms.items():
        bp.add_url_rule(_route, _endpoint, _view(_action, _endpoint, _fixed), methods=["POST"])
