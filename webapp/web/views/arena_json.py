"""An arena as programs see it: the JSON of GET /api/arenas/<id>, of the list and of the
arena made, and the link of its page."""

from __future__ import annotations

from typing import Annotated, Literal

from flask import url_for
from msgspec import Meta, Struct

from .operations import parameter

ARENA_PATH = [parameter("arena_id", "path", "The arena's id, the last part of its link.")]
NO_ARENA = "There is no arena with this id."


class ArenaMadeJson(Struct):
    """The arena made: its id and the link of its page."""

    id: str
    link: str


class StandingJson(Struct, frozen=True):
    """One row of the standings: points 2 a win, 1 a draw, doubled on a streak."""

    rank: int
    name: str
    points: int
    games: int
    streak: Annotated[int, Meta(description="Wins in a row: from 2, a win or draw counts double.")]
    you: bool
    playing: Annotated[bool, Meta(description="In a game of the arena now.")]
    paused: Annotated[bool, Meta(description="Paused (or paused for missing a first move).")]
    withdrawn: Annotated[bool, Meta(description="Withdrew from the arena: their points stay.")]


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


def link(arena_id: str) -> str:
    """The arena page's address."""
    return url_for("arenas.page", arena_id=arena_id, _external=True)
