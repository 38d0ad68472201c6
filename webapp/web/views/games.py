"""The list of a browser's finished games: the Structs that are both the JSON of GET /api/games
(and /api/games/<game_id>) and the page's context, which reads their words as properties."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, get_args

import msgspec
from msgspec import Meta, Struct

from ...engine import LEVELS, N_
from ..cycle.matches import Current
from ..site.i18n import gettext as _
from . import grid, review
from .naming import level_word
from .review import ReviewJson
from .schema import Against, CellId, EndedBy, Mark, Opponent, Result, You

LIMIT = 100  # entries per page at most
RESULTS = {
    "won": N_("Won"),
    "lost": N_("Lost"),
    "drawn": N_("Drawn"),
    "aborted": N_("Aborted"),
    "X": N_("X won"),
    "O": N_("O won"),
}
HOW = {
    "line": N_("three in a row"),  # on 3x3; LINES says the longer lines of the larger boards
    "draw": N_("full board"),
    "resign": N_("resignation"),
    "time": N_("time"),
    "abort": N_("aborted"),
    "claim": N_("win claimed"),
    "agreement": N_("draw agreed"),
}
LINES = {25: N_("four in a row"), 49: N_("five in a row")}  # by the start's count of cells


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

    @property
    def opponent_name(self) -> str:
        """Whom it was played against, in the page's language."""
        return opponent_name(self.opponent)

    @property
    def side_name(self) -> str:
        """The viewer's side as the page says it."""
        return _("both") if self.side == "both" else self.side

    @property
    def result_words(self) -> str:
        """The result in the page's language."""
        return _(RESULTS[self.result])

    @property
    def ended_by_words(self) -> str:
        """How it ended, in the page's language: a line as long as its board's."""
        if self.ended_by == "line" and len(self.start) in LINES:
            return _(LINES[len(self.start)])
        return _(HOW[self.ended_by])

    @property
    def shown_when(self) -> str:
        """When it ended, as the page shows it: ``2026-05-01 14:05 UTC``."""
        return f"{self.when[:10]} {self.when[11:16]} UTC"


class RecordJson(Struct):
    """Games played, won, drawn and lost against one kind of opponent (a level, or people)."""

    against: Against
    played: int
    won: int
    drawn: int
    lost: int

    @property
    def name(self) -> str:
        """The kind of opponent, as the page names it."""
        return _("People") if self.against == "people" else opponent_name(self.against)


class GamesJson(Struct):
    """A page of this browser's finished games, newest first, and its record."""

    total: Annotated[int, Meta(ge=0)]
    offset: Annotated[int, Meta(ge=0)]
    limit: Annotated[int, Meta(ge=1, le=LIMIT)]
    games: list[GameEntryJson]
    record: list[RecordJson]

    @property
    def page(self) -> int:
        """The page's number, from 1."""
        return self.offset // self.limit + 1

    @property
    def pages(self) -> int:
        """How many pages the list fills, at least 1."""
        return max(1, (self.total + self.limit - 1) // self.limit)


def entry_json(entry: dict[str, Any]) -> GameEntryJson | None:
    """A stored entry as the API shows it, or ``None`` for one not of the documented shape
    (an older or damaged entry is left out rather than failing the whole list)."""
    try:
        when = datetime.fromtimestamp(entry["when"], UTC).isoformat().replace("+00:00", "Z")
        fields = {key: entry[name] for name, key in _FIELDS}
        return msgspec.convert(
            {**fields, "when": when, "arena": entry.get("arena") or None}, GameEntryJson
        )
    except (KeyError, TypeError, ValueError, OverflowError, OSError, msgspec.ValidationError):
        return None


# The stored entry's names (rules/records.py) of the listed game's fields.
_FIELDS = (
    ("game_id", "game"),
    ("opponent", "opponent"),
    ("side", "side"),
    ("result", "result"),
    ("ended_by", "ended_by"),
    ("practice", "practice"),
    ("moves", "moves"),
    ("start", "start"),
)


def record_json(entries: list[dict[str, Any]]) -> list[RecordJson]:
    """The record against each computer level and against people; practice games (from a
    chosen position) and aborted ones do not count."""
    groups = {level: level for level in LEVELS} | {"friend": "people", "someone": "people"}
    counts: dict[str, list[int]] = {group: [0, 0, 0, 0] for group in get_args(Against)}
    for entry in entries:
        group = groups.get(entry.get("opponent", ""))
        result = entry.get("result")
        if group is None or entry.get("practice") or result not in ("won", "drawn", "lost"):
            continue
        counts[group][0] += 1
        counts[group][("won", "drawn", "lost").index(result) + 1] += 1
    return [RecordJson(group, *counts[group]) for group in get_args(Against)]


class PlayedJson(Struct):
    """One move of the list: its number (the ply after it), the mark that played it, the cell."""

    ply: Annotated[int, Meta(ge=1)]
    by: Mark
    cell: CellId


class GameReplayJson(Struct):
    """A listed game as its page shows it: the entry, its moves and its review."""

    game: GameEntryJson
    moves: list[PlayedJson]
    review: ReviewJson


def replay_json(entry: dict[str, Any], current: Current) -> GameReplayJson:
    """The listed game of ``entry``, replayed as ``current``, as the API shows it."""
    moves = [
        PlayedJson(move.number, move.mark, move.cell) for move in grid.moves(current.match.game)
    ]
    listed = entry_json(entry)
    if listed is None:
        raise ValueError("an entry not of the documented shape")
    return GameReplayJson(listed, moves, review.build(current))
