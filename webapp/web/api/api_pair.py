"""Quick pairing for programs: ``GET /api/pair`` says where the seeker stands, and how the
API answers it (seeking and stopping are rows of the entry table)."""

from __future__ import annotations

from flask import Blueprint, current_app
from flask.typing import ResponseReturnValue

from ...store.pairing import Seek
from ..cycle import matches
from ..pages import pair
from ..views.answers import answer, game_json
from ..views.schema import PairJson

bp = Blueprint("api_pair", __name__, url_prefix="/api")


@bp.get("/pair")
def poll() -> ResponseReturnValue:
    """Where this session stands: waiting, paired (with its match), or idle."""
    return answer(pair_json(*pair.poll()))


def pair_json(sought: Seek | None, made: matches.Current | None) -> PairJson:
    """Where the seeker stands, as the API says it."""
    if made is not None:
        return PairJson(state="paired", game=game_json(made))
    if sought is None:
        return PairJson(state="idle")
    waited = int(pair.waited(sought))
    patience = int(current_app.config["PAIR_PATIENCE"])
    return PairJson(state="waiting", waited=waited, offer_computer=waited >= patience)
