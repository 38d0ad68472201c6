"""Online draw offers: offering a draw, once per move, and the answers."""

from __future__ import annotations

from ..engine import N_, Refusal
from . import errors
from .actions import Event, Held, Outcome, opponent_of
from .errors import RuleError
from .match import Match
from .offers import Offer, answer
from .termination import Termination

# An offer made since the last move, kept (as an offer's kind, which every move clears) after
# it is withdrawn or declined: a player offers once per move, as for the takeback, so that
# offering and withdrawing over and over cannot flood the other player's board with changes.
SPENT = "drawoffered"
DRAW_OFFERED = Refusal(
    "draw_offered", N_("You have offered a draw: waiting for the other player to answer.")
)
NO_DRAW_OFFERED = Refusal("no_draw_offered", N_("Nobody has offered a draw."))
OWN_DRAW = Refusal("own_draw", N_("You offered the draw: only the other player can accept it."))
DRAW_ONCE = Refusal(
    "draw_once", N_("You have offered a draw since the last move: offer again after a move.")
)
DRAW = Offer("draw", SPENT, NO_DRAW_OFFERED, OWN_DRAW, DRAW_OFFERED, DRAW_ONCE)


def draw(match: Match, by: Held, accept: bool | None) -> Outcome:
    """Online, while the game goes on: offer a draw (``accept`` None: or accept the other's
    offer), accept the other player's offer only (``True``: the game ends drawn by agreement),
    or decline it, or withdraw one's own (``False``). A move made meanwhile answers it."""
    seat, offered = opponent_of(match, by), match.offered("draw")
    if match.is_over:
        raise RuleError(errors.GAME_ENDED)
    if not match.full:  # nobody to agree with
        raise RuleError(errors.WAITING_FOR_FRIEND)
    if offered and offered != seat and accept is not False:
        ended = match.ended(Termination.AGREEMENT, "")
        return Outcome(ended, (Event("ended", seat, detail=Termination.AGREEMENT),))
    return answer(match, seat, DRAW, accept)
