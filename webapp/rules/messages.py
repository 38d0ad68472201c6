"""The quick messages' actions: a player sends a fixed phrase, or mutes the other's."""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .actions import LEFT, Event, Held, Outcome
from .errors import RuleError
from .match import Match
from .said import KEPT, PHRASES, Said

PER_MINUTE = 5  # messages one player may send in any 60 seconds
REMATCH = "rematch"  # the phrase that asks for a rematch


def message(match: Match, by: Held, phrase: str, at: float) -> Outcome:
    """The acting player says ``phrase`` (an id of PHRASES) to the other, at the time ``at``
    (seconds since 1970)."""
    seat = _player(match, by)
    if phrase not in PHRASES:
        raise RuleError(errors.UNKNOWN_PHRASE)
    if seat in match.muted:
        raise RuleError(errors.MUTED)
    if phrase == REMATCH and gone(match):  # no rematch is played with a player who left
        raise RuleError(
            (errors.YOU_LEFT if seat in gone(match) else errors.OPPONENT_LEFT)[match.paired]
        )
    recent = [item for item in match.said if item.seat == seat and at - item.at < 60]
    if len(recent) >= PER_MINUTE:
        raise RuleError(errors.TOO_MANY_MESSAGES)
    said = (*match.said, Said(seat, phrase, at))[-KEPT:]
    return Outcome(replace(match, said=said), (Event("said", seat=seat, detail=phrase),))


def gone(match: Match) -> frozenset[str]:
    """The seats whose players left the finished game for another match."""
    return frozenset(seat for kind, seat in match.offers if kind == LEFT)


def mute(match: Match, by: Held, muted: bool) -> Outcome:
    """The acting player hides (``muted``) or shows again the other player's messages."""
    seat = _player(match, by)
    seats = match.muted | {seat} if muted else match.muted - {seat}
    return Outcome(replace(match, muted=seats), (Event("muted", seat=seat, detail=str(muted)),))


def _player(match: Match, by: Held) -> str:
    """The seat of the acting player of an online match."""
    if not match.online:
        raise RuleError(errors.NOT_ONLINE)
    held = sorted(by & match.people)
    if len(held) != 1:
        raise RuleError(errors.SPECTATOR_MESSAGE)
    return held[0]
