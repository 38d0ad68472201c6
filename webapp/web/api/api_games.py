"""Your games for programs: ``GET /api/games`` (paged, newest first, with the record) and
``DELETE /api/games`` (clear them)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, get_args

from flask import Blueprint, request
from flask.typing import ResponseReturnValue
from msgspec import Meta, Struct

from ...engine import N_
from ...store.history import MOST
from ..cycle import matches
from ..cycle.played import history
from ..pages import games
from ..site import browsers
from ..site.errors import ApiError
from ..site.i18n import gettext as _
from ..views.answers import answer
from ..views.schema import Against, EndedBy, Opponent, Result, You

bp = Blueprint("api_games", __name__, url_prefix="/api")
LIMIT = 100  # entries per page at most
MOST_OFFSET = 1_000_000
BAD_NUMBER = N_("The query's %(name)s is not a whole number in the documented range.")


class GameEntryJson(Struct):
    """One finished game: whom it was against, your side (`both` on one device), the result
    (`X`/`O`: who won when you played both sides), how it ended, and when (ISO 8601, UTC)."""

    game: str
    opponent: Opponent
    side: You
    result: Result
    ended_by: EndedBy
    when: str
    practice: bool
    moves: list[str]
    start: str
    arena: Annotated[str | None, Meta(description="The arena that paired it, if any.")] = None


class RecordJson(Struct):
    """Games played, won, drawn and lost against one kind of opponent (a level, or people)."""

    against: Against
    played: int
    won: int
    drawn: int
    lost: int


class GamesJson(Struct):
    """A page of this browser's finished games, newest first, and its record."""

    total: Annotated[int, Meta(ge=0)]
    offset: Annotated[int, Meta(ge=0)]
    limit: Annotated[int, Meta(ge=1, le=LIMIT)]
    games: list[GameEntryJson]
    record: list[RecordJson]


GAMES_QUERY = [
    {"name": name, "in": "query", "required": False, "description": text,
     "schema": {"type": "integer", "minimum": low, "maximum": high}}
    for name, text, low, high in (("offset", "Games to skip (newest first).", 0, MOST_OFFSET),
                                  ("limit", f"Games in the page, at most {LIMIT}.", 1, LIMIT))
]  # fmt: skip


@bp.get("/games")
def listed() -> ResponseReturnValue:
    """A page of this browser's games (``?offset=&limit=``) and its record."""
    offset, limit = _number("offset", 0, 0, MOST_OFFSET), _number("limit", 20, 1, LIMIT)
    matches.current()  # notes the game of this browser's match if it ended since last seen
    browser = browsers.browser_id()
    shown, total = history().page(browser, offset, limit)
    everything, _count = history().page(browser, 0, MOST)
    return answer(GamesJson(total, offset, limit, [_entry(e) for e in shown], _record(everything)))


@bp.delete("/games")
def clear() -> ResponseReturnValue:
    """Forget this browser's games; the answer is the empty list."""
    history().clear(browsers.browser_id())
    return answer(GamesJson(0, 0, 20, [], _record([])))


def _entry(entry: dict[str, Any]) -> GameEntryJson:
    """A stored entry as the API shows it."""
    return GameEntryJson(
        game=entry["game_id"], opponent=entry["opponent"], side=entry["side"],
        result=entry["result"], ended_by=entry["ended_by"],
        when=datetime.fromtimestamp(entry["when"], UTC).isoformat().replace("+00:00", "Z"),
        practice=entry["practice"], moves=entry["moves"], start=entry["start"],
        arena=entry.get("arena") or None,
    )  # fmt: skip


def _record(entries: list[dict[str, Any]]) -> list[RecordJson]:
    """The record by kind of opponent, as the page counts it."""
    rows = zip(get_args(Against), games.record(entries), strict=True)
    return [RecordJson(kind, r.played, r.won, r.drawn, r.lost) for kind, r in rows]


def _number(name: str, default: int, low: int, high: int) -> int:
    """A whole number of the query from ``low`` to ``high``, or ``default`` when absent; a
    400 naming it otherwise."""
    text = request.args.get(name)
    if text is None:
        return default
    if text.isascii() and text.isdigit() and len(text) < 10:
        number = int(text)
        if low <= number <= high:
            return number
    raise ApiError(400, _(BAD_NUMBER, name=name), field=name)
