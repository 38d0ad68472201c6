"""The review page of a finished game, and GET /api/review."""

from __future__ import annotations

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from ..cycle import matches
from ..site.errors import render_error
from ..site.i18n import gettext as _
from ..site.i18n import render
from ..views.review import NOT_OVER, OTHER_REVIEW, build

bp = Blueprint("review", __name__)


@bp.get("/review")
def review_page() -> ResponseReturnValue:
    """The review of this browser's finished game: each move's value before and after it,
    and the first move that changed the result. Like the replay, ``?game=`` names its game."""
    current = matches.current()
    named = request.args.get("game")
    if named and named != current.match.game_id:
        return render_error(404, _(OTHER_REVIEW))
    if not current.match.is_over:
        return render_error(409, _(NOT_OVER))
    return render("review.html", view=build(current))
