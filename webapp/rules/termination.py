"""How a game ended: one vocabulary for the rules, the records, the API and the pages, as
python-chess's ``Termination``."""

from __future__ import annotations

from enum import StrEnum


class Termination(StrEnum):
    """How a game ended: on the board (a line, a draw) or off it (by a player or the clock)."""

    LINE = "line"  # three in a row
    DRAW = "draw"  # a full board with no line
    RESIGN = "resign"
    TIME = "time"  # the player to move ran out of time (in an arena, even before moving)
    ABORT = "abort"  # called off before each side had moved (by a player, or the clock)
    CLAIM = "claim"  # the win claimed from a player away for 2 minutes
    AGREEMENT = "agreement"  # a draw offered by one player and accepted by the other

    @property
    def stored(self) -> str:
        """The word a match keeps for an ending off the board (``Match.ending``, the API's
        ``online.ending``), as records have kept it since online play began."""
        return _STORED[self]

    @classmethod
    def from_stored(cls, ending: str) -> Termination | None:
        """The ending off the board kept as ``ending`` (``""``: none)."""
        return next((kind for kind, word in _STORED.items() if word == ending), None)


_STORED = {
    Termination.RESIGN: "resigned",
    Termination.ABORT: "aborted",
    Termination.CLAIM: "claimed",
    Termination.TIME: "timed_out",
    Termination.AGREEMENT: "agreed",
}
STORED_ENDINGS = tuple(_STORED.values())  # every ending a match may keep
