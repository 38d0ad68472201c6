"""An offer to the other player of an online game (a takeback, a draw): made once per move,
withdrawn, declined, or refused for why; what accepting one does is its own rule's."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import Refusal
from .actions import Event, Outcome
from .errors import RuleError
from .match import Match


@dataclass(frozen=True)
class Offer:
    """One kind of offer: its name among the match's offers, the kind kept once it is
    answered (a player offers once per move: every move clears it), and its refusals."""

    kind: str
    spent: str
    none_open: Refusal  # an answer to no offer
    own: Refusal  # accepting one's own offer
    made: Refusal  # offering again while one's own is open
    once: Refusal  # offering again before a move


def answer(
    match: Match, seat: str, offer: Offer, accept: bool | None, unable: Refusal | None = None
) -> Outcome:
    """``seat``'s offer of ``offer`` (``accept`` None), or its withdrawal or the decline of
    the other's (``False``); ``unable`` says why ``seat`` cannot offer now, if it cannot. The
    caller applies an accepted offer of the other player's before asking this."""
    offered = match.offered(offer.kind)
    if accept is False:
        if not offered:
            raise RuleError(offer.none_open)
        said = "declined" if offered != seat else "withdrawn"
        return Outcome(match.with_offer(offer.kind, ""), (Event(said, seat, detail=offer.kind),))
    if offered == seat:
        raise RuleError(offer.own if accept else offer.made)
    if accept:
        raise RuleError(offer.none_open)
    if (offer.spent, seat) in match.offers:
        raise RuleError(offer.once)
    if unable is not None:
        raise RuleError(unable)
    offers = tuple(sorted({*match.with_offer(offer.kind, seat).offers, (offer.spent, seat)}))
    return Outcome(replace(match, offers=offers), (Event("offered", seat, detail=offer.kind),))
