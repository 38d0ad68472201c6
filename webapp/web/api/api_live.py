"""The games being played now, for programs: ``GET /api/live``."""

from __future__ import annotations

from typing import Annotated

from flask import Blueprint, url_for
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ..pages.live_games import now_playing
from ..views.answers import answer, clock_json
from ..views.schema import ClockJson

bp = Blueprint("api_live", __name__, url_prefix="/api")


class LiveGameJson(Struct):
    """A game being played now by strangers met by quick pairing: anyone may watch it."""

    match: str
    watch: Annotated[str, Meta(description="The link that shows the board live, to watch.")]
    names: Annotated[dict[str, str], Meta(description="The player of X and of O, by name.")]
    board: Annotated[str, Meta(description="The position: 9 characters, X, O or _ per cell.")]
    clock: ClockJson | None


@bp.get("/live")
def games() -> ResponseReturnValue:
    """The games being played now, the latest changed first."""
    return answer([
        LiveGameJson(
            game.match_id, url_for("board.watch", match_id=game.match_id, _external=True),
            game.names, game.board.to_string(), clock_json(game.match),
        )
        for game in now_playing()
    ])  # fmt: skip
