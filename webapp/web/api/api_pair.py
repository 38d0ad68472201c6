"""Quick pairing for programs: ``POST /api/pair`` seeks an opponent, ``GET /api/pair`` says
where the seeker stands, ``DELETE /api/pair`` stops waiting."""

from __future__ import annotations

from flask import Blueprint, current_app
from flask.typing import ResponseReturnValue

from ...rules import RuleError, errors
from ...store.pairing import Seek
from ..cycle import matches
from ..pages import pair
from ..site import limits
from .api_answers import answer, game_json
from .api_types import PairJson

bp = Blueprint("api_pair", __name__, url_prefix="/api")


@bp.post("/pair")
@limits.creating
def seek() -> ResponseReturnValue:
    """Seek an opponent: paired at once with one who waits, else waiting."""
    return answer(_pair_json(*pair.seek()))


@bp.get("/pair")
def poll() -> ResponseReturnValue:
    """Where this session stands: waiting, paired (with its match), or idle."""
    return answer(_pair_json(*pair.poll()))


@bp.delete("/pair")
def cancel() -> ResponseReturnValue:
    """Stop waiting; a 409 when this session was not waiting. An opponent who met it first
    wins: ``paired``, with its match."""
    waiting, made = pair.stop()
    if made is not None:
        return answer(_pair_json(None, made))
    if not waiting:
        raise RuleError(errors.NOT_SEEKING)
    return answer(PairJson(state="idle"))


def _pair_json(sought: Seek | None, made: matches.Current | None) -> PairJson:
    """Where the seeker stands, as the API says it."""
    if made is not None:
        return PairJson(state="paired", game=game_json(made))
    if sought is None:
        return PairJson(state="idle")
    waited = int(pair.waited(sought))
    patience = int(current_app.config["PAIR_PATIENCE"])
    return PairJson(state="waiting", waited=waited, offer_computer=waited >= patience)
