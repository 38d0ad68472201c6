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

from collections.abc import Callable, Iterator
from typing import TypeVar

from flask import Blueprint, request
from flask.typing import ResponseReturnValue
from msgspec import UNSET, Struct, UnsetType

from ...engine import UnknownCellError
from ..action_table import ACTIONS, Action
from ..cycle import deadlines, matches
from ..live import live, sse
from ..live.stream import events as followed
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..site.i18n import said
from ..views import review
from ..views.answers import answer, game_json
from ..views.schema import ExpectedBody
from .api_bodies import decode
from .api_document import DOCUMENT

bp = Blueprint("api", __name__, url_prefix="/api")
Given = TypeVar("Given")


@bp.get("/game")
def game() -> ResponseReturnValue:
    """The match as JSON, with the CSRF token that programs send back in ``X-CSRFToken``."""
    return answer(game_json(matches.current()))


@bp.get("/review")
def review_json() -> ResponseReturnValue:
    """The review of the finished game: each move's value, and the first mistake (409 before
    the game is over)."""
    current = matches.current()
    if not current.match.is_over:
        raise ApiError(409, _(review.NOT_OVER))
    return answer(review.as_json(current))


@bp.get("/events")
def events() -> ResponseReturnValue:
    """Server-Sent Events of a match's versions (``?match=<id>``, else this browser's): the
    event id is the version; the stream ends after a while and the client reconnects with
    ``Last-Event-ID``."""
    current = _shown(request.args.get("match"), shared=True)
    if not current.match_id:
        raise ApiError(404, _("This browser has no match yet: start one with POST /api/new."))
    after = sse.resumed_from()

    def stream(hub: live.Hub, lifetime: float) -> Iterator[str]:
        due = deadlines.due(hub.store, hub, current.match_id)
        return followed(hub, current.match_id, current.seat, after, lifetime, due)

    return sse.event_stream(stream)


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
        _route = _action.api.removeprefix(bp.url_prefix or "")
        bp.add_url_rule(_route, _action.name, _view(_action), methods=["POST"])


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """The OpenAPI 3.1 document of this API."""
    return answer(DOCUMENT)


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


def _shown(match_id: str | None, shared: bool = False) -> matches.Current:
    """The match ``match_id`` as a spectator sees it, or this browser's own; 404 if none
    (``shared``: read as a stream opening reads it, matches.looked_at)."""
    current = matches.looked_at(match_id, shared)
    if current is None:
        raise ApiError(404, _("There is no match with this id: it may have expired."))
    return current


def _given(value: Given | UnsetType) -> Given | None:
    """A field of the body as sent, or ``None`` when it was left out."""
    return None if isinstance(value, UnsetType) else value
