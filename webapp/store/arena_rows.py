"""An arena kept as rows, as every backend keeps it: its head (the match store's record of the
arena's id: its settings and tallies, and the version every change raises), one entry per
player, the standings sorted by score, the players waiting to be paired, the games in play
by match id, and the games counted. A change reads only what it concerns and is written whole
or not at all; one that would count a game counted before is refused whole (CountedAgain)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .record import encode

T = TypeVar("T")
# The standings' order: points first, then the join order (the first to join first among
# equals), in one number: points * PLACES + (PLACES - 1 - number); exact in a double.
PLACES = 1 << 20
BEST = 50  # the best players a look shows: a change notes whether it moved them (``floor``)
NUMBER = '"number":-1,'  # an entry not yet numbered, as record.encode writes it (keys sorted)


def score(points: int, number: int) -> float:
    """A player's place in the standings: higher is better."""
    return float(points * PLACES + (PLACES - 1 - number))


def at_least(points: int) -> float:
    """The lowest score of a player with ``points`` or more."""
    return float(points * PLACES)


@dataclass(frozen=True)
class Row:
    """A player's entry as stored: its plain data, its standing's score and whether it waits."""

    browser: str
    data: dict[str, Any]
    score: float
    waiting: bool


@dataclass
class Changes:
    """What a change writes: the head's new data, the changed entries, the games made (match
    id to the players' browsers), the games counted (no longer in play), and the head's
    ``entered`` as read: new players who entered meanwhile (``ArenaRows.enter``) are then no
    conflict (``None``: the change adds players of its own, so any change meanwhile is)."""

    head: dict[str, Any]
    rows: list[Row] = field(default_factory=list)
    made: dict[str, list[str]] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)
    entered: int | None = None


def entry_parts(entry: dict[str, Any]) -> tuple[str, str]:
    """A new player's entry as stored, without its number: the text before it and after it
    (a script puts the number in between as it numbers the player)."""
    text = encode({**entry, "number": -1})
    before, mark, after = text.partition(NUMBER)
    if not mark:
        raise ValueError("an entry without its number")
    return before + '"number":', "," + after


def entered_head(head: dict[str, Any], version: int) -> dict[str, Any]:
    """The head after a new player entered at ``version``, numbered ``head["joined"]`` and
    waiting (what ``ArenaRows.enter`` writes)."""
    moved = {name: int(head.get(name, 0)) + 1 for name in ("entered", "joined", "waiting")}
    best = {"best": version} if int(head.get("joined", 0)) < BEST else {}
    return {**head, **moved, **best}


def back_head(head: dict[str, Any], version: int, waits: bool, shown: bool) -> dict[str, Any]:
    """The head after a player came back at ``version``: one more waiting if it ``waits`` (no
    game in play), and the best moved if it is ``shown`` among them."""
    moved = {"waiting": int(head.get("waiting", 0)) + waits}
    return {**head, **moved, **({"best": version} if shown else {})}


class ArenaReads(Protocol):
    """What a change (or a look) reads of one arena."""

    head: dict[str, Any]  # the head's data as read first
    version: int

    def rows(self, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """The entries of ``browsers`` that joined, by browser."""

    def game(self, match_id: str) -> list[str]:
        """The browsers playing the game ``match_id`` (none once counted)."""

    def waiting(self) -> dict[str, dict[str, Any]]:
        """The entries of the players waiting to be paired, by browser."""

    def floor(self) -> float | None:
        """The score of the BEST-th best player; ``None`` while fewer have joined."""


Step = Callable[[ArenaReads], tuple[Changes | None, T]]


class ArenaRows(Protocol):
    """The arenas' rows, beside the match store that keeps their heads."""

    def change(
        self, arena_id: str, step: Step[T], about: Sequence[str] = (), patience: float = -1.0
    ) -> tuple[T, int]:
        """Run ``step`` on the arena as it is now and write its changes (``None``: none) with
        the next version, atomically: if anything changed meanwhile, ``step`` runs again on
        what is there then. Returns what ``step`` answered and the version after it;
        UnknownArena if the arena has no head; CountedAgain (nothing written) if a game it
        counts was counted before. ``about``: the browsers (or a game's match
        id) whose entries the step reads, which a backend may read with the head.
        ``patience``: seconds to wait for the arena's other changes of this process (a
        backend may run them one at a time) before StoreBusy; negative: the store's own."""

    def enter(self, arena_id: str, entry: dict[str, Any]) -> int:
        """A new player's ``entry`` (no points, no game: waiting), numbered the players
        joined so far, written with the head's tallies (``entered``) and next version in one
        atomic step that never conflicts with a change; or, if its browser paused or
        withdrew, its coming back (free since the entry's ``free_since``), in one such step
        too. The version; 0 if the browser is in it already, or the head has no ``entered``
        tally (an arena of before): then make the join a ``change``. UnknownArena if the
        arena has no head."""

    def reads(self, arena_id: str) -> ArenaReads | None:
        """The arena as it is now, for a look (no lock): ``None`` if it has no head."""

    def entries(self, arena_id: str, browsers: list[str]) -> dict[str, dict[str, Any]]:
        """The entries of ``browsers`` that joined, by browser, read without the head."""

    def top(self, arena_id: str, count: int) -> list[dict[str, Any]]:
        """The entries of the best ``count`` players, best first."""

    def above(self, arena_id: str, points: int) -> int:
        """How many players have more than ``points``."""

    def games(self, arena_id: str) -> dict[str, list[str]]:
        """The games in play: each match id with its players' browsers."""

    def claim(self, arena_id: str, holder: str, seconds: float) -> bool:
        """Whether ``holder`` settles the arena's clocks for the next ``seconds``: it does if
        nobody else holds the arena, or if it holds it already (then for ``seconds`` more).
        The settlers of every worker and server ask before each pass, so that one settles."""

    def sweep(self) -> int:
        """Forget the rows of arenas whose head expired; returns how many."""


class UnknownArena(Exception):
    """No arena is kept under this id."""


class CountedAgain(Exception):
    """A change would count a game into its players' entries that the arena counted before:
    the change is refused whole and nothing of it is written (a game scores once)."""

    def __init__(self, arena_id: str, match_ids: Sequence[str]) -> None:
        super().__init__(f"arena {arena_id}: games counted before: {', '.join(match_ids)}")
        self.arena_id, self.match_ids = arena_id, list(match_ids)


def stepped(
    arena_id: str, reads: ArenaReads | None, step: Step[T]
) -> tuple[Changes | None, T, int]:
    """``step`` applied to the rows read (UnknownArena if the arena has no head): its changes
    (``None``: nothing to write), its answer and the version it read. Both stores' changes."""
    if reads is None:
        raise UnknownArena(arena_id)
    changes, answer = step(reads)
    return changes, answer, reads.version
