"""The list of a browser's finished games as it shows them: the page's rows in the viewer's
words, and the JSON of GET /api/games."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any, get_args

from msgspec import Meta, Struct

from ...engine import LEVELS, N_
from ..site.i18n import gettext as _
from .naming import level_word
from .operations import parameter
from .schema import Against, EndedBy, Opponent, Result, You

PER_PAGE = 20
LIMIT = 100  # entries per page at most
MOST_OFFSET = 1_000_000
RESULTS = {
    "won": N_("Won"),
    "lost": N_("Lost"),
    "drawn": N_("Drawn"),
    "aborted": N_("Aborted"),
    "X": N_("X won"),
    "O": N_("O won"),
}
HOW = {
    "line": N_("three in a row"),
    "draw": N_("full board"),
    "resign": N_("resignation"),
    "time": N_("time"),
    "abort": N_("aborted"),
    "claim": N_("win claimed"),
}


@dataclass(frozen=True)
class GameRow:
    """One game of the list, in the viewer's words."""

    game_id: str
    opponent: str
    side: str
    result: str
    ended_by: str
    when: str


@dataclass(frozen=True)
class RecordRow:
    """Games played, won, drawn and lost against one kind of opponent."""

    against: str
    played: int
    won: int
    drawn: int
    lost: int


def opponent_name(kind: str) -> str:
    """Whom a game was played against, in the page's language."""
    if kind in LEVELS:
        return _("Computer (%(level)s)", level=level_word(kind))
    names = {
        "friend": _("A friend"),
        "someone": _("Someone online"),
        "self": _("Two players on this device"),
        "computers": _("Computer against computer"),
    }
    return names.get(kind, kind)


def row(entry: dict[str, Any]) -> GameRow:
    """A listed game as the page shows it."""
    when = datetime.fromtimestamp(float(entry.get("when", 0)), UTC)
    side = entry.get("side", "")
    result, how = RESULTS.get(str(entry.get("result")), ""), HOW.get(str(entry.get("ended_by")), "")
    return GameRow(
        game_id=str(entry.get("game_id", "")),
        opponent=opponent_name(str(entry.get("opponent", ""))),
        side=_("both") if side == "both" else str(side),
        result=_(result) if result else "",
        ended_by=_(how) if how else "",
        when=when.strftime("%Y-%m-%d %H:%M UTC"),
    )


def record(entries: list[dict[str, Any]]) -> tuple[RecordRow, ...]:
    """The record against each computer level and against people; practice games (from a
    chosen position) and aborted ones do not count."""
    groups = {level: level for level in LEVELS} | {"friend": "people", "someone": "people"}
    counts: dict[str, list[int]] = {group: [0, 0, 0, 0] for group in (*LEVELS, "people")}
    for entry in entries:
        group = groups.get(entry.get("opponent", ""))
        result = entry.get("result")
        if group is None or entry.get("practice") or result not in ("won", "drawn", "lost"):
            continue
        counts[group][0] += 1
        counts[group][("won", "drawn", "lost").index(result) + 1] += 1
    names = {level: opponent_name(level) for level in LEVELS} | {"people": _("People")}
    return tuple(RecordRow(names[group], *figures) for group, figures in counts.items())


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
    parameter(
        "offset",
        "query",
        "Games to skip (newest first).",
        type="integer",
        minimum=0,
        maximum=MOST_OFFSET,
    ),
    parameter(
        "limit",
        "query",
        f"Games in the page, at most {LIMIT}.",
        type="integer",
        minimum=1,
        maximum=LIMIT,
    ),
]


def entry_json(entry: dict[str, Any]) -> GameEntryJson:
    """A stored entry as the API shows it."""
    return GameEntryJson(
        game=entry["game_id"],
        opponent=entry["opponent"],
        side=entry["side"],
        result=entry["result"],
        ended_by=entry["ended_by"],
        when=datetime.fromtimestamp(entry["when"], UTC).isoformat().replace("+00:00", "Z"),
        practice=entry["practice"],
        moves=entry["moves"],
        start=entry["start"],
        arena=entry.get("arena") or None,
    )


def record_json(entries: list[dict[str, Any]]) -> list[RecordJson]:
    """The record by kind of opponent, as the page counts it."""
    rows = zip(get_args(Against), record(entries), strict=True)
    return [RecordJson(kind, r.played, r.won, r.drawn, r.lost) for kind, r in rows]
