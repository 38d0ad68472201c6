"""The JSON API for programs: the match, the review, the live events, a route for each
action of the action table, and the OpenAPI document (new games and joining are the entry
table's).

It shares the session and the CSRF token (header ``X-CSRFToken``) with the pages. Bodies are
read into the Structs of ``api_types``, and the answers are written from them. Errors are
``{"error": message}`` and change nothing: 400 for a request of the wrong shape (naming its
``field``), 409 when it conflicts with the match as it is now (a stale version or ply, an
occupied cell, the game over), 422 for a position the engine refuses, 403 for a missing or
wrong CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint
from flask.typing import ResponseReturnValue
from msgspec import UNSET, Struct, UnsetType

from ...engine import UnknownCellError
from ..action_table import ACTIONS, Action
from ..cycle import matches
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..site.i18n import said
from ..views.answers import answer, game_json
from ..views.bodies import decode
from ..views.operations import Operation, read
from ..views.schema import ExpectedBody
from .api_document import document

bp = Blueprint("api", __name__)
Given = TypeVar("Given")


def _view(action: Action) -> Callable[[], ResponseReturnValue]:
    def view() -> ResponseReturnValue:
        body = decode(action.body, optional=not action.body_required)
        try:
            now, _outcome = matches.act(lambda seen: action.rule(seen, body), _expected(body))
        except tuple(action.api_says) as error:
            raise ApiError(409, _(action.api_says[type(error)])) from error
        except UnknownCellError as error:  # a cell of 7x7 off this game's board, as F1 on 5x5
            raise ApiError(422, said(error), "cell") from error
        return answer(game_json(now))

    view.__name__ = action.name
    view.__doc__ = action.summary
    return view


for _action in ACTIONS:
    if _action.api:
        bp.add_url_rule(_action.api, _action.name, _view(_action), methods=["POST"])


@read(
    bp,
    None,
    "/api/openapi.json",
    Operation(
        "This document.", answer=dict[str, Any], answered="The OpenAPI 3.1 document of this API."
    ),
)
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of this API."""
    return answer(document())


def _expected(body: Struct | None = None) -> matches.Expected:
    """What the request was made for, as ``body`` or else the request's optional body says:
    a request for another version, game or move is a 409.

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
