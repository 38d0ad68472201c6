"""The review page of a finished game, and GET /api/review."""

from __future__ import annotations

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from ..cycle import matches
from ..site.errors import for_api, render_error
from ..site.i18n import render
from ..site.refusals import REVIEW_NOT_READY
from ..views.answers import answer
from ..views.operations import Operation, read
from ..views.review import OTHER_REVIEW, ReviewJson, build

bp = Blueprint("review", __name__)


@read(
    bp,
    "/review",
    "/api/review",
    Operation(
        "The review of this session's finished game.",
        {404: "`game` names another game than the current one.", 409: "The game is not over yet."},
        answer=ReviewJson,
        answered="The review.",
    ),
)
def review_page() -> ResponseReturnValue:
    """The review of this browser's finished game: each move's value before and after it,
    and the first move that changed the result (409 before the game is over). Like the
    replay, ``?game=`` names its game."""
    current = matches.current()
    named = request.args.get("game")
    if named and named != current.match.game_id:
        return render_error(404, refusal=OTHER_REVIEW)
    if not current.match.is_over:
        return render_error(409, refusal=REVIEW_NOT_READY)
    shown = build(current)
    return answer(shown) if for_api() else render("review.html", view=shown)
