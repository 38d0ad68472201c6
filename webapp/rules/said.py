"""Quick messages on a match: the fixed phrases, one message said, and their stored form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import N_

# The phrases a player may send, by id; the id is stored, the text made when shown.
PHRASES = {
    "good_luck": N_("Good luck"),
    "well_played": N_("Well played"),
    "thanks": N_("Thanks"),
    "rematch": N_("Rematch?"),
    "oops": N_("Oops"),
}
KEPT = 10  # the match keeps only its latest messages


@dataclass(frozen=True)
class Said:
    """One message: the seat that sent it, the phrase's id and when (seconds since 1970)."""

    seat: str
    phrase: str
    at: float


def dump(said: tuple[Said, ...]) -> list[list[Any]]:
    """The messages as plain lists for a store."""
    return [[item.seat, item.phrase, item.at] for item in said]


def load(raw: Any, seat_ids: tuple[str, ...]) -> tuple[Said, ...] | None:
    """Messages stored by :func:`dump`, or ``None`` if ``raw`` is not such data."""
    if not isinstance(raw, list) or len(raw) > KEPT:
        return None
    said = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 3):
            return None
        seat, phrase, at = item
        if seat not in seat_ids or phrase not in PHRASES:
            return None
        if not isinstance(at, int | float) or isinstance(at, bool) or at < 0:
            return None
        said.append(Said(seat, phrase, float(at)))
    return tuple(said)
