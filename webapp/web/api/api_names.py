"""This browser's drawn name for programs: ``GET /api/name`` and ``POST /api/name`` (draw
another)."""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ..pages import pair
from ..site import limits, names
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..views.answers import answer

bp = Blueprint("api_names", __name__, url_prefix="/api")


class NameJson(Struct):
    """This browser's drawn name (an adjective and an animal), shown in paired games."""

    name: Annotated[str, Meta(description="In the request's language, e.g. Quick Otter.")]
    id: Annotated[str, Meta(description="The same in any language, e.g. quick-otter.")]


@bp.get("/name")
def name() -> ResponseReturnValue:
    """This browser's name (drawn now if it had none)."""
    return answer(_json(names.mine()))


@bp.post("/name")
@limits.naming
def draw() -> ResponseReturnValue:
    """Draw another name for this browser, from the same words (not while it waits for an
    opponent: 409)."""
    if pair.waiting_for_one():
        raise ApiError(409, _(names.PROMISED))
    return answer(_json(names.draw_another()))


def _json(drawn: str) -> NameJson:
    """``drawn`` as the API answers it."""
    return NameJson(name=names.shown(drawn), id=drawn)
