"""An arena as programs see it: the JSON of GET /api/arenas/<id> and of the list, the body
that makes one, and the operations of its routes."""

from __future__ import annotations

from typing import Annotated, Literal

from flask import url_for
from msgspec import Meta, Struct

from ...engine import N_
from .operations import Operation, parameter
from .schema import BoardName

ARENA_PATH = [parameter("arena_id", "path", "The arena's id, the last part of its link.")]
NO_ARENA = "There is no arena with this id."
WEEK = 7 * 86400
Seconds = Annotated[int, Meta(ge=1, le=WEEK)]
# Each field's range, which a refusal names (msgspec's own words are not the player's).
RANGES = {"length": (1, WEEK), "clock": (1, WEEK), "starts_in": (0, WEEK)}
OUT_OF_RANGE = N_("The field %(name)s must be a whole number of seconds from %(low)d to %(high)d.")
ONLY_PRIVATE = N_(
    "An arena you make is private: only its link reaches it. The site's own arenas are the "
    "public ones."
)


class ArenaBody(Struct, kw_only=True):
    """A new arena: its length and time per move, in seconds from 1, and when it starts. It is
    private (only its link reaches it): the public arenas are the site's own."""

    length: Seconds
    clock: Seconds
    starts_in: Annotated[int, Meta(ge=0, le=WEEK)] = 0
    private: Annotated[
        Literal[True], Meta(description="Only true: an arena a player makes is private.")
    ] = True
    board: Annotated[BoardName, Meta(description="Every game's board: 5x5 wins with four.")] = "3x3"


class ArenaMadeJson(Struct):
    """The arena made: its id and the link of its page."""

    id: str
    link: str


class StandingJson(Struct):
    """One row of the standings: points 2 a win, 1 a draw, doubled on a streak."""

    rank: int
    name: str
    points: int
    games: int
    streak: Annotated[int, Meta(description="Wins in a row: from 2, a win or draw counts double.")]
    you: bool
    playing: Annotated[bool, Meta(description="In a game of the arena now.")]
    paused: Annotated[
        bool, Meta(description="Paused or withdrawn (or paused for missing a first move).")
    ]


class ArenaYouJson(Struct):
    """This browser in the arena: in it (not withdrawn), paused, and its points."""

    joined: bool
    paused: bool
    points: int
    playing: Annotated[bool, Meta(description="In a game now: GET /api/game shows it.")]


class ArenaJson(Struct):
    """An arena: its state, start and end (ISO 8601, UTC), length and clock in seconds, its
    standings, and this browser's place (null if it never joined)."""

    id: str
    link: str
    state: Literal["coming", "running", "over"]
    starts: str
    ends: str
    length: int
    clock: int
    private: bool
    size: Annotated[int, Meta(description="Its games' board: 3, 5 or 7 cells a side.")]
    standings: Annotated[
        list[StandingJson],
        Meta(description="The best players (the first 50) and this browser's row after them."),
    ]
    you: ArenaYouJson | None
    players: Annotated[int, Meta(description="Players who joined.")] = 0
    playing: Annotated[int, Meta(description="Players in a game now.")] = 0
    waiting: Annotated[int, Meta(description="Players free to be paired now.")] = 0
    games: Annotated[int, Meta(description="Games counted so far.")] = 0


MADE = Operation(
    "Make an arena: a timed tournament that pairs its waiting players again and again (any "
    "length and clock from 1 s).",
    {429: "Too many new games or arenas from this address in a short time."},
    body=ArenaBody,
    answer=ArenaMadeJson,
    answered="Its id and link.",
)
LISTED = Operation(
    "The public arenas coming or running, the soonest first (the site always has one coming).",
    answer=list[ArenaJson],
    answered="The arenas.",
)
ONE = Operation(
    "An arena: its state, times, standings and this browser's place.",
    {404: NO_ARENA},
    answer=ArenaJson,
    answered="The arena.",
    query=ARENA_PATH,
)


def link(arena_id: str) -> str:
    """The arena page's address."""
    return url_for("arenas.page", arena_id=arena_id, _external=True)
