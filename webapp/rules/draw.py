"""Online draw offers: offering a draw, once per move, and the answers."""

from __future__ import annotations

from dataclasses import replace

from . import errors
from .actions import Event, Held, Outcome, opponent_of
from .errors import RuleError
from .match import Match
from .termination import Termination

# An offer made since the last move, kept (as an offer's kind, which every move clears) after
# it is withdrawn or declined: a player offers once per move, as for the takeback, so that
# offering and withdrawing over and over cannot flood the other player's board with changes.
SPENT = "drawoffered"


def draw(match: Match, by: Held, accept: bool | None) -> Outcome:
    """Online, while the game goes on: offer a draw (``accept`` None: or accept the other's
    offer), accept the other player's offer only (``True``: the game ends drawn by agreement),
    or decline it, or withdraw one's own (``False``). A move made meanwhile answers it."""
    seat, offered = opponent_of(match, by), match.offered("draw")
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if not match.full:  # nobody to agree with
        raise RuleError(errors.WAITING_FOR_FRIEND)
    theirs = bool(offered) and offered != seat
    if theirs and accept is not False:
        ended = match.ended(Termination.AGREEMENT, "")
        return Outcome(ended, (Event("ended", seat, detail=Termination.AGREEMENT),))
    if accept is False:
        if not offered:
            raise RuleError(errors.NO_DRAW_OFFERED)
        answer = Event("declined" if theirs else "withdrawn", seat, detail="draw")
        return Outcome(match.with_offer("draw", ""), (answer,))
    if offered == seat:
        raise RuleError(errors.OWN_DRAW if accept else errors.DRAW_OFFERED)
    if accept:
        raise RuleError(errors.NO_DRAW_OFFERED)
    if (SPENT, seat) in match.offers:
        raise RuleError(errors.DRAW_ONCE)
    offers = tuple(sorted({*match.with_offer("draw", seat).offers, (SPENT, seat)}))
    return Outcome(replace(match, offers=offers), (Event("offered", seat, detail="draw"),))
