"""Quick pairing's match: two strangers seated at once, each by their key, sides drawn at
random."""

from __future__ import annotations

from ..engine import Game
from .actions import Event, Outcome, tossed
from .clock import checked
from .errors import RuleError
from .match import PERSON, Match, Seat, other


class MadeAlreadyError(RuleError):
    """The pairing's match is stored already (the other seeker's request made it): it is
    entered, not made again."""


def paired(waiter_key: str, seeker_key: str, clock: int) -> Outcome:
    """A new online match of the seeker who waited (seat 1, holding ``waiter_key``) against
    the one who arrived (seat 2, ``seeker_key``), with ``clock`` seconds per move; the coin
    gives seat 1 X or O."""
    mark = "O" if tossed() else "X"
    seats = (Seat("1", PERSON, mark, waiter_key), Seat("2", PERSON, other(mark), seeker_key))
    match = Match(seats, Game(PERSON, PERSON), clock=checked(clock), paired=True)
    return Outcome(match, (Event("joined", seat="2"), Event("tossed", detail=mark)))
