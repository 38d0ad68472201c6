"""A match's parts: its two seats, and the score kept by seat."""

from __future__ import annotations

from dataclasses import dataclass, field

PERSON = "user"  # the kind of a seat played by a person; the other kinds are computer levels
SEAT_IDS = ("1", "2")  # seat 1 made the match; online, seat 2 is the invited player's


@dataclass(frozen=True)
class Seat:
    """One side of a match. ``kind`` is a person or a computer level; ``mark`` is what it
    plays in the current game. ``key`` is the secret of the browser holding it when the
    match is played from several browsers; a person's seat with no key is held by the one
    browser the match belongs to (hot-seat, against the computer), unless an invite is out
    for it. ``name`` is the drawn name (rules/names.py) of the person seated, where one is
    shown (quick pairing, arenas); ``""`` elsewhere."""

    id: str
    kind: str
    mark: str
    key: str = ""
    name: str = ""

    @property
    def is_person(self) -> bool:
        """Whether a person plays this seat."""
        return self.kind == PERSON


@dataclass(frozen=True)
class Score:
    """Games won by each seat (by seat id) and drawn; names never enter it."""

    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SEAT_IDS, 0))
    draws: int = 0

    def counted(self, seat: str | None, step: int) -> Score:
        """This score with ``step`` (1, or -1 to take a result back) added to ``seat``'s wins,
        or to the draws when ``seat`` is ``None``; counts never go below zero."""
        if seat is None:
            return Score(dict(self.wins), max(0, self.draws + step))
        return Score({**self.wins, seat: max(0, self.wins.get(seat, 0) + step)}, self.draws)
